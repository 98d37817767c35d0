import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  acceptedTeacher,
  expectAccessible,
  expectStatus,
  launchBrowser,
  type Product,
  screenshots,
  signedUpStudent,
  startProduct,
} from "./harness";
import { signedIn } from "./sign-in";

let product: Product;
let browser: Browser;

const STUDENT = { email: "axe.student@example.com", password: "aprender123", firstName: "Clara", lastName: "Lima" };
const TEACHER = { email: "axe.teacher@example.com", password: "teaching123", firstName: "Tom", lastName: "Baker" };
const AUDITOR = { email: "axe.auditor@example.com", password: "auditing123" };

/** Every page has something to show: a student with credits, a teacher, a lesson she claimed, an auditor. */
beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  const adminToken = await product.login(ADMIN.email, ADMIN.password);
  await signedUpStudent(product, STUDENT);
  expectStatus(
    await product.api("POST", `/api/users/${STUDENT.email}/credits`, { token: adminToken, body: { amount: 3 } }),
    200,
  );
  await acceptedTeacher(product, adminToken, TEACHER);
  const trails = await product.api<{ id: number }[]>("GET", "/api/trails", { token: adminToken });
  expectStatus(trails, 200);
  const date = new Date(`${localDateOf(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))}T10:00:00-03:00`);
  const scheduling = await product.api<{ id: number }>("POST", "/api/schedulings", {
    token: await product.login(STUDENT.email, STUDENT.password),
    body: { trail: { id: trails.body[0]?.id }, date: date.toISOString(), objective: "TRAVEL" },
  });
  expectStatus(scheduling, 201);
  expectStatus(
    await product.api("POST", "/api/lessons", {
      token: await product.login(TEACHER.email, TEACHER.password),
      body: { schedulingId: scheduling.body.id },
    }),
    201,
  );
  const auditor = await product.api<{ id: number }>("POST", "/api/users", {
    token: adminToken,
    body: { login: AUDITOR.email, email: AUDITOR.email, firstName: "Auditora", password: AUDITOR.password },
  });
  expectStatus(auditor, 201);
  expectStatus(
    await product.api("PUT", "/api/users", {
      token: adminToken,
      body: { id: auditor.body.id, authorities: ["ROLE_USER", "ROLE_AUDITOR"] },
    }),
    200,
  );
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The product's own pages the area's menu links to (logging out aside), in menu order. */
const menuPages = async (page: Page, menu: string) => {
  const links = page.getByRole("navigation", { name: menu, exact: true }).getByRole("link");
  await links.first().waitFor({ timeout: 20_000 });
  return links.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname).filter((path) => path !== "/logout"),
  );
};

/** Runs axe on the page, keeping what it found in `problems`: one run reports every page found wanting. */
const axeInto = async (problems: string[], page: Page, where: string) => {
  try {
    await expectAccessible(page, where);
  } catch (error) {
    problems.push((error as Error).message);
  }
};

/** Opens each page and runs axe on it, keeping what it found in `problems`. */
const checkPages = async (
  problems: string[],
  page: Page,
  paths: readonly string[],
  shot?: (page: Page, name: string) => Promise<unknown>,
) => {
  for (const path of paths) {
    await page.goto(`${product.baseUrl}${path}`);
    const shown = await page
      .locator("main")
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) {
      problems.push(`${path} showed no main content: ${(await page.locator("body").innerText()).slice(0, 300)}`);
      continue;
    }
    await axeInto(problems, page, path);
    await shot?.(page, path.replace(/\//g, "_") || "home");
  }
};

/** The first link of the page's main content whose address matches, as a path. */
const firstLink = (page: Page, pattern: RegExp) =>
  page
    .locator("main a[href]")
    .evaluateAll(
      (links, source) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href).pathname)
          .find((path) => new RegExp(source).test(path)) ?? null,
      pattern.source,
    );

describe("every page passes axe-core (no serious or critical violation)", () => {
  it("the public pages: landing, sign-in, sign-up, teacher application, password reset, privacy, 404", async () => {
    const problems: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
    const page = await context.newPage();
    await checkPages(problems, page, [
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
    await checkPages(problems, page, [...paths, "/account/password"], screenshots("axe-student"));
    expect(problems).toEqual([]);
  });

  it("the teacher's area, every page of its menu", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, TEACHER, "/teacher");
    const paths = await menuPages(page, "Área do professor");
    expect(paths.length).toBeGreaterThan(2);
    await checkPages(problems, page, paths, screenshots("axe-teacher"));
    expect(problems).toEqual([]);
  });

  it("the back office, every page of its menu with a detail page and a form of each list", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, ADMIN, "/gerencia");
    const paths = await menuPages(page, "Gerência");
    expect(paths.length).toBeGreaterThan(10);
    const more: string[] = [];
    for (const path of paths) {
      await checkPages(problems, page, [path]);
      if (!path.startsWith("/gerencia/")) continue;
      const detail = await firstLink(page, new RegExp(`^${path}/[^/]+$`));
      const form = await firstLink(page, new RegExp(`^${path}/(new|[^/]+/edit)$`));
      for (const found of [detail, form]) if (found) more.push(found);
    }
    expect(more.length).toBeGreaterThan(5);
    await checkPages(problems, page, [...new Set(more)]);
    expect(problems).toEqual([]);
  }, 600_000); // some forty pages, each loaded and checked on two cores shared with other suites

  it("the auditor's pages: the timeline and one stream", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, AUDITOR, "/auditoria");
    await checkPages(problems, page, ["/auditoria"]);
    const stream = await firstLink(page, /^\/auditoria\/fluxos\//);
    expect(stream).not.toBeNull();
    await checkPages(problems, page, [stream ?? ""]);
    expect(problems).toEqual([]);
  });
});
