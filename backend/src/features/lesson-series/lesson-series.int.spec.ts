import { NO_CREDITS_LEFT } from "@el/domain/accounts/student-account";
import { availabilityErrors } from "@el/domain/directory/availability";
import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { seriesErrors } from "@el/domain/directory/lesson-series";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { alwaysAvailable, givenAvailability } from "../../../test/availability-fixtures";
import { givenAdmin } from "../../../test/catalog-fixtures";
import { movableClock } from "../../../test/clock";
import { aTrail, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen, next } from "../../../test/sockets";
import type { Mail } from "../../plugins/mailer";
import { sweepLessonSeries } from "./series-sweep";

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = movableClock();
const outbox: Mail[] = [];
let test: TestApp;
let trail: Awaited<ReturnType<typeof aTrail>>;
let admin: Person;
beforeAll(async () => {
  test = await createTestApp({
    overrides: {
      clock,
      mailer: {
        send: async (mail) => {
          outbox.push(mail);
        },
      },
    },
  });
  trail = await aTrail(test.app);
  admin = await givenAdmin(test.app);
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
/** `hour`:00 in São Paulo, `days` days after the spec's clock. */
const startIn = (days: number, hour = 10) =>
  `${localDateOf(new Date(clock.now().getTime() + days * DAY_MS))}T${String(hour).padStart(2, "0")}:00:00-03:00`;
const createSeries = (student: Person, teacherId: number, body: Record<string, unknown> = {}) =>
  inject({
    method: "POST",
    url: "/api/lesson-series",
    headers: student.auth,
    payload: { teacherId, start: startIn(3), weeks: 4, trailId: trail.id, ...body },
  });
const listSeries = async (person: Person, query = "") => {
  const response = await inject({ method: "GET", url: `/api/lesson-series${query}`, headers: person.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LessonSeriesView[]>();
};
const seriesOf = async (person: Person, id: number) => (await listSeries(person)).find((series) => series.id === id);
const balanceOf = async (person: Person) => {
  const { rows } = await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id]);
  return rows[0]?.balance;
};
const bookableTeacher = async (availability = alwaysAvailable) => {
  const teacher = await givenTeacher(test.app);
  await givenAvailability(test.app, teacher, availability);
  return teacher;
};
const statuses = (series: LessonSeriesView | undefined) => series?.occurrences.map((occurrence) => occurrence.status);
const eventually = async <T>(read: () => Promise<T>, until: (value: T) => boolean, ms = 10_000) => {
  const giveUpAt = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("POST api/lesson-series", () => {
  it("creates the series and books the occurrences within two weeks with the teacher, a credit each", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const response = await createSeries(student, teacher.id);
    expect(response.statusCode, response.body).toBe(201);
    const series = response.json<LessonSeriesView>();
    expect(series).toMatchObject({
      status: "ACTIVE",
      teacher: { id: teacher.id, firstName: teacher.firstName },
      student: { id: student.id, firstName: student.firstName },
      trail: { id: trail.id },
      start: startIn(3),
      weeks: 4,
      pausedReason: null,
    });
    expect(series.occurrences.map((occurrence) => occurrence.date)).toEqual(
      [3, 10, 17, 24].map((days) => startIn(days)),
    );
    expect(statuses(series)).toEqual(["BOOKED", "BOOKED", "PLANNED", "PLANNED"]);
    expect(await balanceOf(student)).toBe(3);
    const lessonId = series.occurrences[0]?.lessonId as number;
    const events = await test.app.eventStore.readStream(lessonStreams.id(lessonId));
    expect(events.map((event) => event.type)).toEqual(["LessonScheduled", "LessonAccepted"]);
    expect(events[0]?.data).toMatchObject({
      chosenTeacher: { teacher: { id: teacher.id }, how: "BOOKED", seriesId: series.id },
    });
    expect(await seriesOf(student, series.id)).toEqual(series);
    expect(await seriesOf(teacher, series.id)).toEqual(series);
    expect(await seriesOf(admin, series.id)).toEqual(series);
    expect(await seriesOf(await givenStudent(test.app), series.id)).toBeUndefined();
  });

  it("is in the personal data export of its student and its teacher (LGPD)", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    for (const person of [student, teacher]) {
      const exported = (await inject({ method: "GET", url: "/api/account/export", headers: person.auth })).json();
      expect(exported.lessonSeries.map((event: { type: string }) => event.type)).toEqual([
        "LessonSeriesCreated",
        "SeriesOccurrenceBooked",
        "SeriesOccurrenceBooked",
      ]);
      expect(exported.lessonSeries[0]).toMatchObject({
        stream: `lesson-series-${series.id}`,
        data: { student: { firstName: student.firstName }, teacher: { firstName: teacher.firstName } },
      });
    }
  });

  it("is for students: a teacher or an administrator is refused, and nobody unsigned", async () => {
    const teacher = await bookableTeacher();
    expect((await createSeries(teacher, teacher.id)).statusCode).toBe(403);
    expect((await createSeries(admin, teacher.id)).statusCode).toBe(403);
    const anonymous = await inject({ method: "POST", url: "/api/lesson-series", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await inject({ method: "GET", url: "/api/lesson-series" })).statusCode).toBe(401);
  });

  it("refuses a wrong number of weeks, and a first start the teacher cannot be booked at now, spending nothing", async () => {
    const teacher = await bookableTeacher({ weekly: [{ dayOfWeek: 1, start: "18:00", end: "22:00" }], daysOff: [] });
    const student = await givenStudent(test.app, { credits: 2 });
    expect((await createSeries(student, teacher.id, { weeks: 1 })).statusCode).toBe(400);
    expect((await createSeries(student, teacher.id, { weeks: 53 })).statusCode).toBe(400);
    const outside = await createSeries(student, teacher.id, { start: startIn(3, 10) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(availabilityErrors.notAvailable);
    expect((await createSeries(student, 999_999_999)).statusCode).toBe(404);
    expect(await balanceOf(student)).toBe(2);
    expect(await listSeries(student)).toEqual([]);
  });

  it("skips an occurrence on the teacher's day off, spending no credit for it", async () => {
    const teacher = await bookableTeacher({ ...alwaysAvailable, daysOff: [localDateOf(startIn(10))] });
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    expect(statuses(series)).toEqual(["BOOKED", "SKIPPED", "PLANNED", "PLANNED"]);
    expect(await balanceOf(student)).toBe(4);
  });
});

describe("a series without credits", () => {
  it("pauses, e-mails the student, and resumes by itself once an administrator grants credits", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 1 });
    const created = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    expect(created).toMatchObject({ status: "PAUSED", pausedReason: "NO_CREDITS" });
    expect(statuses(created)).toEqual(["BOOKED", "PLANNED", "PLANNED", "PLANNED"]);
    expect(outbox.filter((mail) => mail.to === student.login).map((mail) => mail.subject)).toEqual([
      "Sua série de aulas está pausada",
    ]);
    expect(await listSeries(student, "?status=PAUSED")).toEqual([expect.objectContaining({ id: created.id })]);

    const grant = await inject({
      method: "POST",
      url: `/api/users/${encodeURIComponent(student.login)}/credits`,
      headers: admin.auth,
      payload: { amount: 3 },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const resumed = await eventually(
      () => seriesOf(student, created.id),
      (series) => statuses(series)?.[1] === "BOOKED",
    );
    expect(resumed).toMatchObject({ status: "ACTIVE", pausedReason: null });
    expect(statuses(resumed)).toEqual(["BOOKED", "BOOKED", "PLANNED", "PLANNED"]);
    expect(await balanceOf(student)).toBe(2);
  });

  it("tells the student and the teacher live that it paused, and that it resumed", async () => {
    const url = await listen(test.app);
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 1 });
    const [studentSocket, teacherSocket] = [connect(url, student.token), connect(url, teacher.token)];
    await Promise.all([connected(studentSocket), connected(teacherSocket)]);
    const paused = [next(studentSocket, "series:changed"), next(teacherSocket, "series:changed")];
    const created = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    const pausedPush = { seriesId: created.id, status: "PAUSED", pausedReason: "NO_CREDITS" };
    expect(await Promise.all(paused)).toEqual([pausedPush, pausedPush]);
    const resumed = next(studentSocket, "series:changed", (push) => push.status === "ACTIVE");
    await inject({
      method: "POST",
      url: `/api/users/${encodeURIComponent(student.login)}/credits`,
      headers: admin.auth,
      payload: { amount: 1 },
    });
    expect(await resumed).toEqual({ seriesId: created.id, status: "ACTIVE", pausedReason: null });
    disconnectAll();
  });

  it("a first start the student cannot pay for refuses the series", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app);
    const response = await createSeries(student, teacher.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_CREDITS_LEFT);
  });
});

