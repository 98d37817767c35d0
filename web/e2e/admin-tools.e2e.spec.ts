import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, launchBrowser, type Product, screenshots, signedUpStudent, startProduct } from "./harness";
import { type Credentials, signedInWindow } from "./sign-in";

let product: Product;
let browser: Browser;
const shot = screenshots("admin-tools");

const STUDENT = { email: "tools.student@example.com", password: "aprender123", firstName: "Ana", lastName: "Souza" };

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  await signedUpStudent(product, STUDENT);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

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
});
