import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAvailability } from "../../../test/availability-fixtures";
import { givenAdmin } from "../../../test/catalog-fixtures";
import { movableClock } from "../../../test/clock";
import { createTestDatabaseUrl } from "../../../test/databases";
import { aTrail, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";
import { sweepLessonSeries } from "./series-sweep";

const DAY_MS = 24 * 60 * 60 * 1000;
// Both processes read business time from clocks moved together; only the spec's own sweeps run.
const start = new Date();
const clocks = [movableClock(start), movableClock(start)];
const env = { LESSON_SERIES_INTERVAL_MS: String(60 * 60 * 1000) };
let one: TestApp;
let two: TestApp;
let trail: Awaited<ReturnType<typeof aTrail>>;
beforeAll(async () => {
  const databaseUrl = await createTestDatabaseUrl();
  one = await createTestApp({ databaseUrl, env, overrides: { clock: clocks[0] } });
  two = await createTestApp({ databaseUrl, env, overrides: { clock: clocks[1] } });
  trail = await aTrail(one.app);
}, 120_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const startIn = (days: number) =>
  `${localDateOf(new Date((clocks[0]?.now().getTime() ?? 0) + days * DAY_MS))}T10:00:00-03:00`;
const createSeries = async (student: Person, teacher: Person) => {
  const response = await one.app.inject({
    method: "POST",
    url: "/api/lesson-series",
    headers: student.auth,
    payload: { teacherId: teacher.id, start: startIn(3), weeks: 4, trailId: trail.id },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LessonSeriesView>();
};
/** How many lessons each occurrence of the series got: the `SeriesOccurrenceBooked` events and the lessons naming it. */
const lessonsPerOccurrence = async (seriesId: number) => {
  const booked = await one.db.query<{ date: string; n: number }>(
    `select data->>'date' as date, count(*)::int as n from es_events
     where stream_id = $1 and type = 'SeriesOccurrenceBooked' group by 1 order by 1`,
    [`lesson-series-${seriesId}`],
  );
  const lessons = await one.db.query<{ n: number }>(
    `select count(*)::int as n from es_events
     where type = 'LessonScheduled' and (data->'chosenTeacher'->>'seriesId')::bigint = $1`,
    [seriesId],
  );
  return { occurrences: booked.rows.map((row) => row.n), lessons: lessons.rows[0]?.n };
};
/** The credits the student's own stream says were spent (the balance's read model may still be catching up). */
const creditsSpentBy = async (person: Person) =>
  (
    await one.db.query<{ n: number }>(
      "select count(*)::int as n from es_events where stream_id = $1 and type = 'CreditSpent'",
      [`student-${person.id}`],
    )
  ).rows[0]?.n;
const balanceOf = async (person: Person) =>
  (await one.db.query<{ balance: number }>("select balance from users where id = $1", [person.id])).rows[0]?.balance;

describe("weekly series with two backend processes on one PostgreSQL", () => {
  it("sweeping at the same moment books each occurrence once, one credit each", async () => {
    const teacher = await givenTeacher(one.app);
    await givenAvailability(one.app, teacher);
    const students = await Promise.all(Array.from({ length: 4 }, () => givenStudent(one.app, { credits: 5 })));
    const series: LessonSeriesView[] = [];
    for (const student of students) {
      const other = await givenTeacher(one.app);
      await givenAvailability(one.app, other);
      series.push(await createSeries(student, student === students[0] ? teacher : other));
    }
    for (const clock of clocks) clock.moveBy(7 * DAY_MS);
    const ids = series.map((each) => each.id);
    // The second process's work list shows every series before it sweeps.
    await expect
      .poll(
        async () =>
          (await two.db.query("select count(*)::int as n from lesson_series where id = any($1)", [ids])).rows[0],
        {
          timeout: 20_000,
        },
      )
      .toEqual({ n: ids.length });
    await Promise.all([sweepLessonSeries(one.app), sweepLessonSeries(two.app), sweepLessonSeries(two.app)]);
    for (const each of series)
      expect(await lessonsPerOccurrence(each.id)).toEqual({ occurrences: [1, 1, 1], lessons: 3 });
    for (const student of students) expect(await balanceOf(student)).toBe(2);
  }, 120_000);

  it("a paused series resumes once when credits granted are heard by both processes", async () => {
    const teacher = await givenTeacher(one.app);
    await givenAvailability(one.app, teacher);
    const student = await givenStudent(one.app, { credits: 1 });
    const created = await createSeries(student, teacher);
    expect(created.status).toBe("PAUSED");
    const admin = await givenAdmin(two.app);
    const grant = await two.app.inject({
      method: "POST",
      url: `/api/users/${encodeURIComponent(student.login)}/credits`,
      headers: admin.auth,
      payload: { amount: 4 },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    await expect.poll(async () => (await lessonsPerOccurrence(created.id)).lessons, { timeout: 20_000 }).toBe(2);
    await Promise.all([sweepLessonSeries(one.app), sweepLessonSeries(two.app)]);
    expect(await lessonsPerOccurrence(created.id)).toEqual({ occurrences: [1, 1], lessons: 2 });
    expect(await creditsSpentBy(student)).toBe(2);
  }, 120_000);
});
