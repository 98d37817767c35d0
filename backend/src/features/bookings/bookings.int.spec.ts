import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { availabilityErrors } from "@el/domain/directory/availability";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { movableClock } from "../../../test/clock";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";

const clock = movableClock();
let test: TestApp;
let trail: Awaited<ReturnType<typeof aTrail>>;
beforeAll(async () => {
  test = await createTestApp({ overrides: { clock } });
  trail = await aTrail(test.app);
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const balanceOf = async (person: Person) => {
  const { rows } = await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id]);
  return rows[0]?.balance;
};
const book = (student: Person, teacherId: number, start = saoPauloTime(3, 10), headers: Record<string, string> = {}) =>
  inject({
    method: "POST",
    url: `/api/teachers/${teacherId}/bookings`,
    headers: { ...student.auth, ...headers },
    payload: { start, trailId: trail.id },
  });
const bookableTeacher = async () => {
  const teacher = await givenTeacher(test.app);
  await givenAvailability(test.app, teacher);
  return teacher;
};

describe("POST api/teachers/{id}/bookings", () => {
  it("books the teacher: the lesson is accepted with a video link, the credit spent, the teacher chosen recorded", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 2 });
    const response = await book(student, teacher.id);
    expect(response.statusCode).toBe(201);
    const lesson = response.json();
    expect(lesson).toMatchObject({
      date: new Date(saoPauloTime(3, 10)).toISOString(),
      objective: "TRAVEL",
      trail: { id: trail.id },
      student: { id: student.id, firstName: student.firstName },
      lesson: { id: lesson.id, teacher: { id: teacher.id, firstName: teacher.firstName, lastName: "Lima" } },
    });
    expect(lesson.lesson.meetUrl).toMatch(/^https:\/\//);
    expect(await balanceOf(student)).toBe(1);
    const events = await test.app.eventStore.readStream(lessonStreams.id(lesson.id));
    expect(events.map((event) => event.type)).toEqual(["LessonScheduled", "LessonAccepted"]);
    expect(events[0]?.data).toMatchObject({ chosenTeacher: { teacher: { id: teacher.id }, how: "BOOKED" } });
    const mine = await inject({ method: "GET", url: `/api/schedulings/${lesson.id}`, headers: teacher.auth });
    expect(mine.json().lesson.teacher.id).toBe(teacher.id);
  });

  it("tells the second student the slot was just taken (409), and keeps their credit", async () => {
    const teacher = await bookableTeacher();
    const first = await givenStudent(test.app, { credits: 1 });
    const second = await givenStudent(test.app, { credits: 1 });
    expect((await book(first, teacher.id)).statusCode).toBe(201);
    // Half an hour later shares the 10:30 half hour.
    const taken = await book(second, teacher.id, saoPauloTime(3, 10, 30));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(lessonErrors.teacherBusyOther);
    expect(await balanceOf(second)).toBe(1);
    expect((await book(second, teacher.id, saoPauloTime(3, 11))).statusCode).toBe(201);
  });

  it("refuses a start outside the teacher's availability or with less than two hours' notice, spending nothing", async () => {
    const teacher = await givenTeacher(test.app);
    await givenAvailability(test.app, teacher, {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "08:00", end: "12:00" })),
      daysOff: [],
    });
    const student = await givenStudent(test.app, { credits: 1 });
    const outside = await book(student, teacher.id, saoPauloTime(3, 14));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fieldErrors).toEqual([{ field: "start", message: availabilityErrors.notAvailable }]);
    const unavailable = await givenTeacher(test.app);
    const none = await book(student, unavailable.id);
    expect(none.json().fieldErrors).toEqual([{ field: "start", message: availabilityErrors.notAvailable }]);
    const always = await bookableTeacher();
    // The clock stands 90 minutes before the lesson, then goes back for the other specs.
    const lessonAt = Date.parse(saoPauloTime(3, 10));
    const ahead = lessonAt - 90 * 60_000 - clock.now().getTime();
    clock.moveBy(ahead);
    try {
      const tooSoon = await book(student, always.id);
      expect(tooSoon.statusCode).toBe(400);
      expect(tooSoon.json().fieldErrors).toEqual([{ field: "start", message: availabilityErrors.notice }]);
    } finally {
      clock.moveBy(-ahead);
    }
    expect(await balanceOf(student)).toBe(1);
  });

  it("refuses a student without credit with the spec's notice", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app);
    const response = await book(student, teacher.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_CREDITS_LEFT);
  });

  it("does not find a teacher who is not one: an unknown id, a student's", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    for (const teacherId of [999_999_999, student.id]) {
      const response = await book(student, teacherId);
      expect(response.statusCode, String(teacherId)).toBe(404);
      expect(response.json().message).toBe(lessonErrors.teacherNotFound);
    }
    expect(await balanceOf(student)).toBe(1);
  });

  it("is for students: a teacher and an administrator are refused, an anonymous caller must sign in", async () => {
    const teacher = await bookableTeacher();
    const other = await givenTeacher(test.app);
    expect((await book(other, teacher.id)).statusCode).toBe(403);
    const admin = await adminToken(test.app);
    const asAdmin = await inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/bookings`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { start: saoPauloTime(3, 10), trailId: trail.id },
    });
    expect(asAdmin.statusCode).toBe(403);
    const anonymous = await inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/bookings`,
      payload: { start: saoPauloTime(3, 10), trailId: trail.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 400 with the field at fault for a body that is not a booking, and for an unknown trail", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 1 });
    const post = (payload: Record<string, unknown>, url = `/api/teachers/${teacher.id}/bookings`) =>
      inject({ method: "POST", url, headers: student.auth, payload });
    const noStart = await post({ trailId: trail.id });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(["start"]);
    const localTime = await post({ start: "2026-12-01T10:00:00", trailId: trail.id });
    expect(localTime.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(["start"]);
    const noTrail = await post({ start: saoPauloTime(3, 10) });
    expect(noTrail.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(["trailId"]);
    expect(
      (await post({ start: saoPauloTime(3, 10), trailId: trail.id }, "/api/teachers/abc/bookings")).statusCode,
    ).toBe(400);
    const unknownTrail = await post({ start: saoPauloTime(3, 10), trailId: 999_999 });
    expect(unknownTrail.statusCode).toBe(400);
    expect(unknownTrail.json().fieldErrors).toEqual([{ field: "trailId", message: lessonErrors.trailNotFound }]);
    expect(await balanceOf(student)).toBe(1);
  });

  it("answers a retry with the same Idempotency-Key with the first booking, spending one credit", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 2 });
    const key = { "idempotency-key": `booking-${student.id}` };
    const first = await book(student, teacher.id, saoPauloTime(3, 10), key);
    const again = await book(student, teacher.id, saoPauloTime(3, 10), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(student)).toBe(1);
  });
});
