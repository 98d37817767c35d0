import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { lessonReportErrors } from "@el/domain/lessons/reports/lesson-report";
import type { LessonReportView, ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { LEVEL_TEST_RETAKE_AFTER_LESSONS } from "@el/domain/lessons/reports/progress";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher } from "../../../test/lesson-fixtures";
import { textOfPdf } from "./pdf-text";

const DAY = 86_400_000;
const reportBody = {
  covered: "Ordering food at a restaurant",
  vocabulary: ["menu", "the bill, please", "Menu"],
  corrections: "I want a water → I'd like some water",
  homework: "Write a dialogue with a waiter",
};

/** Two days ago, a new teacher gave a lesson to a new student. */
const heldLesson = async (app: TestApp["app"]) => {
  const [student, teacher] = await Promise.all([givenStudent(app), givenTeacher(app)]);
  const lessonId = await givenLesson(app, student, { date: new Date(Date.now() - 2 * DAY), teacher });
  return { student, teacher, lessonId };
};

// The roundtrip on PostgreSQL; the cases below, and the read models' own spec (projections/src/lesson-reports), on PGlite.
describe("lesson report and progress on PostgreSQL", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pg" });
  });
  afterAll(() => test.close());

  it("the teacher writes the report, the student reads it, marks the homework done, and sees it in the progress", async () => {
    const { student, teacher, lessonId } = await heldLesson(test.app);
    const url = `/api/lessons/${lessonId}/report`;
    const written = await test.app.inject({ method: "PUT", url, headers: teacher.auth, payload: reportBody });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.headers["x-app-alert"]).toBe("lessonReports.saved");
    expect(written.json<LessonReportView>()).toMatchObject({
      lessonId,
      covered: reportBody.covered,
      vocabulary: ["menu", "the bill, please"],
      version: 1,
      homeworkDoneAt: null,
      teacherName: `${teacher.firstName} Lima`,
    });
    const done = await test.app.inject({ method: "POST", url: `${url}/homework-done`, headers: student.auth });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LessonReportView>().homeworkDoneAt).not.toBeNull();
    const seen = await test.app.inject({ method: "GET", url, headers: teacher.auth });
    expect(seen.json<LessonReportView>().homeworkDoneAt).toBe(done.json<LessonReportView>().homeworkDoneAt);
    const progress = await test.app.inject({ method: "GET", url: "/api/progress", headers: student.auth });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json<ProgressView>()).toMatchObject({
      lessons: 1,
      hours: 1,
      vocabulary: [
        { text: "menu", lessonId },
        { text: "the bill, please", lessonId },
      ],
      byTrail: [{ trail: { title: "Greetings" }, level: { name: "Begginer" }, lessons: 1, hours: 1 }],
      levelTest: { lastTakenAt: null, lessonsSince: 1, retakeAfter: LEVEL_TEST_RETAKE_AFTER_LESSONS, due: true },
    });
  });
});

