import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, type Product, screenshots, startJourney, stopJourney } from "./harness";
import { neverReloaded, signedIn } from "./sign-in";

let product: Product;
let browser: Browser;

const STUDENT = { email: "ana.souza@example.com", password: "aprender123", firstName: "Ana", lastName: "Souza" };
const TEACHERS = [
  { email: "paul.smith@example.com", password: "teaching123", firstName: "Paul", lastName: "Smith" },
  { email: "laura.jones@example.com", password: "teaching123", firstName: "Laura", lastName: "Jones" },
];

beforeAll(async () => {
  ({ product, browser } = await startJourney({ student: STUDENT, credits: 2, teachers: TEACHERS }));
});
afterAll(() => stopJourney({ product, browser }));

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe("the lesson loop, live in two browsers", () => {
  it("a scheduled lesson reaches the teachers, one claims it, the student sees it accepted with its link", async () => {
    const shot = screenshots("lesson-loop");
    const teacher = await signedIn(browser, product, TEACHERS[0]!, "/teacher/aceitar-aulas");
    const otherTeacher = await signedIn(browser, product, TEACHERS[1]!, "/teacher/aceitar-aulas");
    const student = await signedIn(browser, product, STUDENT, "/student");

    await expect.poll(visible(teacher, "Não há aulas agendadas no momento"), { timeout: 15_000 }).toBe(true);
    await expect.poll(visible(otherTeacher, "Não há aulas agendadas no momento"), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => student.getByTestId("student-balance").textContent(), { timeout: 15_000 })
      .toBe("Saldo: 2 aulas");
    await shot(student, "student-before");
    await shot(teacher, "teacher-board-empty");
    await expectAccessible(student, "the student's home");
    await expectAccessible(teacher, "the teacher's Aceitar aulas, empty");

    // The student schedules tomorrow at 10:00, São Paulo time.
    const tomorrow = localDateOf(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await student.getByLabel("Nível", { exact: true }).selectOption({ label: "Begginer" });
    const trail = student.getByLabel("Conteúdo");
    const trailLabel = (await trail.locator("option").nth(1).textContent()) ?? "";
    await trail.selectOption({ label: trailLabel });
    await student.getByLabel("Data").fill(tomorrow);
    await student.getByLabel("Horário").selectOption("10:00");
    await shot(student, "student-schedule-form");
    await student.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect.poll(visible(student, "Agendamento realizado com sucesso!"), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => student.getByTestId("student-balance").textContent(), { timeout: 15_000 })
      .toBe("Saldo: 1 aula");
    const upcoming = student.getByRole("region", { name: "Próximas aulas" });
    await expect.poll(() => upcoming.getByText(trailLabel).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => upcoming.locator(".lesson-status").first().textContent()).toBe("Pendente");
    await shot(student, "student-scheduled-pending");

    // Both teachers see it appear on their board without reloading.
    const board = (page: Page) => page.getByRole("list", { name: "Aulas aguardando professor" });
    await expect.poll(() => board(teacher).getByText(trailLabel).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => board(otherTeacher).getByText(trailLabel).isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(teacher, "teacher-board-shows-lesson");
    await expectAccessible(teacher, "the teacher's Aceitar aulas with a lesson");

    await board(teacher).getByRole("button", { name: "Aceitar aula" }).click();
    await expect.poll(visible(teacher, /Aula aceita com sucesso!/), { timeout: 15_000 }).toBe(true);
    await shot(teacher, "teacher-claimed");

    // The other teacher sees it vanish.
    await expect.poll(visible(otherTeacher, "Não há aulas agendadas no momento"), { timeout: 15_000 }).toBe(true);
    await shot(otherTeacher, "other-teacher-lesson-gone");

    // The student sees it accepted, with the teacher and the video link.
    await expect
      .poll(() => upcoming.locator(".lesson-status").first().textContent(), { timeout: 15_000 })
      .toBe("Aceito");
    expect(await upcoming.getByText("Paul Smith").isVisible()).toBe(true);
    const join = upcoming.getByRole("link", { name: "Entrar na aula" });
    expect(await join.getAttribute("href")).toMatch(/^https:\/\/meet\.jit\.si\//);
    await upcoming.getByRole("button", { name: "Detalhes" }).click();
    const details = student.getByRole("dialog", { name: "Detalhes da aula" });
    expect(await details.getByRole("link").getAttribute("href")).toBe(await join.getAttribute("href"));
    expect(await student.getByTestId("student-balance").textContent()).toBe("Saldo: 1 aula");
    await shot(student, "student-accepted-with-link");
    await expectAccessible(student, "the lesson details dialog");

    for (const page of [student, teacher, otherTeacher]) expect(await neverReloaded(page)).toBe(true);
  });

  it("the landing page shows the packs with their savings, on a desktop and on a phone", async () => {
    const shot = screenshots("landing");
    for (const viewport of [
      { name: "desktop", width: 1280, height: 900 },
      { name: "phone", width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, locale: "pt-BR" });
      const page = await context.newPage();
      await page.goto(product.baseUrl);
      const twelve = page.getByRole("article", { name: "Pacote de 12 aulas" });
      await expect.poll(() => twelve.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await twelve.getByText("Economize 14,8%").isVisible()).toBe(true);
      expect(
        await page.getByRole("article", { name: "Pacote de 24 aulas" }).getByText("Economize 20,2%").isVisible(),
      ).toBe(true);
      expect(
        await page.getByRole("link", { name: "Agende sua aula experimental grátis" }).first().getAttribute("href"),
      ).toBe("/registro/aluno");
      const headerBackground = () =>
        page.evaluate(() => getComputedStyle(document.querySelector("header") as Element).backgroundColor);
      expect(await headerBackground()).toBe("rgba(0, 0, 0, 0)");
      await shot(page, `${viewport.name}-top`);
      await expectAccessible(page, `the landing page (${viewport.name})`);
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect.poll(headerBackground, { timeout: 5_000 }).toBe("rgba(32, 57, 99, 0.85)");
      await shot(page, `${viewport.name}-full`);
      await context.close();
    }
  });
});
