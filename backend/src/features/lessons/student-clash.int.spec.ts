import { lessonErrors } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { aTrail, givenStudent, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/** A student never holds two lessons at once: her schedulings, and the back office's, are refused a clash. */

const balanceOf = async (test: TestApp, student: Person) =>
  (await test.db.query<{ balance: number }>("select balance from users where id = $1", [student.id])).rows[0]?.balance;
const lessonsOf = async (test: TestApp, student: Person) =>
  (
    await test.db.query<{ id: string }>(
      "select id from lesson_schedulings where student_id = $1 and status <> 'cancelled'",
      [student.id],
    )
  ).rows.length;

describe.each(["pglite", "pg"] as const)("two lessons of one student at the same time, on %s", (driver) => {
  let test: TestApp;
  let trailId: number;
  let admin: { authorization: string };
  beforeAll(async () => {
    test = await createTestApp({ driver });
    trailId = (await aTrail(test.app)).id;
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test?.close());

  const schedule = (student: Person, date: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date, objective: "PROFESSIONAL" },
    });

  it("refuses a second lesson at the same hour or half an hour into it with a 400 on the date, spending nothing", async () => {
    const student = await givenStudent(test.app, { credits: 3 });
    expect((await schedule(student, saoPauloTime(3, 10))).statusCode).toBe(201);
    for (const date of [saoPauloTime(3, 10), saoPauloTime(3, 10, 30), saoPauloTime(3, 9, 30)]) {
      const clash = await schedule(student, date);
      expect(clash.statusCode, date).toBe(400);
      expect(clash.json()).toMatchObject({
        status: 400,
        message: lessonErrors.studentBusy,
        fieldErrors: [{ field: "date", message: lessonErrors.studentBusy }],
      });
    }
    expect(await balanceOf(test, student)).toBe(2);
    expect(await lessonsOf(test, student)).toBe(1);
    // The hour right after is free, and another student's lesson at the same hour is no clash.
    expect((await schedule(student, saoPauloTime(3, 11))).statusCode).toBe(201);
    const other = await givenStudent(test.app, { credits: 1 });
    expect((await schedule(other, saoPauloTime(3, 10))).statusCode).toBe(201);
  });

  it("frees the hour when the lesson is cancelled, and follows the lesson when the back office moves it", async () => {
    const student = await givenStudent(test.app, { credits: 3 });
    const first = (await schedule(student, saoPauloTime(4, 15))).json().id as number;
    const cancelled = await test.app.inject({
      method: "DELETE",
      url: `/api/schedulings/${first}`,
      headers: student.auth,
    });
    expect(cancelled.statusCode).toBe(200);
    const second = (await schedule(student, saoPauloTime(4, 15))).json().id as number;
    expect(second).toBeGreaterThan(0);

    const moved = await test.app.inject({
      method: "PUT",
      url: `/api/lessons/${second}`,
      headers: admin,
      payload: { date: saoPauloTime(4, 18) },
    });
    expect(moved.statusCode).toBe(200);
    // 15:00 is free again, 18:00 is taken.
    expect((await schedule(student, saoPauloTime(4, 15))).statusCode).toBe(201);
    expect((await schedule(student, saoPauloTime(4, 18))).json().message).toBe(lessonErrors.studentBusy);

    // The back office cannot move a lesson onto another of hers either, and is told it is the student who is busy.
    const onto = await test.app.inject({
      method: "PUT",
      url: `/api/lessons/${second}`,
      headers: admin,
      payload: { date: saoPauloTime(4, 15, 30) },
    });
    expect(onto.statusCode).toBe(400);
    expect(onto.json().message).toBe(lessonErrors.studentBusyOther);
  });

  it("refuses the back office's 'Criar aula' at an hour the student already has a lesson", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    expect((await schedule(student, saoPauloTime(5, 9))).statusCode).toBe(201);
    const created = await test.app.inject({
      method: "POST",
      url: "/api/lessons/admin",
      headers: admin,
      payload: { student: { id: student.id }, trail: { id: trailId }, date: saoPauloTime(5, 9) },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().message).toBe(lessonErrors.studentBusyOther);
    expect(await balanceOf(test, student)).toBe(1);
  });
});

describe("a double submission across two instances on one PostgreSQL", () => {
  let one: TestApp;
  let other: TestApp;
  let trailId: number;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    one = await createTestApp({ databaseUrl });
    other = await createTestApp({ databaseUrl });
    trailId = (await aTrail(one.app)).id;
  });
  afterAll(async () => {
    await other?.close();
    await one?.close();
  });

  const schedule = (test: TestApp, student: Person, date: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: student.auth,
      payload: { trail: { id: trailId }, date, objective: "PROFESSIONAL" },
    });

  it("two schedulings of one student for the same hour at once: exactly one wins, one credit is spent", async () => {
    for (let round = 0; round < 3; round++) {
      const student = await givenStudent(one.app, { credits: 5 });
      const date = saoPauloTime(6 + round, 14);
      const responses = await Promise.all([schedule(one, student, date), schedule(other, student, date)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      expect(responses.find((response) => response.statusCode === 400)?.json().message).toBe(lessonErrors.studentBusy);
      await one.app.projections.waitFor(await one.app.eventStore.head());
      expect(await balanceOf(one, student)).toBe(4);
      expect(await lessonsOf(one, student)).toBe(1);
    }
  });
});
