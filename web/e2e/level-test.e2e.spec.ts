import { questionBank } from "@el/domain/placement/question-bank";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type Product, screenshots, signedUpStudent, startProduct } from "./harness";
import { signInThroughDialog } from "./sign-in";

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });

/** The right option of the question on screen, found by its prompt (each prompt is the bank's only one). */
const rightAnswerOf = (prompt: string) => {
  const question = questionBank.find((candidate) => candidate.prompt === prompt.trim());
  if (!question) throw new Error(`no question of the bank reads "${prompt}"`);
  return question.answer;
};

describe("the level test in the browser", () => {
  it("a new student follows the home's invitation, answers 20 questions with the keyboard only, and is placed at Avançado", async () => {
    const shot = screenshots("level-test");
    await signedUpStudent(product, {
      email: "helena@example.com",
      password: "aprender123",
      firstName: "Helena",
      lastName: "Prado",
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
    const page = await context.newPage();
    await signInThroughDialog(page, product, { email: "helena@example.com", password: "aprender123" });
    await waitForPath(page, "/student");

    await page.getByRole("link", { name: "Fazer o teste de nível" }).click();
    await waitForPath(page, "/student/teste-de-nivel");
    await page.getByRole("button", { name: "Começar o teste" }).click();

    for (let number = 1; number <= 20; number++) {
      await page.getByText(`Questão ${number} de 20`).waitFor();
      const heading = page.getByRole("heading", { level: 2 });
      const right = rightAnswerOf(await heading.innerText());
      // The question's heading has the focus: Tab reaches the options, arrows choose, Enter sends.
      await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Space");
      for (let step = 0; step < right; step++) await page.keyboard.press("ArrowDown");
      if (number === 1) await shot(page, "first-question");
      await page.keyboard.press("Enter");
    }

    await page.getByText("Seu nível: Avançado").waitFor();
    await page.getByText(/Você acertou 20 de 20 questões/).waitFor();
    await page.getByText(/seu nível é Avançado/).waitFor();
    await page.getByText(/Você poderá refazer o teste a partir de/).waitFor();
    await shot(page, "result");

    const token = await product.login("helena@example.com", "aprender123");
    const account = await product.api<{ level: number }>("GET", "/api/account", { token });
    expect(account.body.level).toBe(4);

    await page.getByRole("link", { name: "Ver as Trilhas de Ensino" }).click();
    await waitForPath(page, "/student/trilhas");
    await context.close();
  });
});
