import { studentStreams } from "@el/domain/accounts/student-account";
import { disputeErrors } from "@el/domain/disputes/dispute";
import type { DisputeView } from "@el/domain/disputes/dispute-contracts";
import { lessonStreams } from "@el/domain/lessons/lesson";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";
import { sendDueDisputeMails } from "./dispute-mail-sender";
import { disputeMail } from "./dispute-mail-texts";

const HOUR = 3_600_000;
const clock = movableClock();
const sent: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
  },
};
let test: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  // The e-mails go out when the spec sweeps, not on the product's own schedule.
  test = await createTestApp({ env: { LESSON_MAIL_INTERVAL_MS: "3600000" }, overrides: { clock, mailer } });
  admin = bearer(await adminToken(test.app));
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
/** A lesson of `teacher` with `student` that ended `hours` ago on the business clock. */
const endedAgo = (student: Person, teacher: Person, hours: number) =>
  givenLesson(test.app, student, { date: new Date(clock.now().getTime() - (hours + 1) * HOUR), teacher });
const report = (lessonId: number, by: Person, payload: Record<string, unknown> = {}) =>
  inject({
    method: "POST",
    url: `/api/lessons/${lessonId}/disputes`,
    headers: by.auth,
    payload: { reason: "TEACHER_ABSENT", comment: "Esperei 30 minutos e ninguém entrou.", ...payload },
  });
const answer = (id: number, headers: { authorization: string }, comment = "Eu estava na sala.") =>
  inject({ method: "POST", url: `/api/disputes/${id}/answer`, headers, payload: { comment } });
const resolve = (id: number, payload: Record<string, unknown>, headers = admin) =>
  inject({
    method: "POST",
    url: `/api/disputes/${id}/resolve`,
    headers,
    payload: { refundStudent: true, payTeacher: false, reason: "Ausência confirmada.", ...payload },
  });
const pay = (lessonId: number) =>
  inject({ method: "POST", url: "/api/payments", headers: admin, payload: { lesson: { id: lessonId } } });
const balanceOf = async (student: Person) =>
  (await inject({ method: "GET", url: "/api/account", headers: student.auth })).json<{ balance: number }>().balance;
const people = () => Promise.all([givenStudent(test.app), givenTeacher(test.app)]);

