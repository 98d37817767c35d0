import { describe, expect, it } from "vitest";
import { creditErrors, NO_CREDITS_LEFT } from "../accounts/student-account";
import { lessonErrors } from "../lessons/lesson";
import { conflict, forbidden, invalid, notFound } from "../shared/errors";
import { specFor } from "../shared/spec";
import { availabilityErrors } from "./availability";
import {
  dueOccurrences,
  type LessonSeriesCommand,
  type LessonSeriesEvent,
  lessonSeriesDecider,
  lessonSeriesStreams,
  occurrencesOf,
  refusalOutcome,
  seriesErrors,
  weeklyStarts,
} from "./lesson-series";

const given = specFor(lessonSeriesDecider);

/** Tuesdays at 19:00 in São Paulo from 1 December 2026; now is the Friday before. */
const now = new Date("2026-11-27T15:00:00Z");
const at = now.toISOString();
const ana = { id: 21, firstName: "Ana", lastName: "Lima" };
const bia = { id: 30, firstName: "Bia", lastName: "Souza" };
const trail = { id: 5, number: 1, title: "Greetings" };
const tuesdays = [
  "2026-12-01T19:00:00-03:00",
  "2026-12-08T19:00:00-03:00",
  "2026-12-15T19:00:00-03:00",
  "2026-12-22T19:00:00-03:00",
];

const create = (overrides: Partial<Extract<LessonSeriesCommand, { type: "CreateLessonSeries" }>> = {}) =>
  ({
    type: "CreateLessonSeries",
    id: 7,
    student: bia,
    teacher: ana,
    trail,
    start: "2026-12-01T22:00:00Z",
    weeks: 4,
    now,
    ...overrides,
  }) satisfies LessonSeriesCommand;
const created: LessonSeriesEvent = {
  type: "LessonSeriesCreated",
  data: { id: 7, student: bia, teacher: ana, trail, start: tuesdays[0] as string, weeks: 4, at },
};
const booked = (week: number, lessonId: number): LessonSeriesEvent => ({
  type: "SeriesOccurrenceBooked",
  data: { date: tuesdays[week] as string, lessonId, at },
});
const skipped = (week: number): LessonSeriesEvent => ({
  type: "SeriesOccurrenceSkipped",
  data: { date: tuesdays[week] as string, reason: "DAY_OFF", at },
});
const paused = (week: number): LessonSeriesEvent => ({
  type: "LessonSeriesPaused",
  data: { reason: "NO_CREDITS", date: tuesdays[week] as string, at },
});
const resumed: LessonSeriesEvent = { type: "LessonSeriesResumed", data: { at } };
const cancelled: LessonSeriesEvent = { type: "LessonSeriesCancelled", data: { by: bia.id, at } };
const ended: LessonSeriesEvent = { type: "LessonSeriesEnded", data: { reason: "ADMIN", by: 1, at } };
const stateOf = (...events: LessonSeriesEvent[]) =>
  events.reduce(lessonSeriesDecider.evolve, lessonSeriesDecider.initialState());
const days = (count: number) => new Date(now.getTime() + count * 24 * 60 * 60 * 1000);

describe("weekly occurrences", () => {
  it("fall on the first one's São Paulo weekday and wall-clock time", () => {
    expect(weeklyStarts("2026-12-01T22:00:00Z", 4)).toEqual(tuesdays);
  });

  it("keep the wall-clock time across a change of São Paulo's offset (the 2018 daylight saving)", () => {
    expect(weeklyStarts("2018-10-30T19:00:00-03:00", 2)).toEqual([
      "2018-10-30T19:00:00-03:00",
      "2018-11-06T19:00:00-02:00",
    ]);
  });

  it("the stream is lesson-series-{id}", () => {
    expect(lessonSeriesStreams.id(7)).toBe("lesson-series-7");
    expect(lessonSeriesStreams.holds("lesson-7")).toBe(false);
  });
});