describe("cancelling and ending", () => {
  it("cancelling one occurrence is the lesson's own cancellation; the series shows it cancelled", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    const lessonId = series.occurrences[1]?.lessonId;
    const cancelled = await inject({ method: "DELETE", url: `/api/schedulings/${lessonId}`, headers: student.auth });
    expect(cancelled.json()).toEqual({ id: lessonId, refunded: true });
    expect(statuses(await seriesOf(student, series.id))).toEqual(["BOOKED", "CANCELLED", "PLANNED", "PLANNED"]);
  });

  it("only the series' student cancels it; to anyone else it is not found, as an unknown id", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    const other = await givenStudent(test.app);
    const refused = await inject({ method: "DELETE", url: `/api/lesson-series/${series.id}`, headers: other.auth });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(seriesErrors.notFound);
    expect(
      (await inject({ method: "DELETE", url: "/api/lesson-series/999999999", headers: student.auth })).statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: "DELETE", url: `/api/lesson-series/${series.id}`, headers: teacher.auth })).statusCode,
    ).toBe(403);
    expect((await inject({ method: "DELETE", url: "/api/lesson-series/abc", headers: student.auth })).statusCode).toBe(
      400,
    );
  });

  it("only administrators end a series; it ends with its lessons not yet within 24 hours cancelled", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    const end = (person: Person, id = series.id) =>
      inject({ method: "POST", url: `/api/lesson-series/${id}/end`, headers: person.auth });
    expect((await end(student)).statusCode).toBe(403);
    expect((await end(admin, 999_999_999)).statusCode).toBe(404);
    expect((await end(admin)).json()).toEqual({ id: series.id });
    const ended = await seriesOf(admin, series.id);
    expect(ended?.status).toBe("ENDED");
    expect(statuses(ended)).toEqual(["CANCELLED", "CANCELLED", "PLANNED", "PLANNED"]);
    expect(await balanceOf(student)).toBe(5);
    expect((await end(admin)).statusCode).toBe(409);
  });
});

