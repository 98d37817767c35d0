import { availabilityErrors, availabilityStreams } from "@el/domain/directory/availability";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { halfHoursOf, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { givenLesson, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";
import type { Mail, Mailer } from "../../plugins/mailer";

const HOUR = 3_600_000;
/** PostgreSQL on a machine under load: a push may take seconds, a case a minute or more. */
const PUSH_WAIT_MS = 30_000;
const CASE_MS = 180_000;
const clock = movableClock();
const sent: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
  },
};
let test: TestApp;
let url: string;
beforeAll(async () => {
  // The mail sweep runs often, so the student's e-mail goes out within the case's wait.
  test = await createTestApp({
    driver: "pg",
    env: { LESSON_MAIL_INTERVAL_MS: "200" },
    overrides: { clock, mailer },
  });
  url = await listen(test.app);
});
afterAll(async () => {
  disconnectAll();
  await test.close();
});

const inject = (options: InjectOptions) => test.app.inject(options);
const everyDay = { weekly: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: "07:00", end: "23:00" })) };
const saveAvailability = (teacher: Person, daysOff: string[], confirm?: boolean) =>
  inject({
    method: "PUT",
    url: "/api/teachers/me/availability",
    headers: teacher.auth,
    payload: { ...everyDay, daysOff, ...(confirm === undefined ? {} : { confirm }) },
  });
const typesOf = async (streamId: string) => (await test.app.eventStore.readStream(streamId)).map((event) => event.type);

/** A teacher free every day who claimed, through the board, a lesson of a student `days` days away at 10:00. */
const claimedLesson = async (days = 3, teacher?: Person) => {
  const student = await givenStudent(test.app, { credits: 2, firstName: "Ana" });
  const claimer = teacher ?? (await givenTeacher(test.app, { firstName: "Bruno" }));
  if (!teacher) expect((await saveAvailability(claimer, [])).statusCode).toBe(200);
  const date = saoPauloTime(days, 10);
  const lessonId = await givenLesson(test.app, student, { date: new Date(date) });
  const claim = await inject({
    method: "POST",
    url: "/api/lessons",
    headers: claimer.auth,
    payload: { schedulingId: lessonId },
  });
  expect(claim.statusCode).toBe(201);
  return { student, teacher: claimer, lessonId, date, day: localDateOf(date) };
};

