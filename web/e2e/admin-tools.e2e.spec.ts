import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, expectAccessible, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { type Credentials, signedInWindow, signInThroughDialog } from "./sign-in";

let product: Product;
let browser: Browser;
const shot = screenshots("admin-tools");

const STUDENT = { email: "tools.student@example.com", password: "aprender123", firstName: "Ana", lastName: "Souza" };
const AUDITOR = { email: "tools.auditor@example.com", password: "senha-do-auditor" };

beforeAll(async () => {
  ({ product, browser } = await startJourney({ student: STUDENT }));
});
afterAll(() => stopJourney({ product, browser }));

/** A window signed in as `user` (the token where the login modal keeps it), with the CSP's refusals recorded. */
const signedInRecordingCsp = async (user: Credentials, path: string) => {
  const refused: string[] = [];
  const page = await signedInWindow(browser, product, user, path, {
    watch: (opened) =>
      opened.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      }),
  });
  return { page, refused };
};

describe("the administrators' tools in a browser", () => {
  it("/admin/docs shows the API's routes in Swagger UI, under the product's CSP", async () => {
    const { page, refused } = await signedInRecordingCsp(ADMIN, "/admin/docs");
    const viewer = page.getByRole("region", { name: "Documentação interativa da API" });
    // Every tag is listed; one opens its operations when clicked.
    const purchases = viewer.locator(".opblock-tag", { hasText: /^purchases/ });
    await purchases.waitFor({ timeout: 30_000 });
    expect(await viewer.locator(".opblock-tag").count()).toBeGreaterThan(25);
    await purchases.click();
    await viewer.getByText("/api/purchases/checkout", { exact: true }).waitFor({ timeout: 30_000 });
    await viewer.locator(".opblock-tag", { hasText: /^schedulings/ }).click();
    await viewer.getByText("/api/schedulings", { exact: true }).first().waitFor();
    await shot(page, "api-docs");
    expect(refused).toEqual([]);
  }, 90_000);

  it("/admin shows the projectors with their lag and the administrator's own sign-in in the audits", async () => {
    const { page, refused } = await signedInRecordingCsp(ADMIN, "/admin");
    const projections = page.getByRole("table", { name: "Projeções" });
    await projections.waitFor({ timeout: 30_000 });
    expect(await projections.getByRole("row").count()).toBeGreaterThan(2);
    const audits = page.getByRole("table", { name: "Auditorias" });
    await audits.getByText(ADMIN.email).first().waitFor();
    await shot(page, "administration");
    expect(refused).toEqual([]);
  }, 90_000);

  it("/admin is refused to a student", async () => {
    const { page } = await signedInRecordingCsp(STUDENT, "/admin");
    await page.getByText("Você não tem autorização para acessar esta página.").waitFor({ timeout: 30_000 });
    expect(await page.getByRole("table").count()).toBe(0);
  }, 90_000);

  it("the user form makes a user who is only an auditor; he signs in and lands on /auditoria", async () => {
    const page = await signedInWindow(browser, product, ADMIN, "/gerencia/administrador/new");
    await page.getByRole("heading", { name: "Criar administrador", exact: true }).waitFor({ timeout: 30_000 });
    await page.getByLabel("Nome", { exact: true }).fill("Otávio");
    await page.getByLabel("Sobrenome", { exact: true }).fill("Auditor");
    await page.getByLabel("E-mail", { exact: true }).fill(AUDITOR.email);
    await page.getByLabel("Senha", { exact: true }).fill(AUDITOR.password);
    const roles = page.getByRole("group", { name: "Perfis" });
    await roles.getByRole("checkbox", { name: "Administrador", exact: true }).uncheck();
    await roles.getByRole("checkbox", { name: "Auditor", exact: true }).check();
    await shot(page, "user-form-auditor");
    await expectAccessible(page, "the user form with its roles");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/gerencia/administrador", { timeout: 20_000 });
    await page.context().close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
    const auditor = await context.newPage();
    await signInThroughDialog(auditor, product, AUDITOR);
    await auditor.waitForURL((url) => url.pathname === "/auditoria", { timeout: 20_000 });
    await auditor.getByRole("heading", { name: "Auditoria: eventos", exact: true }).waitFor({ timeout: 20_000 });
    // Only the auditor's role: the back office stays closed to him.
    await auditor.goto(`${product.baseUrl}/gerencia/aluno`);
    await auditor.getByText("Você não tem autorização para acessar esta página.").waitFor({ timeout: 20_000 });
    await context.close();
  }, 90_000);
});
