import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/** Concurrent requests on real PostgreSQL, where transactions truly overlap. */
let test: TestApp;
let trailId: number;
beforeAll(async () => {
  test = await createTestApp({ driver: "pg" });
  trailId = (await aTrail(test.app)).id;
});
afterAll(() => test.close());

const schedule = (student: Person, date: string, idempotencyKey?: string) =>
  test.app.inject({
    method: "POST",
    url: "/api/schedulings",
    headers: { ...student.auth, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    payload: { trail: { id: trailId }, date, objective: "PROFESSIONAL" },
  });
const claim = (teacher: Person, schedulingId: number) =>
  test.app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });
const balanceOf = async (student: Person) =>
  (await test.db.query<{ balance: number }>("select balance from users where id = $1", [student.id])).rows[0]?.balance;

describe("races on PostgreSQL", () => {
  it("a student with one credit sending two schedulings at once gets exactly one lesson and a balance of 0", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const responses = await Promise.all([
      schedule(student, saoPauloTime(3, 9)),
      schedule(student, saoPauloTime(3, 14)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.statusCode === 400)?.json().message).toBe(NO_CREDITS_LEFT);
    const lessons = await test.db.query("select id from lesson_schedulings where student_id = $1", [student.id]);
    expect(lessons.rows).toHaveLength(1);
    const { rows } = await test.db.query<{ balance: number }>("select balance from users where id = $1", [student.id]);
    expect(rows[0]?.balance).toBe(0);
  });

  it("ten teachers claiming one lesson at once: exactly one wins, the nine others are told it was claimed", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teachers = await Promise.all(Array.from({ length: 10 }, () => givenTeacher(test.app)));
    const { id } = (await schedule(student, saoPauloTime(4, 19))).json();

    const responses = await Promise.all(teachers.map((teacher) => claim(teacher, id)));
    const winners = responses.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    const losers = responses.filter((r) => r.statusCode !== 201);
    expect(losers.map((r) => r.statusCode)).toEqual(Array(9).fill(409));
    for (const loser of losers) expect(loser.json().message).toBe(lessonErrors.alreadyClaimed);

    const winner = teachers[responses.indexOf(winners[0] as (typeof responses)[number])] as Person;
    const { rows } = await test.db.query<{ teacher_id: string }>(
      "select teacher_id from lesson_schedulings where id = $1",
      [id],
    );
    expect(Number(rows[0]?.teacher_id)).toBe(winner.id);
    const accepted = await test.app.eventStore.readStream(`lesson-${id}`);
    expect(accepted.filter((event) => event.type === "LessonAccepted")).toHaveLength(1);
  });

  it("one teacher claiming two overlapping lessons at once gets only one of them", async () => {
    // Two students: one student's own lessons never overlap.
    const [student, another] = [
      await givenStudent(test.app, { credits: 1 }),
      await givenStudent(test.app, { credits: 1 }),
    ];
    const teacher = await givenTeacher(test.app);
    const first = (await schedule(student, saoPauloTime(5, 16))).json().id;
    const second = (await schedule(another, saoPauloTime(5, 16, 30))).json().id;
    const responses = await Promise.all([claim(teacher, first), claim(teacher, second)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(lessonErrors.teacherBusy);
  });

  it("a scheduling sent again with its Idempotency-Key, even at once, spends one credit and answers the same lesson", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const key = "schedule-7f3c";
    const date = saoPauloTime(6, 10);
    const [first, second] = await Promise.all([schedule(student, date, key), schedule(student, date, key)]);
    // Later still, with the credit gone: a retry is the same command, not a new one to refuse.
    const third = await schedule(student, date, key);
    for (const response of [first, second, third]) expect(response.statusCode).toBe(201);
    const ids = [first, second, third].map((response) => response.json().id);
    expect(new Set(ids).size).toBe(1);
    expect(await balanceOf(student)).toBe(0);
    const lessons = await test.db.query("select id from lesson_schedulings where student_id = $1", [student.id]);
    expect(lessons.rows).toHaveLength(1);

    // The same key on another request is another command: this one has no credit left to spend.
    const other = await schedule(student, saoPauloTime(6, 15), key);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(NO_CREDITS_LEFT);
  });

  it("a teacher who sends their claim again, even at once, gets the lesson once", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const teacher = await givenTeacher(test.app);
    const { id } = (await schedule(student, saoPauloTime(7, 11))).json();
    const [first, second] = await Promise.all([claim(teacher, id), claim(teacher, id)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().meetUrl).toBe(first.json().meetUrl);
    const accepted = await test.app.eventStore.readStream(`lesson-${id}`);
    expect(accepted.filter((event) => event.type === "LessonAccepted")).toHaveLength(1);
  });

  it("refuses an Idempotency-Key that is not printable text of at most 200 characters, and spends nothing", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    for (const key of ["x".repeat(201), "com espaço"]) {
      const response = await schedule(student, saoPauloTime(8, 9), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "Idempotency-Key", message: "error.idempotencyKey" }]);
    }
    expect(await balanceOf(student)).toBe(1);
  });
});
