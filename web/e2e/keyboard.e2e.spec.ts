import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeViaCep, startFakeViaCep } from "../../backend/test/fake-viacep";
import { expectAccessible, expectStatus, type Product, screenshots, startJourney, stopJourney } from "./harness";

const DAY = 24 * 60 * 60 * 1000;
let viaCep: FakeViaCep;
let product: Product;
let browser: Browser;

const STUDENT = { email: "teclado.aluna@example.com", password: "aprender123", firstName: "Rita", lastName: "Alves" };
const TEACHER = { email: "keyboard.teacher@example.com", password: "teaching123", firstName: "Kate", lastName: "Moss" };

beforeAll(async () => {
  viaCep = await startFakeViaCep();
  ({ product, browser } = await startJourney({
    env: { VIACEP_BASE_URL: viaCep.baseUrl },
    student: STUDENT,
    credits: 1,
    teachers: [TEACHER],
  }));
});
afterAll(async () => {
  await stopJourney({ product, browser });
  await viaCep?.close();
});

const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);

/** The focused element shows a ring a sighted keyboard user can see: an outline at least 2 px wide. */
const expectVisibleFocus = async (page: Page) => {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    return { what: focused.outerHTML.slice(0, 80), style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(ring.style, `no focus ring on ${ring.what}`).not.toBe("none");
  expect(Number.parseFloat(ring.width), `a thin focus ring on ${ring.what}`).toBeGreaterThanOrEqual(2);
};

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user would; fails if it never does. */
const tabTo = async (page: Page, target: Locator, { back = false, limit = 80 } = {}) => {
  await target.waitFor({ timeout: 20_000 });
  for (let presses = 0; presses <= limit; presses++) {
    if (await hasFocus(target)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${limit} presses of Tab never reached ${target}`);
};

/** Signs in through the sign-in dialog with the keyboard alone (the e-mail field has the focus when it opens). */
const signInByKeyboard = async (person: { email: string; password: string }, landing: string) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/login`);
  const dialog = page.getByRole("dialog");
  await tabTo(page, dialog.getByLabel("E-mail"));
  await page.keyboard.type(person.email);
  await tabTo(page, dialog.getByLabel("Senha"));
  await page.keyboard.type(person.password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname.startsWith(landing), { timeout: 20_000 });
  return page;
};

describe("keyboard-only journeys (Tab, Shift+Tab, Enter, Space and arrows; no mouse)", () => {
  it("a student schedules a lesson and a teacher claims it; the lesson's details dialog keeps and gives back the focus", async () => {
    const shot = screenshots("keyboard-lesson");
    const student = await signInByKeyboard(STUDENT, "/student");
    const teacher = await signInByKeyboard(TEACHER, "/teacher");
    await teacher.goto(`${product.baseUrl}/teacher/aceitar-aulas`);

    // The schedule form: the first level and its first trail by the arrow keys; the next free slot stays.
    const form = student.getByRole("region", { name: "Agendar aula" });
    const level = form.getByLabel("Nível", { exact: true });
    await tabTo(student, level);
    await student.keyboard.press("ArrowDown");
    await expect.poll(() => level.inputValue()).not.toBe("");
    const trail = form.getByLabel("Conteúdo");
    await expect.poll(() => trail.isEnabled(), { timeout: 5_000 }).toBe(true);
    await tabTo(student, trail);
    await student.keyboard.press("ArrowDown");
    await expect.poll(() => trail.inputValue()).not.toBe("");
    const trailLabel = (await trail.locator("option:checked").textContent()) ?? "";
    // Three days ahead (a lesson within a day would open the next-lesson reminder by itself): the date
    // field takes its parts typed in a row, in the order of the browser's own language (headless
    // Chromium's is en-US: month, day, year).
    const date = form.getByLabel("Data", { exact: true });
    await tabTo(student, date);
    const [year, month, day] = localDateOf(new Date(Date.now() + 3 * DAY)).split("-");
    await student.keyboard.type(`${month}${day}${year}`);
    await expect.poll(() => date.inputValue()).toBe(`${year}-${month}-${day}`);
    const time = form.getByLabel("Horário");
    await tabTo(student, time);
    await student.keyboard.press("ArrowDown");
    await expect.poll(() => time.inputValue()).not.toBe("");
    await tabTo(student, form.getByRole("button", { name: "Agendar", exact: true }));
    await shot(student, "student-focus-on-agendar");
    await student.keyboard.press("Enter");
    await expect
      .poll(() => student.getByText("Agendamento realizado com sucesso!").isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The teacher reaches the lesson's Aceitar aula button by Tab and claims it with Space.
    const board = teacher.getByRole("list", { name: "Aulas aguardando professor" });
    await expect.poll(() => board.getByText(trailLabel).isVisible(), { timeout: 20_000 }).toBe(true);
    await tabTo(teacher, board.getByRole("button", { name: "Aceitar aula" }));
    await shot(teacher, "teacher-focus-on-aceitar");
    await teacher.keyboard.press("Space");
    await expect.poll(() => teacher.getByText(/Aula aceita com sucesso!/).isVisible(), { timeout: 15_000 }).toBe(true);
    await expectAccessible(teacher, "the teacher's board after a claim");

    // The student opens the accepted lesson's details with Enter: the dialog holds the focus, Tab and
    // Shift+Tab cycle inside it, and Escape gives the focus back to the Detalhes button.
    const upcoming = student.getByRole("region", { name: "Próximas aulas" });
    await expect
      .poll(() => upcoming.locator(".lesson-status").first().textContent(), { timeout: 20_000 })
      .toBe("Aceito");
    const detailsButton = upcoming.getByRole("button", { name: "Detalhes" });
    await tabTo(student, detailsButton, { back: true });
    await student.keyboard.press("Enter");
    const details = student.getByRole("dialog", { name: "Detalhes da aula" });
    await details.waitFor({ timeout: 10_000 });
    const insideDialog = () =>
      details.evaluate((dialog) => dialog.contains(document.activeElement), undefined, { timeout: 2_000 });
    expect(await insideDialog()).toBe(true);
    for (let press = 0; press < 6; press++) {
      await student.keyboard.press(press % 2 === 0 ? "Tab" : "Shift+Tab");
      expect(await insideDialog()).toBe(true);
      await expectVisibleFocus(student);
    }
    for (let press = 0; press < 6; press++) {
      await student.keyboard.press("Tab");
      expect(await insideDialog()).toBe(true);
    }
    await shot(student, "student-details-dialog-focus");
    await student.keyboard.press("Escape");
    await expect.poll(() => details.count(), { timeout: 5_000 }).toBe(0);
    expect(await hasFocus(detailsButton)).toBe(true);
  });

  it("a student buys a pack of lessons by Pix with the keyboard alone", async () => {
    const shot = screenshots("keyboard-purchase");
    const page = await signInByKeyboard(STUDENT, "/student");
    await page.getByTestId("student-balance").waitFor({ timeout: 20_000 });
    // A reminder or feedback request may open by itself; Escape leaves it for later.
    if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
    // Through the area's menu: Tab to the link, Enter.
    await tabTo(page, page.getByRole("navigation", { name: "Área do aluno" }).getByRole("link", { name: /Contratar/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/student/contratar-aulas", { timeout: 15_000 });

    const add = page
      .getByRole("article", { name: "Pacote de 4 aulas" })
      .getByRole("button", { name: "Adicionar um pacote de 4 aulas" });
    const lessonsBefore = Number((await page.getByTestId("student-balance").textContent())?.match(/\d+/)?.[0]);
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const proceed = page.getByRole("button", { name: "Continuar para o pagamento" });
    await tabTo(page, proceed);
    await page.keyboard.press("Enter");

    await tabTo(page, page.getByLabel("CPF", { exact: true }));
    await page.keyboard.type("52998224725");
    await tabTo(page, page.getByLabel("CEP", { exact: true }));
    await page.keyboard.type("01001000");
    await expect
      .poll(() => page.getByLabel("Rua", { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe("Praça da Sé");
    await tabTo(page, page.getByLabel("Número", { exact: true }));
    await page.keyboard.type("100");

    // The payment method by the arrow keys inside its radio group, until Pix is the one checked.
    const methods = page.getByRole("radiogroup", { name: "Forma de pagamento" });
    const pix = methods.getByRole("radio", { name: "Pix" });
    await tabTo(page, methods.getByRole("radio").first());
    if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)))
      await page.keyboard.press("Space");
    for (let press = 0; press < 6 && !(await pix.isChecked()); press++) await page.keyboard.press("ArrowDown");
    expect(await pix.isChecked()).toBe(true);
    await shot(page, "pix-chosen");

    await tabTo(page, page.getByRole("button", { name: "Finalizar compra" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("img", { name: "QR Code do Pix" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectAccessible(page, "the Pix dialog");
    await shot(page, "pix-dialog");

    // The sandbox payer pays it; the dialog says so and the balance grows, then Escape closes it.
    const token = await product.login(STUDENT.email, STUDENT.password);
    const purchases = await product.api<{ id: number; status: string }[]>("GET", "/api/purchases/authenticatedUser", {
      token,
    });
    const awaiting = purchases.body.find((purchase) => purchase.status === "AWAIT_PAYMENT");
    expectStatus(await product.api("POST", `/api/sandbox/purchases/${awaiting?.id}/pay`, { token }), 200);
    await expect.poll(() => dialog.getByText("Pagamento confirmado").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByTestId("student-balance").textContent(), { timeout: 15_000 })
      .toBe(`Saldo: ${lessonsBefore + 4} aulas`);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
    await shot(page, "paid");
  });
});
