import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockIdentityProvider, startMockIdentityProvider } from "../../backend/test/fake-identity-provider";
import { launchBrowser, type Product, screenshots, startProduct } from "./harness";

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
});
