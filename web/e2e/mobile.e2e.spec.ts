import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { signedIn } from "./sign-in";

let product: Product;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const STUDENT = { email: "celular.aluna@example.com", password: "aprender123", firstName: "Lia", lastName: "Prado" };
const TEACHER = { email: "phone.teacher@example.com", password: "teaching123", firstName: "Mark", lastName: "Twine" };

/** Pages with content: the student has credits and a lesson the teacher claimed. */
beforeAll(async () => {
  const journey = await startJourney({ student: STUDENT, credits: 3, teachers: [TEACHER] });
  ({ product, browser } = journey);
  const { adminToken } = journey;
  const trails = await product.api<{ id: number }[]>("GET", "/api/trails", { token: adminToken });
  const date = new Date(`${localDateOf(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000))}T15:00:00-03:00`);
  const scheduling = await product.api<{ id: number }>("POST", "/api/schedulings", {
    token: await product.login(STUDENT.email, STUDENT.password),
    body: { trail: { id: trails.body[0]?.id }, date: date.toISOString(), objective: "PROFESSIONAL" },
  });
  expectStatus(scheduling, 201);
  expectStatus(
    await product.api("POST", "/api/lessons", {
      token: await product.login(TEACHER.email, TEACHER.password),
      body: { schedulingId: scheduling.body.id },
    }),
    201,
  );
});
afterAll(() => stopJourney({ product, browser }));

/** How far the page scrolls sideways: 390 means it does not. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/**
 * The controls a finger must hit, in `scope` (a CSS selector), smaller than 44 × 44 px. Radio buttons and
 * check boxes count by their label (what one taps); links inside a sentence are exempt, as WCAG's
 * target-size rule exempts inline links.
 */
const smallTapTargets = (page: Page, scope: string) =>
  page.evaluate((scopeSelector) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(scopeSelector))
      for (const element of root.querySelectorAll<HTMLElement>(
        "a[href], button, select, textarea, input:not([type=hidden]), [role=button]",
      )) {
        if (element.closest("p, td, li > span") && element.tagName === "A") continue;
        const style = getComputedStyle(element);
        if (style.visibility === "hidden" || style.display === "none") continue;
        const target =
          element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")
            ? (element.closest("label") ?? element)
            : element;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.right <= 0 || box.left >= window.innerWidth) continue;
        if (box.width < 43.5 || box.height < 43.5)
          found.push(
            `${target.tagName.toLowerCase()} "${(target.getAttribute("aria-label") ?? target.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
      }
    return found;
  }, scope);

/** The site's one drawer menu, holding the area's sections, opened by its ☰: the sections' links. */
const checkMenu = async (page: Page, menu: string) => {
  // One ☰ on a phone: the area hands its sections to the site's menu and has no toggle of its own.
  expect(await page.locator("button[aria-controls]").count()).toBe(1);
  const toggle = page.locator('button[aria-controls="app-menu"]');
  expect(await smallTapTargets(page, ".area-header")).toEqual([]);
  await toggle.click();
  await page.getByRole("navigation", { name: menu, exact: true }).getByRole("link").first().waitFor();
  await page.waitForTimeout(300); // the drawer slides in
  expect(await smallTapTargets(page, "#app-menu")).toEqual([]);
  expect(await smallTapTargets(page, "header.app-header")).toEqual([]);
  return page
    .getByRole("navigation", { name: menu, exact: true })
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname).filter((path) => path !== "/logout"),
    );
};

const checkArea = async (person: { email: string; password: string }, home: string, menu: string, name: string) => {
  const shot = screenshots(`mobile-${name}`);
  const page = await signedIn(browser, product, person, home, PHONE);
  await page.locator("main .area-header").waitFor({ timeout: 20_000 });
  if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
  const paths = await checkMenu(page, menu);
  await shot(page, "menu-open");
  expect(paths.length).toBeGreaterThan(2);
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(`${product.baseUrl}${path}`);
    await page.locator("main .area-header").waitFor({ timeout: 20_000 });
    await page
      .waitForFunction(() => !document.querySelector(".status-loading"), undefined, { timeout: 15_000 })
      .catch(() => undefined);
    if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
    const width = await scrollWidth(page);
    if (width > PHONE.width) problems.push(`${path} scrolls sideways: ${width} px wide`);
    const small = await smallTapTargets(page, "main");
    if (small.length > 0) problems.push(`${path} has tap targets under 44 px: ${small.join("; ")}`);
    await shot(page, path.replace(/\//g, "_"));
  }
  expect(problems).toEqual([]);
};

describe("the signed-in areas on a 390 × 844 phone", () => {
  it("the student area: no sideways scroll, tap targets of 44 px or more, in the menu and on every page", async () => {
    await checkArea(STUDENT, "/student", "Área do aluno", "student");
  });

  it("the teacher area: no sideways scroll, tap targets of 44 px or more, in the menu and on every page", async () => {
    await checkArea(TEACHER, "/teacher", "Área do professor", "teacher");
  });
});
