import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, expectAccessible, screenshots } from "./harness";
import { laterForFeedback, type PastLessonJourney, startWithPastLesson, stopWithPastLesson } from "./past-lesson";
import { signedInWindow } from "./sign-in";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PHONE = { width: 390, height: 844 };
const STUDENT = { email: "clara.dias@example.com", password: "aprender123", firstName: "Clara", lastName: "Dias" };
const TEACHER = { email: "ian.moss@example.com", password: "teaching123", firstName: "Ian", lastName: "Moss" };

let journey: PastLessonJourney;

/** 10:00 in São Paulo of the latest day whose lesson has ended by now: it ended less than 24 hours ago. */
const lastEndedLessonStart = () => {
  const today = new Date(`${localDateOf(new Date())}T10:00:00-03:00`);
  return Date.now() >= today.getTime() + HOUR ? today : new Date(today.getTime() - DAY);
};

// Clara's lesson with Ian ended a few hours ago, on a trail of her level (not the free trial's): it spent one of
// her two credits.
beforeAll(async () => {
  journey = await startWithPastLesson({
    prefix: "el-e2e-disputes-",
    student: STUDENT,
    teacher: TEACHER,
    start: lastEndedLessonStart(),
    level: 1,
  });
}, 240_000);
afterAll(() => stopWithPastLesson(journey ?? {}));

const expectNoSidewaysScroll = async (page: Page, where: string) => {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width, `${where} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
};

describe("a lesson that did not happen, on a phone", () => {
  it("the student reports the teacher absent, the teacher answers, an administrator resolves with the credit back, and the student's balance shows it", async () => {
    const shot = screenshots("disputes");
    const student = await signedInWindow(journey.browser, journey.product, STUDENT, "/student", { viewport: PHONE });
    await laterForFeedback(student);
    await shot(student, "home");
    await student.getByTestId("student-balance").getByText("Saldo: 1 aula").waitFor();
    await student.getByRole("link", { name: "Relatar problema" }).first().click();
    await student.getByRole("heading", { name: "Relatar problema com a aula" }).waitFor();
    await student.getByRole("radio", { name: "Professor não compareceu" }).check();
    await student.getByLabel("Comentário").fill("Esperei 30 minutos e o professor não entrou.");
    await expectAccessible(student, "/disputas/relatar/:lessonId");
    await expectNoSidewaysScroll(student, "/disputas/relatar/:lessonId");
    await student.getByRole("button", { name: "Enviar relato" }).click();
    await student.getByText("Aguardando a decisão da administração.").waitFor({ timeout: 20_000 });
    await expectAccessible(student, "/disputas/:id");
    await shot(student, "reported");

    const teacher = await signedInWindow(journey.browser, journey.product, TEACHER, "/disputas", { viewport: PHONE });
    await teacher.getByRole("link", { name: /^Relato da aula de/ }).click();
    await teacher.getByText("Esperei 30 minutos e o professor não entrou.").waitFor();
    await teacher.getByLabel("Sua resposta").fill("Entrei no horário; a aluna não apareceu.");
    await expectAccessible(teacher, "/disputas/:id with the answer form");
    await expectNoSidewaysScroll(teacher, "/disputas/:id");
    await teacher.getByRole("button", { name: "Enviar resposta" }).click();
    await teacher.getByText("Respondido").waitFor({ timeout: 20_000 });
    // The student's page, still open, shows the answer without a reload.
    await student.getByText("Entrei no horário; a aluna não apareceu.").waitFor({ timeout: 20_000 });
    await shot(teacher, "answered");

    const admin = await signedInWindow(journey.browser, journey.product, ADMIN, "/gerencia/disputas", {
      viewport: PHONE,
    });
    await admin.getByLabel("Situação").selectOption({ label: "Respondido" });
    await admin.getByRole("link", { name: "Ver e resolver" }).click();
    await admin.getByLabel("Devolver o crédito ao aluno").check();
    await admin.getByLabel("Pagar o professor por esta aula").uncheck();
    await admin.getByLabel("Motivo da decisão (os dois lados verão)").fill("A gravação mostra a sala vazia.");
    await expectAccessible(admin, "/gerencia/disputas/:id");
    await admin.getByRole("button", { name: "Resolver" }).click();
    await admin.getByText("Crédito devolvido ao aluno").waitFor({ timeout: 20_000 });
    await shot(admin, "resolved");

    await teacher.getByText("A gravação mostra a sala vazia.").waitFor({ timeout: 20_000 });
    await teacher.getByText("Pagamento do professor retido").waitFor();
    await student.goto(`${journey.product.baseUrl}/student`);
    await student.getByTestId("student-balance").getByText("Saldo: 2 aulas").waitFor({ timeout: 20_000 });
    await shot(student, "credit-back");
    await Promise.all([student, teacher, admin].map((page) => page.context().close()));
  }, 300_000);
});
