import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../backend/test/fake-identity-provider";
import { ADMIN, expectStatus, launchBrowser, type Product, screenshots, startProduct } from "./harness";

let idp: MockIdentityProvider;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  idp = await startMockIdentityProvider();
  product = await startProduct(idp.env);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await idp?.stop();
});

const visitor = async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
  return context.newPage();
};
const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });

describe("signing in with Google in the browser, against a local identity provider", () => {
  it("a new person signs up through Google, finishes the sign-up without a password, and is signed in when back", async () => {
    const shot = screenshots("social-sign-in");
    idp.signInAs({ subject: "google-108", email: "carla@example.com", firstName: "Carla", lastName: "Dias" });
    const page = await visitor();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByRole("link", { name: "Entrar com Google" }).click();

    await waitForPath(page, "/registro/finalizar");
    await page.getByRole("heading", { name: "Quase lá, Carla!" }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel("E-mail").inputValue()).toBe("carla@example.com");
    expect(await page.getByLabel("Sobrenome").inputValue()).toBe("Dias");
    expect(await page.getByLabel("Senha", { exact: true }).count()).toBe(0);
    await page.getByLabel("Telefone").pressSequentially("11987654321");
    await page.getByLabel("Nível de inglês").selectOption({ label: "Intermediário" });
    await page.getByLabel("Como nos conheceu?").selectOption({ label: "Facebook" });
    await shot(page, "finish");
    await page.getByRole("button", { name: "Finalizar cadastro" }).click();
    await waitForPath(page, "/student");

    // Another browser, the same Google account: straight in.
    const again = await visitor();
    await again.goto(`${product.baseUrl}/registro/aluno`);
    await again.getByRole("link", { name: "Entrar com Google" }).click();
    await waitForPath(again, "/student");
    await shot(again, "back");
  });

  it("a teacher applies through Google, is told the application is under review, and is signed in by Google once approved", async () => {
    const shot = screenshots("social-teacher-sign-up");
    const renata = { subject: "google-215", email: "renata@example.com", firstName: "Renata", lastName: "Alves" };
    idp.signInAs(renata);
    const page = await visitor();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByRole("link", { name: "Entrar com Google" }).click();
    await waitForPath(page, "/registro/finalizar");
    await page.getByRole("radio", { name: "Dar aulas de inglês" }).check({ timeout: 30_000 });
    expect(await page.getByLabel("E-mail").inputValue()).toBe("renata@example.com");
    await page.getByLabel("Telefone").pressSequentially("11987654321");
    await page.getByLabel("Experiência").fill("Nove anos preparando alunos para entrevistas de emprego");
    await shot(page, "application");
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    await page.getByText("Cadastro recebido!", { exact: false }).waitFor({ timeout: 20_000 });

    // Back at Google before the review: not signed in, and told why.
    idp.signInAs(renata);
    const early = await visitor();
    await early.goto(`${product.baseUrl}/login`);
    await early.getByRole("link", { name: "Entrar com Google" }).click();
    await early
      .getByText("Sua candidatura de professor está em análise.", { exact: false })
      .waitFor({ timeout: 20_000 });
    await shot(early, "under-review");

    // The administrator finds it in the review queue (/gerencia/candidaturas reads this list) and approves it.
    const admin = await product.login(ADMIN.email, ADMIN.password);
    const queue = await product.api<{ id: number; email: string; experience: string | null }[]>(
      "GET",
      "/api/teacher-applications",
      { token: admin },
    );
    const application = queue.body.find((one) => one.email === renata.email);
    expect(application?.experience).toBe("Nove anos preparando alunos para entrevistas de emprego");
    expectStatus(
      await product.api("POST", `/api/teacher-applications/${application?.id}/approve`, { token: admin }),
      204,
    );

    idp.signInAs(renata);
    const approved = await visitor();
    await approved.goto(`${product.baseUrl}/login`);
    await approved.getByRole("link", { name: "Entrar com Google" }).click();
    await approved.waitForURL((url) => url.pathname.startsWith("/teacher"), { timeout: 20_000 });
    await shot(approved, "teacher-area");
  });
});