describe("POST /api/lessons/{id}/disputes", () => {
  it("the student reports the teacher absent; the teacher reads it, no one else does, and a second report is refused", async () => {
    const [student, teacher] = await people();
    const other = await givenStudent(test.app);
    const lessonId = await endedAgo(student, teacher, 2);

    const created = await report(lessonId, student);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: lessonId });

    const seen = await inject({ method: "GET", url: `/api/disputes/${lessonId}`, headers: teacher.auth });
    expect(seen.json<DisputeView>()).toMatchObject({
      status: "OPEN",
      reason: "TEACHER_ABSENT",
      openedBy: "STUDENT",
      comment: "Esperei 30 minutos e ninguém entrou.",
      student: { id: student.id },
      teacher: { id: teacher.id },
    });
    const mine = await inject({ method: "GET", url: "/api/disputes", headers: teacher.auth });
    expect(mine.json<DisputeView[]>().map((dispute) => dispute.id)).toEqual([lessonId]);
    expect((await inject({ method: "GET", url: `/api/disputes/${lessonId}`, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await inject({ method: "GET", url: "/api/disputes", headers: other.auth })).json()).toEqual([]);

    const again = await report(lessonId, teacher, { reason: "STUDENT_ABSENT" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(disputeErrors.alreadyDisputed);
  });

  it("is refused before the lesson's end, 24 hours after it, on a lesson without a teacher, to others, and on bad input", async () => {
    const [student, teacher] = await people();
    const stranger = await givenStudent(test.app);
    const notEnded = await endedAgo(student, teacher, -0.5);
    const tooLate = await endedAgo(student, teacher, 24.5);
    const unclaimed = await givenLesson(test.app, student, { date: new Date(clock.now().getTime() - 3 * HOUR) });
    const held = await endedAgo(student, teacher, 1);

    expect((await report(notEnded, student)).json().message).toBe(disputeErrors.notEnded);
    const late = await report(tooLate, teacher, { reason: "STUDENT_ABSENT" });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(disputeErrors.tooLate);
    expect((await report(unclaimed, student)).statusCode).toBe(404);
    expect((await report(held, stranger)).statusCode).toBe(404);
    expect((await report(999_999_999, student)).statusCode).toBe(404);
    expect((await report(held, student, { reason: "BORED" })).statusCode).toBe(400);
    expect((await report(held, student, { comment: "  " })).statusCode).toBe(400);
    expect(
      (await inject({ method: "POST", url: `/api/lessons/${held}/disputes`, headers: admin, payload: {} })).statusCode,
    ).toBe(403);
    expect((await report(held, teacher, { reason: "TECHNICAL" })).statusCode).toBe(201);
  });
});

describe("a dispute and personal data (LGPD)", () => {
  it("is in both sides' personal-data download, with its comments", async () => {
    const [student, teacher] = await people();
    const lessonId = await endedAgo(student, teacher, 2);
    expect((await report(lessonId, student)).statusCode).toBe(201);
    expect((await answer(lessonId, teacher.auth)).statusCode).toBeLessThan(300);
    for (const person of [student, teacher]) {
      const download = await inject({ method: "GET", url: "/api/account/export", headers: person.auth });
      expect(download.statusCode, download.body).toBe(200);
      const { disputes } = download.json<{ disputes: { stream: string; data: { comment?: string } }[] }>();
      expect(disputes.map((event) => event.stream)).toEqual([`dispute-${lessonId}`, `dispute-${lessonId}`]);
      expect(disputes.map((event) => event.data.comment)).toEqual([
        "Esperei 30 minutos e ninguém entrou.",
        "Eu estava na sala.",
      ]);
    }
  });
});

describe("POST /api/disputes/{id}/answer", () => {
  it("the other side answers once within 48 hours; the side that reported, and anyone else, may not", async () => {
    const [student, teacher] = await people();
    const lessonId = await endedAgo(student, teacher, 2);
    await report(lessonId, student);

    expect((await answer(lessonId, student.auth)).json().message).toBe(disputeErrors.ownDispute);
    expect((await answer(lessonId, (await givenTeacher(test.app)).auth)).statusCode).toBe(404);
    expect((await answer(lessonId, teacher.auth, " ")).statusCode).toBe(400);
    const answered = await answer(lessonId, teacher.auth);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<DisputeView>()).toMatchObject({
      status: "ANSWERED",
      answer: { comment: "Eu estava na sala." },
    });
    expect((await answer(lessonId, teacher.auth)).statusCode).toBe(409);
  });

  it("is refused with a clear message once 48 hours have passed", async () => {
    const [student, teacher] = await people();
    const lessonId = await endedAgo(student, teacher, 2);
    await report(lessonId, student);
    clock.moveBy(48 * HOUR + 60_000);
    const late = await answer(lessonId, teacher.auth);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(disputeErrors.answerTooLate);
  });
});

describe("POST /api/disputes/{id}/resolve and the teacher's payout", () => {
  it("pay is refused while open; resolved with the credit back and the payout withheld, it is never paid", async () => {
    const [student, teacher] = await people();
    const lessonId = await endedAgo(student, teacher, 2);
    await report(lessonId, student);
    const before = await balanceOf(student);

    const whileOpen = await pay(lessonId);
    expect(whileOpen.statusCode).toBe(409);
    expect(whileOpen.json().message).toBe(disputeErrors.openOnPay);
    expect((await resolve(lessonId, {}, student.auth)).statusCode).toBe(403);
    expect((await resolve(lessonId, { reason: "" })).statusCode).toBe(400);

    const resolved = await resolve(lessonId, {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<DisputeView>()).toMatchObject({
      status: "RESOLVED",
      resolution: { refundStudent: true, payTeacher: false, reason: "Ausência confirmada." },
    });
    expect(await balanceOf(student)).toBe(before + 1);
    expect((await resolve(lessonId, {})).statusCode).toBe(409);
    expect(await balanceOf(student)).toBe(before + 1);
    expect((await answer(lessonId, teacher.auth)).json().message).toBe(disputeErrors.resolved);
    const withheld = await pay(lessonId);
    expect(withheld.statusCode).toBe(400);
    expect(withheld.json().message).toBe(disputeErrors.payoutWithheld);

    const history = await inject({ method: "GET", url: `/api/audit/streams/dispute-${lessonId}`, headers: admin });
    expect(history.json()).toMatchObject({ kind: "dispute", state: { status: "RESOLVED" } });
    expect(history.json().events.map((step: { event: { type: string } }) => step.event.type)).toEqual([
      "DisputeOpened",
      "DisputeResolved",
    ]);
  });

  it("a payout kept is paid; one withheld from a lesson paid before is undone in the resolution", async () => {
    const [student, teacher] = await people();
    const kept = await endedAgo(student, teacher, 2);
    const paidBefore = await endedAgo(student, teacher, 3);
    expect((await pay(paidBefore)).statusCode).toBe(201);
    await report(kept, teacher, { reason: "STUDENT_ABSENT" });
    await report(paidBefore, student);

    expect((await resolve(kept, { refundStudent: false, payTeacher: true })).statusCode).toBe(200);
    expect((await pay(kept)).statusCode).toBe(201);
    expect((await resolve(paidBefore, {})).statusCode).toBe(200);
    const events = (await test.app.eventStore.readStream(lessonStreams.id(paidBefore))).map((event) => event.type);
    expect(events.slice(-2)).toEqual(["LessonPaid", "LessonPaymentCancelled"]);
  });

  it("flags a teacher reported absent three times in 30 days, for the back office alone", async () => {
    const [student, teacher] = await people();
    for (const hours of [1, 2, 3]) await report(await endedAgo(student, teacher, hours), student);
    const flagged = await inject({ method: "GET", url: "/api/disputes/flagged-teachers", headers: admin });
    expect(flagged.json()).toContainEqual(expect.objectContaining({ teacherId: teacher.id, disputes: 3 }));
    const queue = await inject({ method: "GET", url: "/api/disputes?status=OPEN", headers: admin });
    expect(queue.json<DisputeView[]>().every((dispute) => dispute.status === "OPEN")).toBe(true);
    expect(
      (await inject({ method: "GET", url: "/api/disputes/flagged-teachers", headers: teacher.auth })).statusCode,
    ).toBe(403);
  });
});

describe("a dispute's e-mails", () => {
  it("tell both sides when it is opened and when it is resolved, once each", async () => {
    const [student, teacher] = await people();
    const lessonId = await endedAgo(student, teacher, 2);
    await report(lessonId, student);
    const sweep = async () => {
      const before = sent.length;
      await sendDueDisputeMails(test.app);
      return sent.slice(before).filter((mail) => mail.text.includes(`/disputas/${lessonId}`));
    };
    const opened = await sweep();
    expect(opened.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [student.login, "Relato de problema em uma aula"],
        [teacher.login, "Relato de problema em uma aula"],
      ].sort(),
    );
    expect(opened.find((mail) => mail.to === teacher.login)?.text).toContain("Você pode responder em até 48 horas.");
    expect(await sweep()).toEqual([]);

    await resolve(lessonId, { reason: "Gravação confirma." });
    const resolved = await sweep();
    expect(resolved).toHaveLength(2);
    expect(resolved[0]?.text).toContain("Gravação confirma.");
    expect(resolved[0]?.text).toContain("O crédito da aula voltou para o aluno.");
  });

  it("are written in the recipient's language", () => {
    const mail = disputeMail(
      {
        disputeId: 9,
        kind: "opened",
        recipientId: 2,
        email: "june@example.com",
        firstName: "June",
        langKey: "en",
        toTeacher: true,
        lessonDate: "2026-05-06T13:00:00.000Z",
        reason: "TEACHER_ABSENT",
        openedBy: "STUDENT",
        resolution: null,
      },
      "https://englishlessons.example",
    );
    expect(mail.subject).toBe("A problem reported with a lesson");
    expect(mail.text).toContain("the teacher did not show up. You may answer within 48 hours.");
    expect(mail.text).toContain("https://englishlessons.example/disputas/9");
  });
});

/** Two processes of the product on one PostgreSQL, where two resolutions truly overlap. */
describe("resolving one dispute twice at once", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ driver: "pg" });
    second = await createTestApp({ databaseUrl: first.app.config.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("gives the credit back exactly once: one resolution stands, the other is told it is resolved", async () => {
    const headers = bearer(await adminToken(first.app));
    const [student, teacher] = await Promise.all([givenStudent(first.app), givenTeacher(first.app)]);
    const lessonId = await givenLesson(first.app, student, { date: new Date(Date.now() - 3 * HOUR), teacher });
    const opened = await first.app.inject({
      method: "POST",
      url: `/api/lessons/${lessonId}/disputes`,
      headers: student.auth,
      payload: { reason: "TEACHER_ABSENT", comment: "Ninguém entrou." },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const payload = { refundStudent: true, payTeacher: false, reason: "Confirmado." };
    const answers = await Promise.all(
      [first, second].map((process) =>
        process.app.inject({ method: "POST", url: `/api/disputes/${lessonId}/resolve`, headers, payload }),
      ),
    );
    expect(answers.map((answered) => answered.statusCode).sort()).toEqual([200, 409]);
    const refunds = (await first.app.eventStore.readStream(studentStreams.id(student.id))).filter(
      (event) => event.type === "CreditRefunded",
    );
    expect(refunds).toHaveLength(1);
  });
});
