import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Product, screenshots, startJourney, stopJourney } from "./harness";
import { type Credentials, signedInWindow } from "./sign-in";

let product: Product;
let browser: Browser;

const STUDENT = { email: "layout.student@example.com", password: "aprender123", firstName: "Ana", lastName: "Souza" };
const TEACHER = { email: "layout.teacher@example.com", password: "teaching123", firstName: "Paul", lastName: "Smith" };

beforeAll(async () => {
  // A teacher applies through the public form and signs in once an administrator accepts them.
  ({ product, browser } = await startJourney({ student: STUDENT, teachers: [TEACHER] }));
});
afterAll(() => stopJourney({ product, browser }));

/** A window of `width` px already signed in (signing in is the accounts journey's subject), at `path`. */
const signedInAt = (user: Credentials, path: string, width: number) =>
  signedInWindow(browser, product, user, path, { viewport: { width, height: 800 } });

const areaMenu = (page: Page, area: string) => page.getByRole("navigation", { name: area });
// Under 1000 px the area's sections are in the site's menu drawer, opened by its one ☰.
const drawerToggle = (page: Page) => page.locator('button[aria-controls="app-menu"]');

/** Where the area menu sits across the window: on screen, or pushed off an edge inside a closed drawer. */
const menuPlacement = async (page: Page, area: string) => {
  // Found by its name even while hidden: a closed drawer is out of the accessibility tree.
  const box = await page.locator(`nav[aria-label="${area}"]`).boundingBox({ timeout: 5_000 });
  if (!box) return "absent";
  if (box.x + box.width <= 0 || box.x >= (page.viewportSize()?.width ?? 0)) return "off-screen";
  return box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0) ? "on-screen" : "partly";
};

const titleFontSize = (page: Page, title: string) =>
  page.getByRole("heading", { level: 1, name: title }).evaluate((heading) => getComputedStyle(heading).fontSize);

