import { describe, expect, it } from "vitest";
import { NO_CREDITS_LEFT, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { type TeacherEvent, teacherAccountDecider } from "../accounts/teacher-account";
import { lessonErrors, type TrailInCatalog } from "../lessons/lesson";
import { lessonDecider } from "../lessons/lesson-decider";
import { studentRegistered, teacherApplied } from "../lessons/lesson-fixtures";
import { studentSlotDecider } from "../lessons/student-slot";
import { type TeacherSlotEvent, teacherSlotDecider } from "../lessons/teacher-slot";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { availabilityErrors, type TeacherAvailability } from "./availability";
import { type LessonSeriesEvent, lessonSeriesDecider, lessonsToCancel } from "./lesson-series";
import {
  bookSeriesOccurrence,
  createSeriesBookingFirst,
  resumeWhenCredited,
  type SeriesBookingState,
} from "./lesson-series-booking";

/** Bia books Ana every Tuesday at 19:00 in São Paulo from 1 December 2026; now is the Friday before. */
const now = new Date("2026-11-27T15:00:00Z");
const at = now.toISOString();
const ana = { id: 21, firstName: "Ana", lastName: "Lima" };
const bia = { id: 30, firstName: "Bia", lastName: "Souza" };
const trail: TrailInCatalog = {
  id: 5,
  number: 1,
  title: "Greetings",
  level: { id: 1, name: "Begginer", active: true },
};
const meetUrl = "https://meet.jit.si/el-40-abc";
const tuesdays = ["2026-12-01T19:00:00-03:00", "2026-12-08T19:00:00-03:00", "2026-12-15T19:00:00-03:00"];
const tuesdayEvenings: TeacherAvailability = { weekly: [{ dayOfWeek: 2, start: "18:00", end: "22:00" }], daysOff: [] };

const registered = studentRegistered(bia, at);
const credits = (amount: number): StudentEvent => ({ type: "CreditsGranted", data: { amount, grantedBy: "admin" } });
const spent = (lessonId: number): StudentEvent => ({ type: "CreditSpent", data: { lessonId, schedulingId: lessonId } });
const teacher: TeacherEvent[] = [teacherApplied(ana, at), { type: "TeacherAccepted", data: { by: "admin" } }];
const created: LessonSeriesEvent = {
  type: "LessonSeriesCreated",
  data: {
    id: 7,
    student: bia,
    teacher: ana,
    trail: { id: 5, number: 1, title: "Greetings" },
    start: tuesdays[0] as string,
    weeks: 3,
    at,
  },
};
const occurrenceBooked = (week: number, lessonId: number): LessonSeriesEvent => ({
  type: "SeriesOccurrenceBooked",
  data: { date: tuesdays[week] as string, lessonId, at },
});
const paused = (week: number): LessonSeriesEvent => ({
  type: "LessonSeriesPaused",
  data: { reason: "NO_CREDITS", date: tuesdays[week] as string, at },
});

const stateOf = (history: {
  series?: LessonSeriesEvent[];
  student?: StudentEvent[];
  availability?: TeacherAvailability;
  slots?: TeacherSlotEvent[][];
}): SeriesBookingState => ({
  series: stateFrom(lessonSeriesDecider, history.series ?? []),
  lesson: lessonDecider.initialState(),
  student: stateFrom(studentAccountDecider, history.student ?? [registered, credits(2)]),
  studentSlots: [studentSlotDecider.initialState(), studentSlotDecider.initialState()],
  teacher: stateFrom(teacherAccountDecider, teacher),
  availability: history.availability ?? tuesdayEvenings,
  slots: (history.slots ?? [[], []]).map((events) => stateFrom(teacherSlotDecider, events)),
});
const occurrence = (week: number, lessonId = 41) => ({
  date: tuesdays[week] as string,
  lessonId,
  meetUrl,
  trail,
  objective: "TRAVEL" as const,
  now,
});
const start = (overrides: { start?: string; weeks?: number } = {}) => ({
  type: "CreateLessonSeries" as const,
  id: 7,
  student: bia,
  teacherId: ana.id,
  start: "2026-12-01T19:00:00-03:00",
  weeks: 3,
  lessonId: 40,
  meetUrl,
  trail,
  objective: "TRAVEL" as const,
  now,
  ...overrides,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.messageKey : error;
  }
  return undefined;
};

describe("starting a series", () => {
  it("creates it and books its first occurrence with the teacher, naming the series, a credit spent", () => {
    const decision = createSeriesBookingFirst(start(), stateOf({}));
    expect(decision.series).toEqual([created, occurrenceBooked(0, 40)]);
    const [scheduled, accepted] = decision.booking.lesson;
    expect(scheduled?.type === "LessonScheduled" && scheduled.data.chosenTeacher).toEqual({
      teacher: ana,
      how: "BOOKED",
      seriesId: 7,
    });
    expect(accepted?.type).toBe("LessonAccepted");
    expect(decision.booking.student).toEqual([spent(40)]);
  });

  it("is refused with the booking's answer when the first start cannot be booked now", () => {
    expect(refusal(() => createSeriesBookingFirst(start({ start: "2026-12-02T19:00:00-03:00" }), stateOf({})))).toBe(
      availabilityErrors.notAvailable,
    );
    expect(refusal(() => createSeriesBookingFirst(start(), stateOf({ student: [registered] })))).toBe(NO_CREDITS_LEFT);
    const taken = [{ type: "TeacherSlotReserved" as const, data: { teacherId: ana.id, lessonId: 9 } }];
    expect(refusal(() => createSeriesBookingFirst(start(), stateOf({ slots: [taken, []] })))).toBe(
      lessonErrors.teacherBusyOther,
    );
  });

  it("is refused for a removed trail and a wrong number of weeks", () => {
    expect(refusal(() => createSeriesBookingFirst({ ...start(), trail: null }, stateOf({})))).toBe(
      lessonErrors.trailNotFound,
    );
    expect(refusal(() => createSeriesBookingFirst(start({ weeks: 1 }), stateOf({})))).toBe("error.series.weeks");
  });

  it("started again decides nothing", () =>
    expect(createSeriesBookingFirst(start(), stateOf({ series: [created, occurrenceBooked(0, 40)] })).series).toEqual(
      [],
    ));
});

describe("booking a due occurrence", () => {
  const series = [created, occurrenceBooked(0, 40)];

  it("books the lesson with the series' teacher and records it on the series", () => {
    const decision = bookSeriesOccurrence(
      occurrence(1),
      stateOf({ series, student: [registered, credits(2), spent(40)] }),
    );
    expect(decision.series).toEqual([occurrenceBooked(1, 41)]);
    expect(decision.booking.student).toEqual([spent(41)]);
  });

  it("skips an occurrence on the teacher's day off, spending nothing", () => {
    const decision = bookSeriesOccurrence(
      occurrence(1),
      stateOf({ series, availability: { ...tuesdayEvenings, daysOff: ["2026-12-08"] } }),
    );
    expect(decision.series).toEqual([
      { type: "SeriesOccurrenceSkipped", data: { date: tuesdays[1], reason: "DAY_OFF", at } },
    ]);
    expect(decision.booking.student).toEqual([]);
    expect(decision.booking.lesson).toEqual([]);
  });

  it("skips an occurrence outside the teacher's availability, or at an hour taken", () => {
    const skippedFor = (state: SeriesBookingState) =>
      bookSeriesOccurrence(occurrence(1), state).series.map(
        (event) => event.type === "SeriesOccurrenceSkipped" && event.data.reason,
      );
    expect(skippedFor(stateOf({ series, availability: { weekly: [], daysOff: [] } }))).toEqual(["UNAVAILABLE"]);
    const taken = [{ type: "TeacherSlotReserved" as const, data: { teacherId: ana.id, lessonId: 9 } }];
    expect(skippedFor(stateOf({ series, slots: [[], taken] }))).toEqual(["TAKEN"]);
  });

  it("pauses the series when the student has no credit, the occurrence left to book", () => {
    const decision = bookSeriesOccurrence(
      occurrence(1),
      stateOf({ series, student: [registered, credits(1), spent(40)] }),
    );
    expect(decision.series).toEqual([paused(1)]);
    expect(decision.booking.lesson).toEqual([]);
  });

  it("a paused series still without credit decides nothing more", () =>
    expect(
      bookSeriesOccurrence(occurrence(1), stateOf({ series: [...series, paused(1)], student: [registered, spent(40)] }))
        .series,
    ).toEqual([]));

  it("a paused series resumes with the occurrence it books once credits came", () =>
    expect(
      bookSeriesOccurrence(
        occurrence(1),
        stateOf({ series: [...series, paused(1)], student: [registered, credits(1), spent(40), credits(4)] }),
      ).series,
    ).toEqual([{ type: "LessonSeriesResumed", data: { at } }, occurrenceBooked(1, 41)]));

  it("an occurrence another process booked first, or a cancelled series, decides nothing", () => {
    expect(bookSeriesOccurrence(occurrence(0), stateOf({ series }))).toEqual({
      series: [],
      booking: { lesson: [], student: [], studentSlots: [], slots: [] },
    });
    const cancelled: LessonSeriesEvent = { type: "LessonSeriesCancelled", data: { by: bia.id, at } };
    expect(bookSeriesOccurrence(occurrence(1), stateOf({ series: [...series, cancelled] })).series).toEqual([]);
  });
});

describe("resuming and cancelling", () => {
  it("a paused series resumes once its student has a credit", () => {
    const series = stateFrom(lessonSeriesDecider, [created, paused(0)]);
    expect(resumeWhenCredited(series, stateFrom(studentAccountDecider, [registered]), now)).toEqual([]);
    expect(resumeWhenCredited(series, stateFrom(studentAccountDecider, [registered, credits(1)]), now)).toEqual([
      { type: "LessonSeriesResumed", data: { at } },
    ]);
  });

  it("takes back the booked lessons not yet within 24 hours", () => {
    const series = stateFrom(lessonSeriesDecider, [created, occurrenceBooked(0, 40), occurrenceBooked(1, 41)]);
    expect(lessonsToCancel(series, now)).toEqual([40, 41]);
    expect(lessonsToCancel(series, new Date("2026-11-30T23:00:00Z"))).toEqual([41]);
  });
});
