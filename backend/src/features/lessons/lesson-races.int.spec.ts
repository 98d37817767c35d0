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

const schedule = (student: Person, date: string) =>
  test.app.inject({
    method: "POST",
    url: "/api/schedulings",
    headers: student.auth,
    payload: { trail: { id: trailId }, date, objective: "PROFESSIONAL" },
  });
const claim = (teacher: Person, schedulingId: number) =>
  test.app.inject({ method: "POST", url: "/api/lessons", headers: teacher.auth, payload: { schedulingId } });

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
    const student = await givenStudent(test.app, { credits: 2 });
    const teacher = await givenTeacher(test.app);
    const first = (await schedule(student, saoPauloTime(5, 16))).json().id;
    const second = (await schedule(student, saoPauloTime(5, 16, 30))).json().id;
    const responses = await Promise.all([claim(teacher, first), claim(teacher, second)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(lessonErrors.teacherBusy);
  });
});
