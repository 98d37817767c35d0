import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, launchBrowser, type Product, screenshots, startProduct } from "./harness";
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

/** A fresh visitor: own storage, a desktop-sized window. */
const visitor = async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
  return context.newPage();
};

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });

/** Waits for a text; when it never shows, fails with what the page showed instead (a CI run once timed out here). */
const showsText = async (page: Page, text: RegExp) => {
  try {
    await page.getByText(text).waitFor();
  } catch (error) {
    const shown = (await page.locator("body").innerText()).slice(0, 1_000);
    throw new Error(`${text} never showed at ${page.url()}; the page showed:\n${shown}`, { cause: error });
  }
};

const signIn = (page: Page, email: string, password: string) => signInThroughDialog(page, product, { email, password });

describe("accounts in the browser", () => {
  it("a student signs up in two steps and lands on /student", async () => {
    const shot = screenshots("student-sign-up");
    const page = await visitor();
    await page.goto(`${product.baseUrl}/registro/aluno`);
    await page.getByLabel("Nome", { exact: true }).fill("Beatriz");
    await page.getByLabel("Sobrenome").fill("Almeida");
    await page.getByLabel("E-mail").fill("beatriz@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("aprender123");
    await page.getByLabel("Confirme a senha").fill("aprender123");
    await shot(page, "step-one");
    await page.getByRole("button", { name: "Continuar" }).click();

    await waitForPath(page, "/registro/finalizar");
    await expect.poll(() => page.getByRole("heading", { name: "Quase lá, Beatriz!" }).isVisible()).toBe(true);
    await page.getByLabel("Telefone").pressSequentially("11987654321");
    expect(await page.getByLabel("Telefone").inputValue()).toBe("(11)98765-4321");
    await page.getByLabel("Nível de inglês").selectOption({ label: "Intermediário" });
    await page.getByLabel("Objetivo").selectOption({ label: "Viagem" });
    await page.getByLabel("Como nos conheceu?").selectOption({ label: "Instagram" });
    await shot(page, "step-two");
    await page.getByRole("button", { name: "Finalizar cadastro" }).click();

    await waitForPath(page, "/student");
    await shot(page, "student-area");
    const token = await product.login("beatriz@example.com", "aprender123");
    const account = await product.api<{ firstName: string; level: number; balance: number; authorities: string[] }>(
      "GET",
      "/api/account",
      { token },
    );
    expect(account.body).toMatchObject({ firstName: "Beatriz", level: 2, balance: 0 });
    expect(account.body.authorities).toContain("ROLE_STUDENT");
    await page.context().close();
  });

  it("a teacher applies, cannot sign in until an administrator accepts, then lands on /teacher", async () => {
    const shot = screenshots("teacher-acceptance");
    const teacher = await visitor();
    await teacher.goto(`${product.baseUrl}/registro/professor`);
    await teacher.getByLabel("Nome").fill("Carlos Mendes");
    await teacher.getByLabel("E-mail").fill("carlos@example.com");
    await teacher.getByLabel("Telefone").pressSequentially("21912345678");
    await teacher.getByLabel("Senha", { exact: true }).fill("ensinar123");
    await teacher.getByLabel("Confirme a senha").fill("ensinar123");
    await teacher.getByLabel("Experiência").fill("Oito anos de aulas para executivos; certificado CELTA.");
    await teacher.getByRole("button", { name: "Enviar candidatura" }).click();
    await teacher.getByText(/assim que um administrador aceitar/).waitFor();
    expect(await teacher.getByLabel("Experiência").count()).toBe(0);
    await shot(teacher, "applied");

    await signIn(teacher, "carlos@example.com", "ensinar123");
    await teacher.getByText(/Sua candidatura de professor está em análise/).waitFor();
    expect(new URL(teacher.url()).pathname).toBe("/login");
    await shot(teacher, "refused-before-acceptance");

    const admin = await visitor();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await waitForPath(admin, "/gerencia");
    // The header's public directory is also "Professores": the back office's list is in its own menu.
    await admin
      .getByRole("navigation", { name: "Gerência" })
      .getByRole("link", { name: "Professores", exact: true })
      .click();
    await waitForPath(admin, "/gerencia/professor");
    await admin.getByRole("searchbox").fill("carlos");
    const row = admin.getByRole("row").filter({ hasText: "Carlos Mendes" });
    await row.getByRole("button", { name: "Aguardando aprovação" }).click();
    await row.getByRole("button", { name: "Ativado" }).waitFor();
    await shot(admin, "accepted");
    await admin.context().close();

    await signIn(teacher, "carlos@example.com", "ensinar123");
    await waitForPath(teacher, "/teacher");
    await shot(teacher, "teacher-area");
    await teacher.context().close();
  });

  it("a user resets a forgotten password through the e-mailed link", async () => {
    const shot = screenshots("password-reset");
    // Its own address each try, so a second try (vitest's retry) registers anew.
    const email = `davi-${Date.now()}@example.com`;
    const registered = await product.api("POST", "/api/register", {
      body: {
        student: true,
        firstName: "Davi",
        lastName: "Rocha",
        email,
        password: "esqueci123",
        phone: "(31)99876-5432",
        level: 1,
        objective: "PROFESSIONAL",
        seen: "FRIENDS",
      },
    });
    expect(registered.status).toBe(201);
    const mailsBefore = product.outbox().length;

    const page = await visitor();
    await signIn(page, email, "senha-errada");
    await page.getByText("Falha ao entrar!", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
    await waitForPath(page, "/account/reset/request");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Recuperar senha" }).click();
    await showsText(page, /Verifique seu e-mail/);
    await shot(page, "requested");

    // The welcome e-mail may land after the count above: look for the reset link among the mails since.
    const resetLink = () =>
      product
        .outbox()
        .slice(mailsBefore)
        .map((mail) => mail.match(/https?:\/\/\S+\/account\/reset\/finish\?key=[^\s"<]+/)?.[0])
        .find((found) => found !== undefined);
    await expect.poll(resetLink, { timeout: 10_000 }).toBeDefined();
    const link = resetLink();
    await page.goto(link as string);
    await page.getByLabel("Nova senha", { exact: true }).fill("Lembrei#2026");
    expect(await page.getByRole("meter").getAttribute("aria-valuenow")).toBe("5");
    await page.getByLabel("Confirme a nova senha").fill("Lembrei#2026");
    await shot(page, "new-password");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await waitForPath(page, "/");

    await signIn(page, email, "Lembrei#2026");
    await waitForPath(page, "/student");
    await shot(page, "signed-in-with-new-password");

    await page.goto(link as string);
    await page.getByLabel("Nova senha", { exact: true }).fill("Outra#Senha1");
    await page.getByLabel("Confirme a nova senha").fill("Outra#Senha1");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText(/Este link de recuperação não é mais válido/).waitFor();
    await shot(page, "used-link-refused");
    await page.context().close();
  });
});