describe("creating a series", () => {
  it("records the teacher, the student, the trail, the first start in São Paulo time and the weeks", () =>
    given([]).when(create()).then([created]));

  it("is refused for fewer than 2 or more than 52 weeks", () => {
    given([])
      .when(create({ weeks: 1 }))
      .thenThrows(seriesErrors.weeks, "validation");
    given([])
      .when(create({ weeks: 53 }))
      .thenThrows(seriesErrors.weeks, "validation");
  });

  it("follows the schedule form's rules on the first start", () => {
    given([])
      .when(create({ start: "2026-12-01T19:15:00-03:00" }))
      .thenThrows(lessonErrors.halfHours, "validation");
    given([])
      .when(create({ start: "2026-11-20T19:00:00-03:00" }))
      .thenThrows(lessonErrors.past, "validation");
  });

  it("created again decides nothing", () => given([created]).when(create()).then([]));

  it("is active, with every occurrence planned", () => {
    const series = stateOf(created);
    expect(series.status).toBe("ACTIVE");
    if (series.status === "none") return;
    expect(occurrencesOf(series)).toEqual(tuesdays.map((date) => ({ date, lessonId: null, status: "PLANNED" })));
  });
});

describe("booking and skipping occurrences", () => {
  it("records the lesson made for an occurrence", () =>
    given([created])
      .when({ type: "BookOccurrence", date: "2026-12-01T22:00:00Z", lessonId: 40, now })
      .then([booked(0, 40)]));

  it("an occurrence dealt with already is left as it is (two sweeps at once)", () => {
    given([created, booked(0, 40)])
      .when({ type: "BookOccurrence", date: tuesdays[0] as string, lessonId: 41, now })
      .then([]);
    given([created, skipped(0)])
      .when({ type: "SkipOccurrence", date: tuesdays[0] as string, reason: "TAKEN", now })
      .then([]);
  });

  it("refuses a date that is no occurrence of the series", () =>
    given([created])
      .when({ type: "BookOccurrence", date: "2026-12-02T19:00:00-03:00", lessonId: 40, now })
      .thenThrows(seriesErrors.notAnOccurrence, "validation"));

  it("records a skipped occurrence with its reason", () =>
    given([created])
      .when({ type: "SkipOccurrence", date: tuesdays[0] as string, reason: "DAY_OFF", now })
      .then([skipped(0)]));

  it("books nothing for a cancelled or ended series", () => {
    given([created, cancelled])
      .when({ type: "BookOccurrence", date: tuesdays[1] as string, lessonId: 41, now })
      .thenThrows(seriesErrors.finished, "conflict");
    given([created, ended])
      .when({ type: "SkipOccurrence", date: tuesdays[1] as string, reason: "TAKEN", now })
      .thenThrows(seriesErrors.finished, "conflict");
  });

  it("shows booked and skipped occurrences beside the planned ones", () => {
    const series = stateOf(created, booked(0, 40), skipped(1));
    if (series.status === "none") throw new Error("no series");
    expect(occurrencesOf(series).map(({ status, lessonId }) => ({ status, lessonId }))).toEqual([
      { status: "BOOKED", lessonId: 40 },
      { status: "SKIPPED", lessonId: null },
      { status: "PLANNED", lessonId: null },
      { status: "PLANNED", lessonId: null },
    ]);
  });
});

describe("which occurrences are due", () => {
  it("those within two weeks of now not yet dealt with", () => {
    expect(dueOccurrences(stateOf(created), now)).toEqual(tuesdays.slice(0, 2));
    expect(dueOccurrences(stateOf(created, booked(0, 40)), now)).toEqual([tuesdays[1]]);
    expect(dueOccurrences(stateOf(created, booked(0, 40), booked(1, 41)), days(7))).toEqual([tuesdays[2]]);
  });

  it("still those of a paused series (the sweep retries them), none of a finished one", () => {
    expect(dueOccurrences(stateOf(created, paused(0)), now)).toEqual(tuesdays.slice(0, 2));
    expect(dueOccurrences(stateOf(created, cancelled), now)).toEqual([]);
    expect(dueOccurrences(stateOf(created, ended), now)).toEqual([]);
  });
});

