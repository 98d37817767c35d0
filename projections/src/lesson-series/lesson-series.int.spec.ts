import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { type LessonSeriesEvent, lessonSeriesStreams } from "@el/domain/directory/lesson-series";
import { type LessonEvent, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { lessonSeriesProjector } from "./lesson-series-projector";
import {
  lessonSeriesById,
  lessonSeriesIdsOf,
  lessonSeriesOf,
  lessonSeriesToSweep,
  pausedLessonSeriesOf,
} from "./lesson-series-queries";

const at = "2026-11-27T15:00:00.000Z";
const ana = { id: 21, firstName: "Ana", lastName: "Lima" };
const bia = { id: 30, firstName: "Bia", lastName: "Souza" };
const tuesdays = ["2026-12-01T19:00:00-03:00", "2026-12-08T19:00:00-03:00", "2026-12-15T19:00:00-03:00"];
const series = (id: number, event: LessonSeriesEvent) => on(lessonSeriesStreams.id(id), event);
const created = (id: number, student: PersonSnapshot = bia) =>
  series(id, {
    type: "LessonSeriesCreated",
    data: {
      id,
      student,
      teacher: ana,
      trail: { id: 5, number: 1, title: "Greetings" },
      start: tuesdays[0] as string,
      weeks: 3,
      at,
    },
  });
const booked = (id: number, week: number, lessonId: number) =>
  series(id, { type: "SeriesOccurrenceBooked", data: { date: tuesdays[week] as string, lessonId, at } });
const skipped = (id: number, week: number) =>
  series(id, { type: "SeriesOccurrenceSkipped", data: { date: tuesdays[week] as string, reason: "DAY_OFF", at } });
const paused = (id: number, week: number) =>
  series(id, { type: "LessonSeriesPaused", data: { reason: "NO_CREDITS", date: tuesdays[week] as string, at } });
const lessonCancelled = (lessonId: number) =>
  on<LessonEvent>(lessonStreams.id(lessonId), {
    type: "LessonCancelled",
    data: { by: bia.id, role: "student", refunded: true, at },
  });
const seriesChanged = (status: string, pausedReason: string | null) =>
  [bia.id, ana.id].map((id) => ({
    room: `user:${id}`,
    event: "series:changed",
    payload: { seriesId: 7, status, pausedReason },
  }));

describe("lesson_series read model", () => {
  const spec = projectionSpec(lessonSeriesProjector);
  afterAll(() => spec.close());

  it("shows a new series with every occurrence planned", () =>
    spec
      .given()
      .when(created(7))
      .then(async ({ sql }) =>
        expect(await lessonSeriesById(sql, 7)).toEqual({
          id: 7,
          status: "ACTIVE",
          teacher: ana,
          student: bia,
          trail: { id: 5, number: 1, title: "Greetings" },
          start: tuesdays[0],
          weeks: 3,
          occurrences: tuesdays.map((date) => ({ date, lessonId: null, status: "PLANNED" })),
          pausedReason: null,
        }),
      ));

  it("shows occurrences booked, skipped, and cancelled when their lesson is", () =>
    spec
      .given(created(7), booked(7, 0, 40), booked(7, 1, 41))
      .when(skipped(7, 2), lessonCancelled(41), lessonCancelled(99))
      .then(async ({ sql }) =>
        expect((await lessonSeriesById(sql, 7))?.occurrences).toEqual([
          { date: tuesdays[0], lessonId: 40, status: "BOOKED" },
          { date: tuesdays[1], lessonId: 41, status: "CANCELLED" },
          { date: tuesdays[2], lessonId: null, status: "SKIPPED" },
        ]),
      ));

  it("a pause says why and tells the student and the teacher; resuming too", () =>
    spec
      .given(created(7))
      .when(paused(7, 0))
      .then(async ({ sql, pushes }) => {
        expect(await lessonSeriesById(sql, 7)).toMatchObject({ status: "PAUSED", pausedReason: "NO_CREDITS" });
        expect(pushes).toEqual(seriesChanged("PAUSED", "NO_CREDITS"));
        expect(await pausedLessonSeriesOf(sql, bia.id)).toEqual([7]);
      }));

  it("ended and cancelled series say so", async () => {
    await spec
      .given(created(7), paused(7, 0))
      .when(series(7, { type: "LessonSeriesResumed", data: { at } }))
      .then(async ({ sql, pushes }) => {
        expect(await lessonSeriesById(sql, 7)).toMatchObject({ status: "ACTIVE", pausedReason: null });
        expect(pushes).toEqual(seriesChanged("ACTIVE", null));
      });
    await spec
      .given(created(7))
      .when(series(7, { type: "LessonSeriesEnded", data: { reason: "ADMIN", by: 1, at } }))
      .then(async ({ sql, pushes }) => {
        expect((await lessonSeriesById(sql, 7))?.status).toBe("ENDED");
        expect(pushes).toEqual(seriesChanged("ENDED", null));
      });
    await spec
      .given(created(7))
      .when(series(7, { type: "LessonSeriesCancelled", data: { by: bia.id, at } }))
      .then(async ({ sql }) => expect((await lessonSeriesById(sql, 7))?.status).toBe("CANCELLED"));
  });

  it("lists a student's own, a teacher's, all for administrators, by status", () =>
    spec
      .given(created(7), created(8, { id: 31, firstName: "Caio", lastName: null }), paused(8, 0))
      .then(async ({ sql }) => {
        const ids = (views: { id: number }[]) => views.map((view) => view.id);
        expect(ids(await lessonSeriesOf(sql, { role: "student", id: bia.id }))).toEqual([7]);
        expect(ids(await lessonSeriesOf(sql, { role: "teacher", id: ana.id }))).toEqual([8, 7]);
        expect(ids(await lessonSeriesOf(sql, { role: "teacher", id: 99 }))).toEqual([]);
        expect(ids(await lessonSeriesOf(sql, { role: "admin" }, { status: "PAUSED" }))).toEqual([8]);
        expect(await lessonSeriesIdsOf(sql, { role: "student", id: bia.id })).toEqual([7]);
        expect(await lessonSeriesIdsOf(sql, { role: "teacher", id: ana.id })).toEqual([7, 8]);
      }));

  it("the sweep's work list: series with an occurrence due, paused ones, and those whose last one is over", () =>
    spec
      .given(created(7), booked(7, 0, 40), created(8), booked(8, 0, 50), booked(8, 1, 51), created(9), paused(9, 0))
      .then(async ({ sql }) => {
        const now = new Date("2026-11-27T15:00:00Z");
        const horizon = new Date("2026-12-11T15:00:00Z");
        expect(await lessonSeriesToSweep(sql, { now, horizon })).toEqual([7, 9]);
        const over = new Date("2026-12-16T00:00:00Z");
        expect(await lessonSeriesToSweep(sql, { now: over, horizon: over })).toEqual([7, 8, 9]);
      }));

  it("an erased student's name reads 'titular removido'", () =>
    spec
      .given(created(7))
      .when(on(`student-${bia.id}`, { type: "PersonalDataErased", data: {} }))
      .then(async ({ sql }) =>
        expect((await lessonSeriesById(sql, 7))?.student).toEqual({
          id: bia.id,
          firstName: PERSON_REMOVED,
          lastName: PERSON_REMOVED,
        }),
      ));
});