describe("as weeks pass", () => {
  it("the series' lessons are ordinary accepted lessons: on the live board and in the teacher's finance", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    const lessonId = series.occurrences[0]?.lessonId;
    const board = await inject({ method: "GET", url: "/api/board?days=7", headers: admin.auth });
    expect(board.json().columns.accepted.map((card: { id: number }) => card.id)).toContain(lessonId);
    const finance = await inject({
      method: "GET",
      url: `/api/lessons/teacher/${teacher.login}`,
      headers: teacher.auth,
    });
    const month = new Date(startIn(3));
    const ofMonth = (year: number, monthNumber: number) =>
      finance
        .json()
        .find((entry: { year: number; month: number }) => entry.year === year && entry.month === monthNumber);
    const [year, monthNumber] = localDateOf(month).split("-").map(Number) as [number, number];
    expect(ofMonth(year, monthNumber)?.upcomingLessons).toBeGreaterThanOrEqual(1);
  });

  it("the sweep books each occurrence as it comes within two weeks, and ends the series after the last", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    await sweepLessonSeries(test.app);
    expect(statuses(await seriesOf(student, series.id))).toEqual(["BOOKED", "BOOKED", "PLANNED", "PLANNED"]);
    clock.moveBy(7 * DAY_MS);
    await sweepLessonSeries(test.app);
    expect(statuses(await seriesOf(student, series.id))).toEqual(["BOOKED", "BOOKED", "BOOKED", "PLANNED"]);
    clock.moveBy(7 * DAY_MS);
    await sweepLessonSeries(test.app);
    expect(statuses(await seriesOf(student, series.id))).toEqual(["BOOKED", "BOOKED", "BOOKED", "BOOKED"]);
    expect(await balanceOf(student)).toBe(1);
    clock.moveBy(11 * DAY_MS);
    await sweepLessonSeries(test.app);
    expect((await seriesOf(student, series.id))?.status).toBe("ENDED");
  });

  it("cancelling the series cancels its lessons not yet within 24 hours, credit back; those within stay", async () => {
    const teacher = await bookableTeacher();
    const student = await givenStudent(test.app, { credits: 5 });
    const series = (await createSeries(student, teacher.id)).json<LessonSeriesView>();
    clock.moveBy(2.5 * DAY_MS);
    const cancelled = await inject({ method: "DELETE", url: `/api/lesson-series/${series.id}`, headers: student.auth });
    expect(cancelled.json()).toEqual({ id: series.id });
    const after = await seriesOf(student, series.id);
    expect(after?.status).toBe("CANCELLED");
    expect(statuses(after)).toEqual(["BOOKED", "CANCELLED", "PLANNED", "PLANNED"]);
    expect(await balanceOf(student)).toBe(4);
    const again = await inject({ method: "DELETE", url: `/api/lesson-series/${series.id}`, headers: student.auth });
    expect(again.statusCode).toBe(200);
    await sweepLessonSeries(test.app);
    expect(statuses(await seriesOf(student, series.id))).toEqual(["BOOKED", "CANCELLED", "PLANNED", "PLANNED"]);
  });
});
