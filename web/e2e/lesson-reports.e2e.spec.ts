import { readFileSync } from "node:fs";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshots } from "./harness";
import { laterForFeedback, type PastLessonJourney, startWithPastLesson, stopWithPastLesson } from "./past-lesson";
import { signedInWindow } from "./sign-in";

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };
const STUDENT = { email: "rita.lopes@example.com", password: "aprender123", firstName: "Rita", lastName: "Lopes" };
const TEACHER = { email: "owen.reed@example.com", password: "teaching123", firstName: "Owen", lastName: "Reed" };

let journey: PastLessonJourney;

// Rita had a lesson with Owen yesterday at 10:00.
beforeAll(async () => {
  journey = await startWithPastLesson({
    prefix: "el-e2e-reports-",
    student: STUDENT,
    teacher: TEACHER,
    start: new Date(`${localDateOf(new Date(Date.now() - DAY))}T10:00:00-03:00`),
    level: 1,
  });
}, 240_000);
afterAll(() => stopWithPastLesson(journey ?? {}));

describe("lesson reports, on a phone", () => {
  it("the teacher writes the report after the lesson, the student reads it and marks the homework done, then sees her progress and downloads the certificate", async () => {
    const shot = screenshots("lesson-reports");
    const teacher = await signedInWindow(journey.browser, journey.product, TEACHER, "/teacher", { viewport: PHONE });
    await laterForFeedback(teacher);
    await teacher.getByRole("link", { name: "Escrever relatório" }).first().click();
    await teacher.getByRole("heading", { level: 1, name: "Relatório da aula" }).waitFor();
    await teacher.getByLabel("O que foi visto na aula").fill("Ordering food at a restaurant");
    const word = teacher.getByLabel("Nova palavra ou expressão");
    await word.fill("the bill, please");
    await word.press("Enter");
    await word.fill("menu");
    await teacher.getByRole("button", { name: "Adicionar" }).click();
    await teacher.getByLabel("Lição de casa").fill("Write a dialogue with a waiter");
    await teacher.getByRole("button", { name: "Salvar relatório" }).click();
    await teacher.getByText("Relatório salvo (versão 1).").waitFor({ timeout: 20_000 });
    await expectAccessible(teacher, "/teacher/aulas/:id/relatorio");
    await shot(teacher, "teacher-report");

    const student = await signedInWindow(journey.browser, journey.product, STUDENT, "/student", { viewport: PHONE });
    await laterForFeedback(student);
    await student.getByRole("link", { name: "Ver relatório" }).first().click();
    await student.getByText("Ordering food at a restaurant").waitFor();
    expect(await student.getByText("the bill, please").isVisible()).toBe(true);
    await expectAccessible(student, "/student/aulas/:id/relatorio");
    await student.getByRole("button", { name: "Marcar lição como feita" }).click();
    await student.getByText(/^Lição de casa feita em/).waitFor({ timeout: 20_000 });
    await shot(student, "student-report");

    // The teacher's page, still open, shows it without a reload.
    await teacher.getByText(/^Lição de casa feita em/).waitFor({ timeout: 20_000 });

    await student.goto(`${journey.product.baseUrl}/progresso`);
    await student.getByRole("heading", { name: "1 hora de aula em 1 aula" }).waitFor({ timeout: 20_000 });
    expect(new URL(student.url()).pathname).toBe("/student/progresso");
    expect(await student.getByText("menu", { exact: true }).isVisible()).toBe(true);
    expect(await student.getByText("1 semana seguida com aula").isVisible()).toBe(true);
    await expectAccessible(student, "/student/progresso");
    const width = await student.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(student, "progress");
    const [download] = await Promise.all([
      student.waitForEvent("download"),
      student.getByRole("button", { name: "Baixar certificado (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("certificado-horas.pdf");
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    await teacher.context().close();
    await student.context().close();
  }, 300_000);
});