describe("lesson reports", () => {
  let test: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    test = await createTestApp();
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);
  const write = (lessonId: number, headers: Record<string, string>, payload: object = reportBody) =>
    inject({ method: "PUT", url: `/api/lessons/${lessonId}/report`, headers, payload });
  const read = (lessonId: number, headers: Record<string, string>) =>
    inject({ method: "GET", url: `/api/lessons/${lessonId}/report`, headers });
  const markDone = (lessonId: number, headers: Record<string, string>) =>
    inject({ method: "POST", url: `/api/lessons/${lessonId}/report/homework-done`, headers });

  it("is read by the lesson's student, its teacher and administrators, and not found by anyone else", async () => {
    const { student, teacher, lessonId } = await heldLesson(test.app);
    expect((await write(lessonId, teacher.auth)).statusCode).toBe(200);
    for (const headers of [student.auth, teacher.auth, admin])
      expect((await read(lessonId, headers)).json<LessonReportView>().covered).toBe(reportBody.covered);
    const [otherStudent, otherTeacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    for (const headers of [otherStudent.auth, otherTeacher.auth]) {
      const refused = await read(lessonId, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: lessonReportErrors.notFound });
    }
    expect((await read(lessonId, {})).statusCode).toBe(401);
  });

  it("answers 404 for a lesson without a report, and for an unknown lesson", async () => {
    const { student, lessonId } = await heldLesson(test.app);
    expect((await read(lessonId, student.auth)).statusCode).toBe(404);
    expect((await read(999_999_999, admin)).statusCode).toBe(404);
  });

  it("is written only by the lesson's teacher: a student is refused (403), another teacher does not find it (404)", async () => {
    const { student, lessonId } = await heldLesson(test.app);
    expect((await write(lessonId, student.auth)).statusCode).toBe(403);
    expect((await write(lessonId, (await givenTeacher(test.app)).auth)).statusCode).toBe(404);
    expect((await write(999_999_999, (await givenTeacher(test.app)).auth)).statusCode).toBe(404);
  });

  it("is refused before the lesson starts, without what was covered, and with a malformed body (400)", async () => {
    const [student, teacher] = await Promise.all([givenStudent(test.app), givenTeacher(test.app)]);
    const later = await givenLesson(test.app, student, { date: new Date(Date.now() + 2 * DAY), teacher });
    const early = await write(later, teacher.auth);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: lessonReportErrors.notStarted });
    const held = await givenLesson(test.app, student, { date: new Date(Date.now() - DAY), teacher });
    const blank = await write(held, teacher.auth, { ...reportBody, covered: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: lessonReportErrors.coveredRequired });
    expect((await write(held, teacher.auth, { ...reportBody, vocabulary: "menu" })).statusCode).toBe(400);
  });

  it("is written again as a new version; the same report again stores nothing new", async () => {
    const { teacher, lessonId } = await heldLesson(test.app);
    await write(lessonId, teacher.auth);
    const again = await write(lessonId, teacher.auth, { ...reportBody, covered: "Ordering food, part 2" });
    expect(again.json<LessonReportView>()).toMatchObject({ version: 2, covered: "Ordering food, part 2" });
    const same = await write(lessonId, teacher.auth, { ...reportBody, covered: "Ordering food, part 2" });
    expect(same.json<LessonReportView>().version).toBe(2);
  });

  it("has its homework marked done by its student only; without a report there is nothing to mark", async () => {
    const { student, teacher, lessonId } = await heldLesson(test.app);
    expect((await markDone(lessonId, student.auth)).statusCode).toBe(404);
    await write(lessonId, teacher.auth);
    expect((await markDone(lessonId, teacher.auth)).statusCode).toBe(403);
    expect((await markDone(lessonId, (await givenStudent(test.app)).auth)).statusCode).toBe(404);
    const first = await markDone(lessonId, student.auth);
    const again = await markDone(lessonId, student.auth);
    expect(again.json<LessonReportView>().homeworkDoneAt).toBe(first.json<LessonReportView>().homeworkDoneAt);
  });

  it("refuses to mark homework done when the report gives none (409)", async () => {
    const { student, teacher, lessonId } = await heldLesson(test.app);
    await write(lessonId, teacher.auth, { ...reportBody, homework: "" });
    const refused = await markDone(lessonId, student.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: lessonReportErrors.noHomework });
  });

  it("gives the student a certificate of the hours completed, as a PDF", async () => {
    const [student, teacher] = await Promise.all([
      givenStudent(test.app, { firstName: "Beatriz" }),
      givenTeacher(test.app),
    ]);
    for (const days of [9, 2])
      await givenLesson(test.app, student, { date: new Date(Date.now() - days * DAY), teacher });
    const pdf = await inject({ method: "GET", url: "/api/progress/certificate.pdf", headers: student.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    const text = textOfPdf(pdf.rawPayload);
    expect(text).toContain("Beatriz Souza");
    expect(text).toContain("concluiu 2 horas de aulas de inglês (2 aulas)");
  });

  it("keeps the progress and the certificate to students", async () => {
    const teacher = await givenTeacher(test.app);
    expect((await inject({ method: "GET", url: "/api/progress", headers: teacher.auth })).statusCode).toBe(403);
    expect((await inject({ method: "GET", url: "/api/progress/certificate.pdf", headers: admin })).statusCode).toBe(
      403,
    );
  });

  it("is in the student's personal-data download, and its texts are erased with either person of the lesson (LGPD)", async () => {
    const { student, teacher, lessonId } = await heldLesson(test.app);
    await write(lessonId, teacher.auth);
    await markDone(lessonId, student.auth);
    const download = await inject({ method: "GET", url: "/api/account/export", headers: student.auth });
    expect(download.statusCode, download.body).toBe(200);
    const { lessonReports } = download.json<{ lessonReports: { type: string; data: { covered?: string } }[] }>();
    expect(lessonReports.map((event) => event.type)).toEqual(["LessonReportWritten", "LessonHomeworkDone"]);
    expect(lessonReports[0]?.data.covered).toBe(reportBody.covered);
    const erased = await inject({ method: "POST", url: `/api/users/${student.login}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const report = (await read(lessonId, teacher.auth)).json<LessonReportView>();
    expect(report).toMatchObject({ covered: PERSON_REMOVED, homework: PERSON_REMOVED, vocabulary: [] });
  });
});
