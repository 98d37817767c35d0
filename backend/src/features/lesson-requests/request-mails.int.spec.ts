import { studentStreams } from "@el/domain/accounts/student-account";
import { localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import { lessonRequestsDue } from "@el/projections/lesson-requests/index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";
import { sweepLessonRequestsDue } from "./lesson-request-expiry";
import { answerRequest, requestTeacher } from "./lesson-request-fixtures";
import { sendDueRequestMails } from "./request-mail-sender";

/** The sweeps on a timer are left to these tests, which sweep when they choose. */
const env = { LESSON_MAIL_INTERVAL_MS: "3600000", LESSON_REQUEST_INTERVAL_MS: "3600000" };
const HOUR = 3_600_000;

describe("request e-mails, on PostgreSQL", () => {
  let test: TestApp;
  let trail: Awaited<ReturnType<typeof aTrail>>;
  const clock = movableClock();
  const sent: Mail[] = [];
  let failing = false;
  const mailer: Mailer = {
    async send(mail) {
      if (failing) throw new Error("SMTP refused");
      sent.push(mail);
    },
  };
  beforeAll(async () => {
    test = await createTestApp({ driver: "pg", env, overrides: { mailer, clock } });
    trail = await aTrail(test.app);
  });
  afterAll(() => test?.close());

  /** What a sweep sent to `person`. */
  const sweep = async (person: Person) => {
    const before = sent.length;
    await sendDueRequestMails(test.app);
    return sent.slice(before).filter((mail) => mail.to === person.login);
  };
  /** The states of a lesson's request e-mails, once the work list shows `expected` of them. */
  const workListShows = (lessonId: number, expected: Record<string, string>) =>
    vi.waitFor(
      async () => {
        const { rows } = await test.app.db.query<{ kind: string; state: string }>(
          "select kind, state from lesson_request_mails where lesson_id = $1",
          [lessonId],
        );
        expect(Object.fromEntries(rows.map((row) => [row.kind, row.state]))).toEqual(expected);
      },
      { timeout: 15_000, interval: 50 },
    );
  const request = async (
    student: Person,
    teacher: Person,
    fallback: "BOARD" | "CANCEL",
    start = saoPauloTime(3, 10),
  ) => {
    const response = await requestTeacher(test.app, student, teacher.id, { start, trailId: trail.id, fallback });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; expiresAt: string };
  };
  const inEnglish = async (person: Person) => {
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: studentStreams.id(person.id),
        expectedVersion: "any",
        events: [{ type: "ProfileChanged", data: { changes: { langKey: "en" }, by: person.login } }],
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);
  };

  it("tells the teacher asked who asks, until when to answer and what happens without an answer, once", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const { id, expiresAt } = await request(student, teacher, "CANCEL");
    await workListShows(id, { requested: "due" });
    const [mail, ...more] = await sweep(teacher);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Aula solicitada para você");
    expect(mail?.text).toContain(`${student.firstName} Souza solicitou uma aula com você`);
    expect(mail?.text).toContain(`às ${localTimeOf(expiresAt)} (horário de Brasília)`);
    expect(mail?.text).toContain("a aula é cancelada e o crédito volta para o aluno");
    expect(mail?.text).toContain(`Aula: `);
    expect(mail?.text).toContain("/teacher");
    expect(await sweep(teacher)).toEqual([]);
    expect(await sweep(student)).toEqual([]);
  });

  it("tells the student a decline, and that the lesson was cancelled with the credit back", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const { id } = await request(student, teacher, "CANCEL", saoPauloTime(3, 12));
    expect((await answerRequest(test.app, teacher, id, "decline")).statusCode).toBe(200);
    await workListShows(id, { requested: "skipped", declined: "due" });
    const [mail, ...more] = await sweep(student);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Sua solicitação de aula foi recusada");
    expect(mail?.text).toContain(`${teacher.firstName} Lima não poderá dar a aula que você solicitou.`);
    expect(mail?.text).toContain("a aula foi cancelada e o crédito voltou para a sua conta");
  });

  it("tells a student who reads English an expiry, and that the lesson is on the open board", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    await inEnglish(student);
    const { id } = await request(student, teacher, "BOARD", saoPauloTime(3, 14));
    await workListShows(id, { requested: "due" });
    clock.moveBy(12 * HOUR + 60_000);
    try {
      await vi.waitFor(async () => expect(await lessonRequestsDue(test.app.db, clock.now())).toContain(id), {
        timeout: 15_000,
      });
      expect(await sweepLessonRequestsDue(test.app)).toBeGreaterThanOrEqual(1);
      await workListShows(id, { requested: "skipped", expired: "due" });
      const [mail] = await sweep(student);
      expect(mail?.subject).toBe("Your lesson request expired");
      expect(mail?.text).toContain(`${teacher.firstName} Lima did not answer the lesson you requested in time.`);
      expect(mail?.text).toContain("is now on the open board");
      expect(mail?.text).toContain("(Brasília time)");
    } finally {
      clock.moveBy(-(12 * HOUR + 60_000));
    }
  });

  it("does not tell the teacher of a request already answered or cancelled, nor send one e-mail twice at once", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 2 }), await givenTeacher(test.app)];
    const answered = await request(student, teacher, "BOARD", saoPauloTime(4, 9));
    expect((await answerRequest(test.app, teacher, answered.id, "accept")).statusCode).toBe(200);
    const cancelled = await request(student, teacher, "BOARD", saoPauloTime(4, 11));
    await test.app.inject({ method: "DELETE", url: `/api/schedulings/${cancelled.id}`, headers: student.auth });
    await workListShows(answered.id, { requested: "skipped" });
    await workListShows(cancelled.id, { requested: "skipped" });
    expect(await sweep(teacher)).toEqual([]);
    const open = await request(student, teacher, "BOARD", saoPauloTime(4, 13));
    await workListShows(open.id, { requested: "due" });
    const before = sent.length;
    await Promise.all([sendDueRequestMails(test.app), sendDueRequestMails(test.app)]);
    expect(sent.slice(before).filter((mail) => mail.to === teacher.login)).toHaveLength(1);
  });

  it("tries a refused send again at the next sweep", async () => {
    const [student, teacher] = [await givenStudent(test.app, { credits: 1 }), await givenTeacher(test.app)];
    const { id } = await request(student, teacher, "BOARD", saoPauloTime(5, 10));
    await workListShows(id, { requested: "due" });
    failing = true;
    try {
      expect(await sweep(teacher)).toEqual([]);
    } finally {
      failing = false;
    }
    await workListShows(id, { requested: "due" });
    expect((await sweep(teacher)).map((mail) => mail.subject)).toEqual(["Aula solicitada para você"]);
  });
});
