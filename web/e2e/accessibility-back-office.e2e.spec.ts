import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPages, firstLink, menuPages, startPagesJourney } from "./accessibility-pages";
import { ADMIN, type Product, stopJourney } from "./harness";
import { signedIn } from "./sign-in";

// The back office's some forty pages, apart from the other areas' (accessibility.e2e.spec.ts) so the two files
// run side by side; both start from the same data (./accessibility-pages.ts).
let product: Product;
let browser: Browser;

beforeAll(async () => {
  ({ product, browser } = await startPagesJourney());
});
afterAll(() => stopJourney({ product, browser }));

describe("every back office page passes axe-core (no serious or critical violation)", () => {
  it("the back office, every page of its menu with a detail page and a form of each list", async () => {
    const problems: string[] = [];
    const page = await signedIn(browser, product, ADMIN, "/gerencia");
    const paths = await menuPages(page, "Gerência");
    expect(paths.length).toBeGreaterThan(10);
    const more: string[] = [];
    for (const path of paths) {
      await checkPages(problems, page, product, [path]);
      if (!path.startsWith("/gerencia/")) continue;
      const detail = await firstLink(page, new RegExp(`^${path}/[^/]+$`));
      const form = await firstLink(page, new RegExp(`^${path}/(new|[^/]+/edit)$`));
      for (const found of [detail, form]) if (found) more.push(found);
    }
    expect(more.length).toBeGreaterThan(5);
    await checkPages(problems, page, product, [...new Set(more)]);
    expect(problems).toEqual([]);
  }, 600_000); // some forty pages, each loaded and checked on two cores shared with other suites
});