describe("a day off that holds lessons the teacher accepted", () => {
  it(
    "answers 409 listing them, and stores nothing",
    async () => {
      const { student, teacher, lessonId, date, day } = await claimedLesson();
      const availabilityBefore = await typesOf(availabilityStreams.id(teacher.id));
      const refused = await saveAvailability(teacher, [day]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: availabilityErrors.lessonsOnDayOff,
        affected: [{ lessonId, date: new Date(date).toISOString(), student: { id: student.id, name: "Ana Souza" } }],
      });
      expect(await typesOf(availabilityStreams.id(teacher.id))).toEqual(availabilityBefore);
      expect(await typesOf(lessonStreams.id(lessonId))).toEqual(["LessonScheduled", "LessonAccepted"]);
      const mine = await inject({ method: "GET", url: "/api/teachers/me/availability", headers: teacher.auth });
      expect(mine.json().daysOff).toEqual([]);
    },
    CASE_MS,
  );

  it(
    "confirmed, stores the day off, puts the lessons back on the board, frees the half hours and tells everyone",
    async () => {
      const { student, teacher, lessonId, date, day } = await claimedLesson();
      const otherTeacher = await givenTeacher(test.app);
      const studentSocket = connect(url, student.token);
      const teacherSocket = connect(url, otherTeacher.token);
      await Promise.all([connected(studentSocket), connected(teacherSocket)]);
      const unassigned = next(studentSocket, "lesson:unassigned", (push) => push.lessonId === lessonId, PUSH_WAIT_MS);
      const pending = next(teacherSocket, "lesson:pending", (push) => push.lesson.id === lessonId, PUSH_WAIT_MS);

      const confirmed = await saveAvailability(teacher, [day], true);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ ...everyDay, daysOff: [day] });
      await Promise.all([unassigned, pending]);

      const events = await test.app.eventStore.readStream(lessonStreams.id(lessonId));
      expect(events.at(-1)).toMatchObject({
        type: "LessonTeacherUnassigned",
        data: { from: { id: teacher.id }, by: teacher.id, reason: "DAY_OFF" },
      });
      for (const startsAt of halfHoursOf(date))
        expect(await typesOf(teacherSlotStreams.id({ teacherId: teacher.id, startsAt }))).toEqual([
          "TeacherSlotReserved",
          "TeacherSlotReleased",
        ]);
      const scheduling = await inject({ method: "GET", url: `/api/schedulings/${lessonId}`, headers: student.auth });
      expect(scheduling.json().lesson ?? null).toBeNull();
      const slots = await inject({ method: "GET", url: `/api/teachers/${teacher.id}/slots?from=${day}&to=${day}` });
      expect(slots.json()).toEqual({ slots: [] });

      const toStudent = () => sent.filter((mail) => mail.to === student.login && /folga/.test(mail.subject));
      await expect.poll(() => toStudent().length, { timeout: PUSH_WAIT_MS }).toBe(1);
      expect(toStudent().map((mail) => mail.subject)).toEqual(["Seu professor estará de folga no dia da sua aula"]);
      expect(toStudent()[0]?.text).toContain("com o crédito de volta");
    },
    CASE_MS,
  );

  it(
    "lets the student cancel such a lesson with the credit back even within a day of it",
    async () => {
      const freed = await claimedLesson(3);
      const kept = await claimedLesson(3);
      expect((await saveAvailability(freed.teacher, [freed.day], true)).statusCode).toBe(200);
      clock.moveBy(Date.parse(freed.date) - 12 * HOUR - clock.now().getTime());
      try {
        const refused = await inject({
          method: "DELETE",
          url: `/api/schedulings/${kept.lessonId}`,
          headers: kept.student.auth,
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(lessonErrors.cancellationPolicy);
        const cancelled = await inject({
          method: "DELETE",
          url: `/api/schedulings/${freed.lessonId}`,
          headers: freed.student.auth,
        });
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json()).toEqual({ id: freed.lessonId, refunded: true });
      } finally {
        clock.moveBy(Date.now() - clock.now().getTime());
      }
    },
    CASE_MS,
  );

  it(
    "lets an administrator give a teacher's day off, the lessons freed by the administrator",
    async () => {
      const { teacher, lessonId, day } = await claimedLesson(4);
      const admin = bearer(await adminToken(test.app));
      const refused = await inject({
        method: "PUT",
        url: `/api/teachers/${teacher.id}/availability`,
        headers: admin,
        payload: { ...everyDay, daysOff: [day] },
      });
      expect(refused.statusCode).toBe(409);
      const confirmed = await inject({
        method: "PUT",
        url: `/api/teachers/${teacher.id}/availability`,
        headers: admin,
        payload: { ...everyDay, daysOff: [day], confirm: true },
      });
      expect(confirmed.statusCode).toBe(200);
      const events = await test.app.eventStore.readStream(lessonStreams.id(lessonId));
      expect(events.at(-1)?.data).toMatchObject({
        reason: "DAY_OFF",
        by: (await findUserByLogin(test.db, ADMIN.email))?.id,
      });
    },
    CASE_MS,
  );

  it(
    "leaves alone the lessons of the days not taken off",
    async () => {
      const { teacher, lessonId, day } = await claimedLesson(5);
      const otherDay = localDateOf(new Date(Date.now() + 6 * 24 * HOUR));
      const saved = await saveAvailability(teacher, [otherDay]);
      expect(saved.statusCode).toBe(200);
      expect(await typesOf(lessonStreams.id(lessonId))).toEqual(["LessonScheduled", "LessonAccepted"]);
      expect(day).not.toBe(otherDay);
    },
    CASE_MS,
  );
});
