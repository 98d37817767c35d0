import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, type Product, screenshots, startJourney, stopJourney, teachesEveryDay } from "./harness";
import { signedInWindow } from "./sign-in";

let product: Product;
let browser: Browser;

const STUDENT = { email: "lia.prado@example.com", password: "aprender123", firstName: "Lia", lastName: "Prado" };
const TEACHER = { email: "june.hart@example.com", password: "teaching123", firstName: "June", lastName: "Hart" };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ product, browser } = await startJourney({ student: STUDENT, credits: 3, teachers: [TEACHER] }));
  // June teaches every day from 07:00 to 23:00, so the next two weeks hold free starts whatever the hour.
  await teachesEveryDay(product, TEACHER);
}, 240_000);
afterAll(() => stopJourney({ product, browser }));

/** Fails when the page is wider than the phone: nothing may make the reader scroll sideways. */
const expectNoSidewaysScroll = async (page: Page, where: string) => {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width, `${where} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
};

/** The teacher's card in the directory, once the read model lists her. */
const juneCard = async (page: Page) => {
  const card = page.getByRole("article", { name: "June Hart" });
  for (let attempt = 0; attempt < 10 && !(await card.isVisible()); attempt++) {
    await page.waitForTimeout(500);
    await page.reload();
  }
  return card;
};

describe("choosing a teacher, on a phone", () => {
  it("a student finds a teacher, favourites her, books a free start and then every week, and cancels the series; every page axe-clean at 390 px", async () => {
    const shot = screenshots("teacher-directory");
    const page = await signedInWindow(browser, product, STUDENT, "/professores", { viewport: PHONE });
    const card = await juneCard(page);
    await card.getByText(/Próximo horário livre/).waitFor();
    await expectAccessible(page, "/professores");
    await expectNoSidewaysScroll(page, "/professores");
    await shot(page, "directory");

    await card.getByRole("link", { name: "June Hart" }).click();
    await page.getByRole("heading", { level: 1, name: "June Hart" }).waitFor();
    await page.getByRole("button", { name: "Favoritar" }).click();
    await page.getByRole("button", { name: "Remover dos favoritos" }).waitFor();
    await expectAccessible(page, "/professores/:id");
    await expectNoSidewaysScroll(page, "/professores/:id");

    const slots = page.getByRole("region", { name: "Horários livres nas próximas duas semanas" });
    await slots
      .getByRole("list", { name: /^Horários de/ })
      .getByRole("button")
      .first()
      .click();
    const booking = page.getByRole("region", { name: "Agendar com June" });
    await booking.getByLabel("Trilha").selectOption({ index: 1 });
    await expectAccessible(page, "/professores/:id with a start chosen");
    await expectNoSidewaysScroll(page, "/professores/:id with a start chosen");
    await shot(page, "booking");
    await booking.getByRole("button", { name: "Agendar com June" }).click();
    await booking.getByText(/Aula agendada com June/).waitFor({ timeout: 20_000 });
    await shot(page, "booked");

    await booking.getByRole("link", { name: "Ver minhas aulas" }).click();
    const favorites = page.getByRole("region", { name: "Meus professores favoritos" });
    await favorites.getByRole("link", { name: "June Hart" }).waitFor();
    expect(
      await favorites.getByRole("list", { name: "Próximos horários livres de June Hart" }).getByRole("link").count(),
    ).toBeGreaterThan(0);
    await expectAccessible(page, "/student");
    await expectNoSidewaysScroll(page, "/student");
    await shot(page, "home");

    await page.goto(`${product.baseUrl}/student/aulas-semanais`);
    await page.getByText(/Você ainda não tem aulas semanais/).waitFor();
    await expectAccessible(page, "/student/aulas-semanais, empty");

    // Every week with June, from a start on another day.
    await page.goto(`${product.baseUrl}/professores`);
    await (await juneCard(page)).getByRole("link", { name: "June Hart" }).click();
    const days = page.getByRole("list", { name: "Dias com horários livres" });
    await days.getByRole("button").nth(3).click();
    await page
      .getByRole("region", { name: "Horários livres nas próximas duas semanas" })
      .getByRole("list", { name: /^Horários de/ })
      .getByRole("button")
      .first()
      .click();
    const weekly = page.getByRole("region", { name: "Agendar com June" });
    await weekly.getByLabel("Trilha").selectOption({ index: 1 });
    await weekly.getByLabel("Toda semana").check();
    await weekly.getByLabel("Por quantas semanas").selectOption("4");
    await expectAccessible(page, "/professores/:id, every week");
    await weekly.getByRole("button", { name: "Agendar toda semana" }).click();
    await weekly.getByText(/Aulas semanais agendadas com June/).waitFor({ timeout: 20_000 });

    await page.goto(`${product.baseUrl}/student/aulas-semanais`);
    const series = page.getByRole("article", { name: /com June Hart$/ });
    await series.getByText("Ativa", { exact: true }).waitFor();
    await expectAccessible(page, "/student/aulas-semanais");
    await expectNoSidewaysScroll(page, "/student/aulas-semanais");
    await shot(page, "series");
    await series.getByRole("button", { name: "Cancelar série" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sim, cancelar a série" }).click();
    await series.getByText("Cancelada", { exact: true }).waitFor({ timeout: 20_000 });
    await page.context().close();
  }, 300_000);

  it("a visitor who picks a start signs in and comes back to it, ready to book", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/professores`);
    await (await juneCard(page)).getByRole("link", { name: "June Hart" }).click();
    await page.getByText("Entre como aluno para agendar uma aula com este professor.").waitFor();
    await expectAccessible(page, "/professores/:id, signed out");
    const times = page.getByRole("list", { name: /^Horários de/ });
    const start = await times.getByRole("button").first().getAttribute("aria-label");
    await times.getByRole("button").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(STUDENT.email);
    await dialog.getByLabel("Senha").fill(STUDENT.password);
    await dialog.getByRole("button", { name: "Entrar" }).click();
    const booking = page.getByRole("region", { name: "Agendar com June" });
    await booking.getByLabel("Trilha").waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/professores\/\d+$/);
    expect(await page.getByRole("button", { name: start ?? "" }).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  }, 120_000);

  it("a student asks the teacher for a time of her own, to be cancelled with the credit back if she does not accept", async () => {
    const page = await signedInWindow(browser, product, STUDENT, "/professores", { viewport: PHONE });
    await (await juneCard(page)).getByRole("link", { name: "June Hart" }).click();
    await page.getByRole("button", { name: "Solicitar outro horário" }).click();
    const request = page.getByRole("region", { name: "Solicitar outro horário" });
    await request.getByLabel("Data").fill(localDateOf(new Date(Date.now() + 5 * 24 * 60 * 60 * 1000)));
    await request.getByLabel("Horário").selectOption("10:00");
    await request.getByLabel("Trilha").selectOption({ index: 1 });
    await request.getByLabel("Cancelar e devolver o crédito").check();
    await expectAccessible(page, "/professores/:id, requesting another time");
    await request.getByRole("button", { name: "Enviar pedido" }).click();
    await request.getByText("Pedido enviado para June Hart. Avisaremos você assim que houver resposta.").waitFor({
      timeout: 20_000,
    });
    await page.context().close();
  }, 120_000);
});