describe("pausing for want of credits, and resuming", () => {
  it("pauses an active series at the occurrence it could not pay for", () =>
    given([created, booked(0, 40)])
      .when({ type: "PauseSeries", date: tuesdays[1] as string, now })
      .then([paused(1)]));

  it("a paused series is not paused again", () =>
    given([created, paused(0)])
      .when({ type: "PauseSeries", date: tuesdays[1] as string, now })
      .then([]));

  it("a paused series says why", () => {
    const series = stateOf(created, paused(0));
    expect(series.status === "PAUSED" && series.pausedReason).toBe("NO_CREDITS");
  });

  it("resumes a paused series; an active one decides nothing", () => {
    given([created, paused(0)])
      .when({ type: "ResumeSeries", now })
      .then([resumed]);
    given([created, paused(0), resumed])
      .when({ type: "ResumeSeries", now })
      .then([]);
  });
});

describe("ending and cancelling", () => {
  it("an administrator ends a running series", () =>
    given([created, paused(0)])
      .when({ type: "EndSeries", by: 1, now })
      .then([ended]));

  it("the sweep ends it once its last occurrence is over, not before", () => {
    given([created])
      .when({ type: "EndSeries", by: null, now: days(24) })
      .then([]);
    given([created])
      .when({ type: "EndSeries", by: null, now: days(26) })
      .then([{ type: "LessonSeriesEnded", data: { reason: "COMPLETED", by: null, at: days(26).toISOString() } }]);
  });

  it("an administrator cannot end a finished series", () =>
    given([created, cancelled]).when({ type: "EndSeries", by: 1, now }).thenThrows(seriesErrors.finished, "conflict"));

  it("the student cancels it", () =>
    given([created, booked(0, 40)])
      .when({ type: "CancelSeries", by: bia.id, now })
      .then([cancelled]));

  it("cancelling again decides nothing; an ended series cannot be cancelled", () => {
    given([created, cancelled]).when({ type: "CancelSeries", by: bia.id, now }).then([]);
    given([created, ended])
      .when({ type: "CancelSeries", by: bia.id, now })
      .thenThrows(seriesErrors.finished, "conflict");
  });

  it("another student finds no such series", () =>
    given([created]).when({ type: "CancelSeries", by: 99, now }).thenThrows(seriesErrors.notFound, "not_found"));

  it("a series that does not exist is not found", () =>
    given([]).when({ type: "CancelSeries", by: bia.id, now }).thenThrows(seriesErrors.notFound, "not_found"));
});

describe("what a refused booking means to the series", () => {
  it("no credit pauses it", () => expect(refusalOutcome(invalid(NO_CREDITS_LEFT))).toEqual({ pause: true }));

  it("the teacher's day off, outside their availability or a taken hour skips the occurrence", () => {
    expect(refusalOutcome(invalid(availabilityErrors.dayOff))).toEqual({ skip: "DAY_OFF" });
    expect(refusalOutcome(invalid(availabilityErrors.notAvailable))).toEqual({ skip: "UNAVAILABLE" });
    expect(refusalOutcome(conflict(lessonErrors.teacherBusy))).toEqual({ skip: "TAKEN" });
    expect(refusalOutcome(invalid(lessonErrors.studentBusy))).toEqual({ skip: "STUDENT_BUSY" });
    expect(refusalOutcome(invalid(lessonErrors.past))).toEqual({ skip: "TOO_LATE" });
    expect(refusalOutcome(forbidden(creditErrors.inactive))).toEqual({ skip: "STUDENT_INACTIVE" });
    expect(refusalOutcome(invalid(lessonErrors.trailNotFound))).toEqual({ skip: "TRAIL_WITHDRAWN" });
  });

  it("any other refusal is thrown again", () => {
    const gone = notFound(lessonErrors.notFound);
    expect(() => refusalOutcome(gone)).toThrow(gone);
    expect(() => refusalOutcome(new Error("database down"))).toThrow("database down");
  });
});
