import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { saoPauloInstant } from "@el/domain/directory/availability";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { givenLesson, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import { REBOOK_SLOTS } from "./rebook-command";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const WEEK_MS = 7 * 24 * 3_600_000;
const balanceOf = async (person: Person) => {
  const { rows } = await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id]);
  return rows[0]?.balance;
};
const rebook = (student: Person, lessonId: number) =>
  test.app.inject({ method: "POST", url: `/api/lessons/${lessonId}/rebook`, headers: student.auth });
/**
 * A lesson given two days ago at 10:00 by `teacher` (a week after it is five days ahead), with `credits`
 * left to the student (the lesson spent one more).
 */
const pastLesson = async (options: { credits?: number } = {}) => {
  const student = await givenStudent(test.app, { credits: (options.credits ?? 1) + 1 });
  const teacher = await givenTeacher(test.app);
  const date = new Date(saoPauloTime(-2, 10));
  const lessonId = await givenLesson(test.app, student, { date, teacher });
  return { student, teacher, lessonId, nextWeek: date.getTime() + WEEK_MS };
};

describe("POST api/lessons/{id}/rebook", () => {
  it("books the same teacher on the same trail a week after the lesson when that start is free", async () => {
    const { student, teacher, lessonId, nextWeek } = await pastLesson();
    await givenAvailability(test.app, teacher);
    const response = await rebook(student, lessonId);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      booked: true,
      lesson: {
        date: new Date(nextWeek).toISOString(),
        objective: "TRAVEL",
        trail: { id: 1 },
        student: { id: student.id },
        lesson: { teacher: { id: teacher.id } },
      },
    });
    expect(answer.lesson.id).not.toBe(lessonId);
    expect(await balanceOf(student)).toBe(0);
  });

  it("books the same weekday and time of the first week still ahead for a lesson weeks back", async () => {
    const student = await givenStudent(test.app, { credits: 2 });
    const teacher = await givenTeacher(test.app);
    await givenAvailability(test.app, teacher);
    const lessonId = await givenLesson(test.app, student, { date: new Date(saoPauloTime(-20, 10)), teacher });
    const response = await rebook(student, lessonId);
    expect(response.statusCode).toBe(201);
    expect(response.json().lesson.date).toBe(new Date(Date.parse(saoPauloTime(-20, 10)) + 3 * WEEK_MS).toISOString());
  });

  it("answers the teacher's free starts nearest to it when the teacher is not available then, spending nothing", async () => {
    const { student, teacher, lessonId, nextWeek } = await pastLesson();
    // Afternoons only: 10:00 is outside; the same day's 14:00 is among the nearest.
    await givenAvailability(test.app, teacher, {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "14:00", end: "18:00" })),
      daysOff: [],
    });
    const response = await rebook(student, lessonId);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ booked: false, teacherId: teacher.id });
    expect(answer.slots).toHaveLength(REBOOK_SLOTS);
    expect(answer.slots).toContain(saoPauloInstant(nextWeek + 4 * 3_600_000));
    expect([...answer.slots].sort((a: string, b: string) => Date.parse(a) - Date.parse(b))).toEqual(answer.slots);
    expect(await balanceOf(student)).toBe(1);
  });

  it("answers the nearest free starts, without it, when another student took that start", async () => {
    const { student, teacher, lessonId, nextWeek } = await pastLesson();
    await givenAvailability(test.app, teacher);
    const other = await givenStudent(test.app, { credits: 1 });
    const taken = await test.app.inject({
      method: "POST",
      url: `/api/teachers/${teacher.id}/bookings`,
      headers: other.auth,
      payload: { start: new Date(nextWeek).toISOString(), trailId: 1 },
    });
    expect(taken.statusCode).toBe(201);
    const answer = (await rebook(student, lessonId)).json();
    expect(answer.booked).toBe(false);
    expect(answer.slots).toHaveLength(REBOOK_SLOTS);
    expect(answer.slots).not.toContain(saoPauloInstant(nextWeek));
    expect(answer.slots).not.toContain(saoPauloInstant(nextWeek - 30 * 60_000));
    expect(answer.slots).toContain(saoPauloInstant(nextWeek + 3_600_000));
    expect(await balanceOf(student)).toBe(1);
  });

  it("refuses a student without credit with the spec's notice", async () => {
    const { student, teacher, lessonId } = await pastLesson({ credits: 0 });
    await givenAvailability(test.app, teacher);
    const response = await rebook(student, lessonId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_CREDITS_LEFT);
  });

  it("is the lesson's student's: another student and an unknown lesson are not found, a teacher is refused", async () => {
    const { teacher, lessonId } = await pastLesson();
    const other = await givenStudent(test.app, { credits: 1 });
    expect((await rebook(other, lessonId)).statusCode).toBe(404);
    expect((await rebook(other, 999_999_999)).json().message).toBe(lessonErrors.notFound);
    expect((await rebook(teacher, lessonId)).statusCode).toBe(403);
  });

  it("has no teacher to book again for a lesson no teacher took", async () => {
    const student = await givenStudent(test.app, { credits: 1 });
    const lessonId = await givenLesson(test.app, student, { date: new Date(saoPauloTime(-2, 10)) });
    const response = await rebook(student, lessonId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(lessonErrors.notAccepted);
  });
});
