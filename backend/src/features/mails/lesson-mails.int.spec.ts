import { studentStreams } from "@el/domain/accounts/student-account";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";
import { sendDueLessonMails } from "./lesson-mail-sender";

const HOUR = 3_600_000;
/** The sweep on a timer is left to these tests, which sweep at the instants they choose. */
const env = { LESSON_MAIL_INTERVAL_MS: "3600000" };

/** A mailer that keeps what it was given; `failNext` refuses that many sends first. */
const recordingMailer = () => {
  const sent: Mail[] = [];
  let failures = 0;
  const mailer: Mailer = {
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error("451 try again later");
      }
      sent.push(mail);
    },
  };
  return {
    mailer,
    sent,
    failNext: (count: number) => {
      failures = count;
    },
  };
};

describe("lesson e-mails", () => {
  let test: TestApp;
  const outbox = recordingMailer();
  beforeAll(async () => {
    test = await createTestApp({ env, overrides: { mailer: outbox.mailer } });
  });
  afterAll(() => test.close());

  /** A lesson `days` days away (on the hour), accepted now by a teacher. */
  const acceptedLesson = async (days = 3) => {
    const student = await givenStudent(test.app, { credits: 2, firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const date = new Date(Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR);
    const lessonId = await givenLesson(test.app, student, { date, teacher });
    return { student, teacher, date, lessonId };
  };
  const to = (person: Person) => outbox.sent.filter((mail) => mail.to === person.login);
  /** What a sweep at `at` sent to these people (the other tests' lessons have e-mails due too). */
  const sweep = async (at: Date, ...people: Person[]) => {
    const before = outbox.sent.length;
    await sendDueLessonMails(test.app, at);
    return outbox.sent.slice(before).filter((mail) => people.some((person) => person.login === mail.to));
  };

  it("tells the student their lesson was accepted, with the lesson as a calendar invitation, once", async () => {
    const { student, lessonId } = await acceptedLesson();
    const sent = await sweep(new Date(), student);
    const mail = sent.find((one) => one.to === student.login);
    expect(mail?.subject).toBe("Sua aula foi confirmada");
    expect(mail?.text).toContain("Olá, Ana!");
    expect(mail?.text).toContain("Professor: Bruno Lima");
    expect(mail?.text).toContain(`Link da aula: https://meet.jit.si/EnglishLessons-${lessonId}-test`);
    const invitation = mail?.attachments?.[0];
    expect(invitation?.filename).toBe("aula.ics");
    expect(invitation?.content).toContain("BEGIN:VEVENT");
    expect(invitation?.content).toContain(`UID:lesson-${lessonId}@`);
    // Swept again, nothing goes twice.
    expect(await sweep(new Date(), student)).toEqual([]);
  });

  it("reminds both a day and an hour before, with the video link, and asks both for feedback after", async () => {
    const { student, teacher, date, lessonId } = await acceptedLesson();
    await sweep(new Date());
    const dayBefore = await sweep(new Date(date.getTime() - 23 * HOUR), student, teacher);
    expect(dayBefore.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [student.login, "Lembrete: sua aula é amanhã"],
        [teacher.login, "Lembrete: sua aula é amanhã"],
      ].sort(),
    );
    expect(dayBefore.every((mail) => mail.text.includes(`meet.jit.si/EnglishLessons-${lessonId}-test`))).toBe(true);
    expect(dayBefore.find((mail) => mail.to === teacher.login)?.text).toContain("Aluno: Ana Souza");
    const hourBefore = await sweep(new Date(date.getTime() - 30 * 60_000), student, teacher);
    expect(hourBefore.map((mail) => mail.subject)).toEqual([
      "Lembrete: sua aula começa em 1 hora",
      "Lembrete: sua aula começa em 1 hora",
    ]);
    const after = await sweep(new Date(date.getTime() + 2 * HOUR + 60_000), student, teacher);
    expect(after.map((mail) => mail.subject)).toEqual(["Como foi a sua aula?", "Como foi a sua aula?"]);
    expect(to(student).length + to(teacher).length).toBe(7);
  });

  it("tells both of a cancellation and sends none of the reminders", async () => {
    const { student, teacher, date, lessonId } = await acceptedLesson();
    await sweep(new Date());
    const cancel = await test.app.inject({
      method: "DELETE",
      url: `/api/schedulings/${lessonId}`,
      headers: student.auth,
    });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    const cancelled = await sweep(new Date(), student, teacher);
    expect(cancelled.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [student.login, "Aula cancelada"],
        [teacher.login, "Aula cancelada"],
      ].sort(),
    );
    expect(await sweep(new Date(date.getTime() - 23 * HOUR), student, teacher)).toEqual([]);
    expect(await sweep(new Date(date.getTime() - 30 * 60_000), student, teacher)).toEqual([]);
  });

  it("reminds both at once of a lesson accepted less than an hour before it starts", async () => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Ana" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const date = new Date(Date.now() + 40 * 60_000);
    const lessonId = await givenLesson(test.app, student, { date, teacher });
    const sent = await sweep(new Date(), student, teacher);
    const reminders = sent.filter((mail) => mail.subject === "Lembrete: sua aula começa em 1 hora");
    expect(reminders.map((mail) => mail.to).sort()).toEqual([student.login, teacher.login].sort());
    expect(reminders.every((mail) => mail.text.includes(`meet.jit.si/EnglishLessons-${lessonId}-test`))).toBe(true);
    expect(await sweep(new Date(), student, teacher)).toEqual([]);
  });

  it("tells the student, in her language, when an administrator takes the teacher away; the teacher gets no reminder", async () => {
    const { student, teacher, date, lessonId } = await acceptedLesson();
    await test.app.eventStore.appendMany([
      {
        streamId: studentStreams.id(student.id),
        events: [{ type: "ProfileChanged", data: { changes: { langKey: "en" }, by: student.login } }],
        expectedVersion: "any",
      },
    ]);
    await sweep(new Date());
    const admin = bearer(await adminToken(test.app));
    const removed = await test.app.inject({
      method: "DELETE",
      url: `/api/lessons/${lessonId}/teacher`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const sent = await sweep(new Date(), student, teacher);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [student.login, "Your lesson is waiting for a new teacher"],
    ]);
    expect(sent[0]?.text).toContain("Hello, Ana!");
    expect(sent[0]?.text).toContain("the lesson link sent before is no longer valid");
    expect(sent[0]?.text).not.toContain("Bruno");
    expect(sent[0]?.text).not.toContain("meet.jit.si");
    expect(await sweep(new Date(date.getTime() - 23 * HOUR), student, teacher)).toEqual([]);
  });

  it("leaves out what a person turned off in their profile, and tries a refused send again", async () => {
    // On a day of its own, so that the refused send is this lesson's.
    const { student, teacher, date } = await acceptedLesson(5);
    const off = await test.app.inject({
      method: "PUT",
      url: "/api/account/mail-preferences",
      headers: student.auth,
      payload: { off: ["reminders"] },
    });
    expect(off.json()).toEqual({ off: ["reminders"] });
    expect(
      (await test.app.inject({ method: "GET", url: "/api/account/mail-preferences", headers: student.auth })).json(),
    ).toEqual({
      off: ["reminders"],
    });
    await sweep(new Date());

    outbox.failNext(1);
    const refused = await sweep(new Date(date.getTime() - 23 * HOUR), student, teacher);
    expect(refused).toEqual([]);
    const retried = await sweep(new Date(date.getTime() - 23 * HOUR + 60_000), student, teacher);
    expect(retried.map((mail) => mail.to)).toEqual([teacher.login]);
    expect(to(student).map((mail) => mail.subject)).toEqual(["Sua aula foi confirmada"]);
  });

  it("lets only students and teachers read and set their e-mail choices", async () => {
    const admin = bearer(await adminToken(test.app));
    expect((await test.app.inject({ method: "GET", url: "/api/account/mail-preferences" })).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/account/mail-preferences", headers: admin })).statusCode,
    ).toBe(403);
    const student = await givenStudent(test.app);
    const bad = await test.app.inject({
      method: "PUT",
      url: "/api/account/mail-preferences",
      headers: student.auth,
      payload: { off: ["everything"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/account/mail-preferences", headers: student.auth })).json(),
    ).toEqual({ off: [] });
  });
});

describe("lesson e-mails with two backend processes on one PostgreSQL", () => {
  it("sends each e-mail once when both sweep at the same moment", async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const outboxes = [recordingMailer(), recordingMailer()];
    const [one, two] = [
      await createTestApp({ databaseUrl, env, overrides: { mailer: outboxes[0]?.mailer } }),
      await createTestApp({ databaseUrl, env, overrides: { mailer: outboxes[1]?.mailer } }),
    ] as [TestApp, TestApp];
    try {
      const students = await Promise.all(Array.from({ length: 5 }, () => givenStudent(one.app, { credits: 1 })));
      const teacher = await givenTeacher(one.app);
      const date = new Date(Date.now() + 3 * 24 * HOUR);
      for (const student of students) await givenLesson(one.app, student, { date, teacher });
      await expect
        .poll(
          async () =>
            (await two.app.db.query("select count(*)::int as n from lesson_mails where kind = 'accepted'")).rows[0],
        )
        .toEqual({ n: 5 });
      await Promise.all([sendDueLessonMails(one.app), sendDueLessonMails(two.app), sendDueLessonMails(one.app)]);
      const all = outboxes.flatMap((outbox) =>
        outbox.sent.filter((mail) => mail.subject === "Sua aula foi confirmada"),
      );
      expect(all.map((mail) => mail.to).sort()).toEqual(students.map((student) => student.login).sort());
    } finally {
      await one.close();
      await two.close();
    }
  });
});
