import { lessonErrors } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { createTestDatabaseUrl } from "../../../test/databases";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

/** Bookings racing on PostgreSQL across two instances of the backend, whose transactions truly overlap. */
let one: TestApp;
let other: TestApp;
let trailId: number;
beforeAll(async () => {
  const databaseUrl = await createTestDatabaseUrl();
  one = await createTestApp({ databaseUrl });
  other = await createTestApp({ databaseUrl });
  trailId = (await aTrail(one.app)).id;
}, 120_000);
afterAll(async () => {
  await other?.close();
  await one?.close();
});

const instance = (index: number) => (index % 2 === 0 ? one : other);
const book = (test: TestApp, student: Person, teacher: Person, start: string) =>
  test.app.inject({
    method: "POST",
    url: `/api/teachers/${teacher.id}/bookings`,
    headers: student.auth,
    payload: { start, trailId },
  });
const balanceOf = async (student: Person) =>
  (await one.db.query<{ balance: number }>("select balance from users where id = $1", [student.id])).rows[0]?.balance;

describe("bookings racing on PostgreSQL across two instances", () => {
  it("50 students booking one teacher's slot at once: one gets it, 49 are told it was just taken and keep their credit", async () => {
    const teacher = await givenTeacher(one.app);
    await givenAvailability(one.app, teacher);
    const students = await Promise.all(Array.from({ length: 50 }, () => givenStudent(one.app, { credits: 1 })));
    const start = saoPauloTime(4, 15);

    const responses = await Promise.all(
      students.map((student, index) => book(instance(index), student, teacher, start)),
    );

    const statuses = responses.map((response) => response.statusCode);
    const unexpected = responses.filter((response) => response.statusCode !== 201 && response.statusCode !== 409);
    expect(unexpected.map((response) => response.body)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const loser of responses.filter((response) => response.statusCode === 409))
      expect(loser.json().message).toBe(lessonErrors.teacherBusyOther);
    const winner = students[statuses.indexOf(201)] as Person;
    const balances = await Promise.all(students.map(balanceOf));
    expect(balances.filter((balance) => balance === 1)).toHaveLength(49);
    expect(await balanceOf(winner)).toBe(0);
    const { rows } = await one.db.query<{ student_id: string }>(
      "select student_id from lesson_schedulings where teacher_id = $1 and status = 'accepted'",
      [teacher.id],
    );
    expect(rows.map((row) => Number(row.student_id))).toEqual([winner.id]);
  }, 180_000);

  it("a booking racing the teacher's claim of an open lesson at the same hour: exactly one wins, each time", async () => {
    const teacher = await givenTeacher(one.app);
    await givenAvailability(one.app, teacher);
    for (const hour of [9, 11, 13, 16, 18]) {
      const start = saoPauloTime(5, hour);
      const [asker, booker] = [
        await givenStudent(one.app, { credits: 1 }),
        await givenStudent(one.app, { credits: 1 }),
      ];
      const open = await one.app.inject({
        method: "POST",
        url: "/api/schedulings",
        headers: asker.auth,
        payload: { trail: { id: trailId }, date: start, objective: "TRAVEL" },
      });
      expect(open.statusCode, open.body).toBe(201);
      const [claim, booking] = await Promise.all([
        other.app.inject({
          method: "POST",
          url: "/api/lessons",
          headers: teacher.auth,
          payload: { schedulingId: open.json().id },
        }),
        book(one, booker, teacher, start),
      ]);
      expect([claim.statusCode, booking.statusCode].sort(), `${hour}:00`).toEqual([201, 409]);
      if (booking.statusCode === 409) {
        expect(booking.json().message).toBe(lessonErrors.teacherBusyOther);
        expect(await balanceOf(booker)).toBe(1);
      } else {
        expect(claim.json().message).toBe(lessonErrors.teacherBusy);
        expect(await balanceOf(booker)).toBe(0);
      }
      const { rows } = await one.db.query<{ id: string }>(
        "select id from lesson_schedulings where teacher_id = $1 and status = 'accepted' and date = $2",
        [teacher.id, new Date(start)],
      );
      expect(rows).toHaveLength(1);
    }
  }, 180_000);
});
