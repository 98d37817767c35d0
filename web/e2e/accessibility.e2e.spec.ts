import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUDITOR,
  axeInto,
  checkPages,
  firstLink,
  menuPages,
  STUDENT,
  startPagesJourney,
  TEACHER,
} from "./accessibility-pages";
import { type Product, screenshots, stopJourney } from "./harness";
import { signedIn } from "./sign-in";

// The public, student's, teacher's and auditor's pages; the back office's are accessibility-back-office.e2e.spec.ts,
// so the two files run side by side. Both start from the same data (./accessibility-pages.ts).
let product: Product;
let browser: Browser;

beforeAll(async () => {
  ({ product, browser } = await startPagesJourney());
});
afterAll(() => stopJourney({ product, browser }));

describe("every page outside the back office passes axe-core (no serious or critical violation)", () => {
  it("the public pages: landing, sign-in, sign-up, teacher application, password reset, privacy, 404", async () => {
    const problems: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
    const page = await context.newPage();
    await checkPages(problems, page, product, [
      "/",
      "/login",
      "/registro/aluno",
      "/registro/professor",
      "/account/reset/request",
      "/privacypolicy",
      "/pagina-que-nao-existe",
    ]);
    // The sign-up form with its refusals showing.
    await page.goto(`${product.baseUrl}/registro/aluno`);
    await page.locator("form button[type=submit]").first().click();
    await page.locator("[aria-invalid=true]").first().waitFor({ timeout: 10_000 });
    await axeInto(problems, page, "/registro/aluno with its refusals");
    await context.close();
    expect(problems).toEqual([]);
  });

  it("the student's area, every page of its menu", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, STUDENT, "/student");
    const paths = await menuPages(page, "Área do aluno");
    expect(paths.length).toBeGreaterThan(2);
    await checkPages(problems, page, product, [...paths, "/account/password"], screenshots("axe-student"));
    expect(problems).toEqual([]);
  });

  it("the teacher's area, every page of its menu", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, TEACHER, "/teacher");
    const paths = await menuPages(page, "Área do professor");
    expect(paths.length).toBeGreaterThan(2);
    await checkPages(problems, page, product, paths, screenshots("axe-teacher"));
    expect(problems).toEqual([]);
  });

  it("the auditor's pages: the timeline and one stream", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, AUDITOR, "/auditoria");
    await checkPages(problems, page, product, ["/auditoria"]);
    const stream = await firstLink(page, /^\/auditoria\/fluxos\//);
    expect(stream).not.toBeNull();
    await checkPages(problems, page, product, [stream ?? ""]);
    expect(problems).toEqual([]);
  });
});
