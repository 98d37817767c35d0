import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { expectAccessible, expectStatus, type Product, startJourney } from "./harness";

/**
 * What the two accessibility journeys share (accessibility.e2e.spec.ts: the public, student's, teacher's and
 * auditor's pages; accessibility-back-office.e2e.spec.ts: the back office), so the two can run side by side.
 */

export const STUDENT = {
  email: "axe.student@example.com",
  password: "aprender123",
  firstName: "Clara",
  lastName: "Lima",
};
export const TEACHER = {
  email: "axe.teacher@example.com",
  password: "teaching123",
  firstName: "Tom",
  lastName: "Baker",
};
export const AUDITOR = { email: "axe.auditor@example.com", password: "auditing123" };

/**
 * Starts the product and a browser where every page has something to show: a student with credits, a teacher, a
 * lesson she claimed, an auditor.
 */
export const startPagesJourney = async (): Promise<{ product: Product; browser: Browser }> => {
  const journey = await startJourney({ student: STUDENT, credits: 3, teachers: [TEACHER] });
  const { product, browser, adminToken } = journey;
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
  return { product, browser };
};

/** The product's own pages the area's menu links to (logging out aside), in menu order. */
export const menuPages = async (page: Page, menu: string) => {
  const links = page.getByRole("navigation", { name: menu, exact: true }).getByRole("link");
  await links.first().waitFor({ timeout: 20_000 });
  return links.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname).filter((path) => path !== "/logout"),
  );
};

/** Runs axe on the page, keeping what it found in `problems`: one run reports every page found wanting. */
export const axeInto = async (problems: string[], page: Page, where: string) => {
  try {
    await expectAccessible(page, where);
  } catch (error) {
    problems.push((error as Error).message);
  }
};

/** Opens each page of `product` and runs axe on it, keeping what it found in `problems`. */
export const checkPages = async (
  problems: string[],
  page: Page,
  product: Product,
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
export const firstLink = (page: Page, pattern: RegExp) =>
  page
    .locator("main a[href]")
    .evaluateAll(
      (links, source) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href).pathname)
          .find((path) => new RegExp(source).test(path)) ?? null,
      pattern.source,
    );