describe("the signed-in areas at the spec's breakpoints", () => {
  // One numbered series per area, across its tests.
  const studentShot = screenshots("layout-student");
  const teacherShot = screenshots("layout-teacher");

  it("the student area keeps its menu at the side at 1280 px", async () => {
    const page = await signedInAt(STUDENT, "/student", 1280);
    await expect.poll(() => page.getByTestId("student-balance").isVisible(), { timeout: 20_000 }).toBe(true);

    expect(await menuPlacement(page, "Área do aluno")).toBe("on-screen");
    expect(await areaMenu(page, "Área do aluno").getByRole("link").allTextContents()).toEqual([
      "Home",
      "Meu Perfil",
      "Trilhas de Ensino",
      "Aulas semanais",
      "Progresso",
      "Meus relatos",
      "Teste de nível",
      "Contratar aulas",
    ]);
    expect(await drawerToggle(page).isVisible()).toBe(false);
    // The page sits beside the menu, not under it.
    const menu = await areaMenu(page, "Área do aluno").boundingBox();
    const title = await page.getByRole("heading", { level: 1, name: "Área do aluno" }).boundingBox();
    expect(title!.x).toBeGreaterThanOrEqual(menu!.x + menu!.width);
    await studentShot(page, "1280-side-menu");
    await page.context().close();
  });

  it("the student area hides its menu in the site's drawer at 900 px, opened by the one toggle and closed by a link", async () => {
    const page = await signedInAt(STUDENT, "/student", 900);
    await expect.poll(() => page.getByTestId("student-balance").isVisible(), { timeout: 20_000 }).toBe(true);

    expect(await menuPlacement(page, "Área do aluno")).toBe("off-screen");
    expect(await page.locator("button[aria-controls]").count()).toBe(1);
    expect(await drawerToggle(page).isVisible()).toBe(true);
    expect(await drawerToggle(page).getAttribute("aria-expanded")).toBe("false");
    await studentShot(page, "0900-drawer-closed");

    await drawerToggle(page).click();
    await expect.poll(() => menuPlacement(page, "Área do aluno")).toBe("on-screen");
    expect(await drawerToggle(page).getAttribute("aria-expanded")).toBe("true");
    await studentShot(page, "0900-drawer-open");

    await areaMenu(page, "Área do aluno").getByRole("link", { name: "Meu Perfil" }).click();
    await page.waitForURL((url) => url.pathname === "/student/perfil");
    await expect.poll(() => menuPlacement(page, "Área do aluno")).toBe("off-screen");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(STUDENT.email);
    await studentShot(page, "0900-profile-drawer-closed");
    await page.context().close();
  });

  it("the student area's header is compact at 390 px", async () => {
    const wide = await signedInAt(STUDENT, "/student", 900);
    await expect.poll(() => wide.getByTestId("student-balance").isVisible(), { timeout: 20_000 }).toBe(true);
    const wideTitle = await titleFontSize(wide, "Área do aluno");
    const wideBar = await wide.getByRole("banner").boundingBox();
    await wide.context().close();

    const page = await signedInAt(STUDENT, "/student", 390);
    await expect.poll(() => page.getByTestId("student-balance").isVisible(), { timeout: 20_000 }).toBe(true);

    // A lower top bar without the brand name, a smaller title, and the toggle down to its icon.
    const bar = await page.getByRole("banner").boundingBox();
    expect(bar!.height).toBeLessThan(wideBar!.height);
    expect(await page.getByRole("banner").getByText("English Lessons").isVisible()).toBe(false);
    expect(Number.parseFloat(await titleFontSize(page, "Área do aluno"))).toBeLessThan(Number.parseFloat(wideTitle));
    expect(await page.locator("button[aria-controls]").count()).toBe(1);
    // The level and balance move to their own row under the title.
    const title = await page.getByRole("heading", { level: 1, name: "Área do aluno" }).boundingBox();
    const balance = await page.getByTestId("student-balance").boundingBox();
    expect(balance!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
    expect(await menuPlacement(page, "Área do aluno")).toBe("off-screen");
    await studentShot(page, "0390-compact-header");

    await drawerToggle(page).click();
    await expect.poll(() => menuPlacement(page, "Área do aluno")).toBe("on-screen");
    await studentShot(page, "0390-drawer-open");
    await page.context().close();
  });

  it("the teacher area hides its menu in a drawer at 900 px too", async () => {
    const page = await signedInAt(TEACHER, "/teacher", 900);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Área do professor" }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    expect(await menuPlacement(page, "Área do professor")).toBe("off-screen");
    await teacherShot(page, "0900-drawer-closed");

    await drawerToggle(page).click();
    await expect.poll(() => menuPlacement(page, "Área do professor")).toBe("on-screen");
    expect(await areaMenu(page, "Área do professor").getByRole("link").allTextContents()).toEqual([
      "Suas aulas",
      "Aceitar aulas",
      "Minha disponibilidade",
      "Trilhas de ensino",
      "Financeiro",
      "Meus relatos",
      "Meu Perfil",
    ]);
    await teacherShot(page, "0900-drawer-open");

    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press("Escape");
    await expect.poll(() => menuPlacement(page, "Área do professor")).toBe("off-screen");
    expect(await drawerToggle(page).evaluate((toggle) => toggle === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("the student area installs as an app on the phone: a manifest, a service worker, the home offline", async () => {
    const page = await signedInAt(STUDENT, "/student", 390);
    const manifest = await page.request.get(`${product.baseUrl}/manifest.webmanifest`);
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({ display: "standalone", lang: "pt-BR", start_url: "/" });
    const worker = await page.request.get(`${product.baseUrl}/sw.js`);
    expect([worker.status(), worker.headers()["cache-control"]]).toEqual([200, "no-cache"]);
    const scriptUrl = await page.evaluate(() =>
      navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
    );
    expect(scriptUrl).toBe(`${product.baseUrl}/sw.js`);
    // Offline, the home opens from the worker's shell with the lessons saved on the last visit, and says so.
    await page.reload();
    await expect.poll(() => page.getByTestId("student-balance").isVisible(), { timeout: 20_000 }).toBe(true);
    // The next lessons are saved as they arrive.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("el-offline:student-upcoming") !== null))
      .toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByText(/Você está offline — mostrando dados salvos às \d\d:\d\d/).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect.poll(() => page.getByText("Não há aulas marcadas!").isVisible()).toBe(true);
    await studentShot(page, "0390-offline-home");
    await page.context().close();
  });
});
