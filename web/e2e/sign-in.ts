import type { Browser, Page } from "playwright-core";
import type { Product } from "./harness";

export interface Credentials {
  email: string;
  password: string;
}

type Viewport = { width: number; height: number };

const DESKTOP: Viewport = { width: 1280, height: 900 };

/** Where the sign-in dialog keeps the session's token. */
const TOKEN_KEY = "jhi-authenticationToken";

/**
 * Opens /login in `page` and signs in through the dialog as `person`, pressing Entrar; what follows (the
 * area opened, or the refusal shown) is for the journey to check.
 */
export const signInThroughDialog = async (page: Page, product: Product, person: Credentials) => {
  await page.goto(`${product.baseUrl}/login`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(person.email);
  await dialog.getByLabel("Senha").fill(person.password);
  await dialog.getByRole("button", { name: "Entrar" }).click();
};

/**
 * A new browser window (its own cookies and storage) where `person` signed in through the sign-in
 * dialog, then opened `pagePath`. The document is marked: `neverReloaded` tells whether it still is.
 */
export const signedIn = async (
  browser: Browser,
  product: Product,
  person: Credentials,
  pagePath: string,
  viewport: Viewport = DESKTOP,
) => {
  const context = await browser.newContext({ viewport, locale: "pt-BR" });
  const page = await context.newPage();
  await signInThroughDialog(page, product, person);
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 20_000 });
  await page.goto(`${product.baseUrl}${pagePath}`);
  // Marks the document: still there at the end means the page never reloaded.
  await page.evaluate(() => {
    (window as unknown as { journeyMarker: boolean }).journeyMarker = true;
  });
  return page;
};

/** Whether the page is still the document `signedIn` opened (no full reload since). */
export const neverReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { journeyMarker?: boolean }).journeyMarker === true);

/**
 * A new browser window already signed in as `person`, at `pagePath`: the API's token is put where the
 * sign-in dialog keeps it, for journeys whose subject is not signing in. `watch` sees the page before
 * it loads (to record its console, say).
 */
export const signedInWindow = async (
  browser: Browser,
  product: Product,
  person: Credentials,
  pagePath: string,
  options: { viewport?: Viewport; watch?: (page: Page) => void } = {},
) => {
  const token = await product.login(person.email, person.password);
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, locale: "pt-BR" });
  await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), { key: TOKEN_KEY, value: token });
  const page = await context.newPage();
  options.watch?.(page);
  await page.goto(`${product.baseUrl}${pagePath}`);
  return page;
};
