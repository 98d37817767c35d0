import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  aTrail,
  givenLesson,
  givenStudent,
  givenTeacher,
  type Person,
  saoPauloTime,
} from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";

/** The lesson e-mails go out on a short timer, as the product sends them. */
const env = { LESSON_MAIL_INTERVAL_MS: "200" };

describe.each(["pglite", "pg"] as const)("erasing a student cancels her lessons still to come, on %s", (driver) => {
  let test: TestApp;
  let admin: { authorization: string };
  let trailId: number;
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  beforeAll(async () => {
    test = await createTestApp({ driver, env, overrides: { mailer } });
    admin = bearer(await adminToken(test.app));
    trailId = (await aTrail(test.app)).id;
  });
  afterAll(() => test?.close());

  const schedule = async (student: Person, date: string) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date, objective: "PROFESSIONAL" },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const claim = (teacher: Person, schedulingId: number) =>
    test.app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });
  const eventsOf = async (lessonId: number) => test.app.eventStore.readStream(lessonStreams.id(lessonId));
  const board = async (teacher: Person) =>
    (await test.app.inject({ method: "GET", url: "/api/schedulings/withoutLesson", headers: teacher.auth })).json() as {
      id: number;
    }[];

  it("takes her pending lessons off the board, cancels her claimed ones without a refund, frees the teacher's hour and leaves the past as it was", async () => {
    const student = await givenStudent(test.app, { credits: 3, firstName: "Zuleica" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const pending = await schedule(student, saoPauloTime(3, 10));
    const claimed = await schedule(student, saoPauloTime(4, 15));
    expect((await claim(teacher, claimed)).statusCode).toBe(201);
    const past = await givenLesson(test.app, student, { date: new Date(Date.now() - 3 * 3_600_000), teacher });
    expect((await board(teacher)).map((lesson) => lesson.id)).toContain(pending);

    const erased = await test.app.inject({ method: "POST", url: `/api/users/${student.id}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);

    for (const lessonId of [pending, claimed]) {
      const cancellation = (await eventsOf(lessonId)).filter((event) => event.type === "LessonCancelled");
      expect(cancellation.map((event) => event.data)).toEqual([
        expect.objectContaining({ by: student.id, role: "erasure", refunded: false }),
      ]);
    }
    expect((await eventsOf(past)).map((event) => event.type)).toEqual(["LessonScheduled", "LessonAccepted"]);
    const credits = (await test.app.eventStore.readStream(`student-${student.id}`)).map((event) => event.type);
    expect(credits).not.toContain("CreditRefunded");

    // "Aceitar aulas" no longer offers it, and a claim is refused.
    expect((await board(teacher)).map((lesson) => lesson.id)).not.toContain(pending);
    const late = await claim(teacher, pending);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(lessonErrors.cancelled);

    // The teacher's hour is free for another student's lesson.
    const other = await givenStudent(test.app, { credits: 1 });
    expect((await claim(teacher, await schedule(other, saoPauloTime(4, 15)))).statusCode).toBe(201);
  });

  it("e-mails the teacher of a claimed lesson as for a cancellation, without the student's name, and the student nothing", async () => {
    const student = await givenStudent(test.app, { credits: 1, firstName: "Zuleica" });
    const teacher = await givenTeacher(test.app, { firstName: "Bruno" });
    const claimed = await schedule(student, saoPauloTime(5, 11));
    expect((await claim(teacher, claimed)).statusCode).toBe(201);
    const ours = () => sent.filter((mail) => mail.to === teacher.login || mail.to === student.login);
    // The acceptance's e-mail goes first.
    await expect
      .poll(() => ours().map((mail) => mail.subject), { timeout: 20_000 })
      .toContain("Sua aula foi confirmada");
    const before = ours().length;

    expect(
      (await test.app.inject({ method: "POST", url: `/api/users/${student.id}/erase`, headers: admin })).statusCode,
    ).toBe(204);
    await expect.poll(() => ours().slice(before).length, { timeout: 20_000 }).toBeGreaterThan(0);
    // A few sweeps more: nothing else goes, to the student least of all.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const mails = ours().slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[teacher.login, "Aula cancelada"]]);
    expect(mails[0]?.text).not.toContain("Zuleica");
    expect(mails[0]?.text).not.toContain("Aluno:");
    expect(mails[0]?.text).not.toContain("titular removido");
  });
});
