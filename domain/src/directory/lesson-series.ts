import { z } from "zod";
import { creditErrors, NO_CREDITS_LEFT } from "../accounts/student-account";
import {
  CANCELLATION_NOTICE_MS,
  checkLessonTime,
  LESSON_DURATION_MS,
  lessonErrors,
  PersonSnapshot,
  TrailSnapshot,
} from "../lessons/lesson";
import { wallClockOf } from "../lessons/sao-paulo-time";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, DomainError, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { availabilityErrors, saoPauloInstant } from "./availability";
import {
  type LessonSeriesStatus,
  SERIES_MAX_WEEKS,
  SERIES_WEEKS_AHEAD,
  type SeriesOccurrence,
} from "./directory-contracts";

/**
 * A weekly series with a chosen teacher ("toda terça às 19:00 com Ana, 8 semanas"), stream
 * `lesson-series-{id}`. Its occurrences fall weekly at the first one's São Paulo weekday and time; each
 * becomes an ordinary lesson booked with the teacher (a credit spent) only when it comes within
 * `SERIES_WEEKS_AHEAD` weeks, so credits are not locked for months. An occurrence that cannot be booked
 * (the teacher's day off, outside their availability, the hour taken) is skipped; one the student cannot
 * pay for pauses the series until credits come.
 */

export const seriesErrors = {
  notFound: "error.series.notFound",
  weeks: "error.series.weeks",
  finished: "error.series.finished",
  notAnOccurrence: "error.series.notAnOccurrence",
} as const;

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** How far ahead of now occurrences are booked. */
export const SERIES_HORIZON_MS = SERIES_WEEKS_AHEAD * WEEK_MS;

const instant = z.iso.datetime({ offset: true });

/** Why an occurrence was not booked; no credit was spent for it. */
export const SkipReason = z.enum([
  "DAY_OFF",
  "UNAVAILABLE",
  "TAKEN",
  "STUDENT_BUSY",
  "TOO_LATE",
  "STUDENT_INACTIVE",
  "TRAIL_WITHDRAWN",
]);
export type SkipReason = z.infer<typeof SkipReason>;

export const lessonSeriesEventSchemas = {
  LessonSeriesCreated: z.object({
    id: z.number().int().positive(),
    student: PersonSnapshot,
    teacher: PersonSnapshot,
    trail: TrailSnapshot,
    /** The first occurrence, as a São Paulo instant. */
    start: instant,
    weeks: z.number().int().min(2).max(SERIES_MAX_WEEKS),
    at: instant,
  }),
  /** The occurrence starting at `date` is the lesson `lessonId`, booked with the series' teacher. */
  SeriesOccurrenceBooked: z.object({ date: instant, lessonId: z.number().int(), at: instant }),
  /** The occurrence starting at `date` will not take place, for `reason`. */
  SeriesOccurrenceSkipped: z.object({ date: instant, reason: SkipReason, at: instant }),
  /** The occurrence starting at `date` could not be paid for: no lesson is booked until credits come. */
  LessonSeriesPaused: z.object({ reason: z.literal("NO_CREDITS"), date: instant, at: instant }),
  LessonSeriesResumed: z.object({ at: instant }),
  /** Over: every occurrence is past ("COMPLETED", `by` null) or an administrator ended it ("ADMIN"). */
  LessonSeriesEnded: z.object({ reason: z.enum(["COMPLETED", "ADMIN"]), by: z.number().int().nullable(), at: instant }),
  /** The student cancelled the series. */
  LessonSeriesCancelled: z.object({ by: z.number().int(), at: instant }),
};

export type LessonSeriesEvent = EventOf<typeof lessonSeriesEventSchemas>;
export type LessonSeriesCreated = z.infer<typeof lessonSeriesEventSchemas.LessonSeriesCreated>;

/** `lesson-series-{id}`. */
export const lessonSeriesStreams = streamKind("lesson-series", lessonSeriesEventSchemas, numericKey);

export const lessonSeriesEventDefinitions = Object.entries(lessonSeriesEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export type CreateLessonSeries = Command<
  "CreateLessonSeries",
  {
    id: number;
    student: PersonSnapshot;
    teacher: PersonSnapshot;
    trail: TrailSnapshot;
    start: string;
    weeks: number;
    now: Date;
  }
>;
export type BookOccurrence = Command<"BookOccurrence", { date: string; lessonId: number; now: Date }>;
export type SkipOccurrence = Command<"SkipOccurrence", { date: string; reason: SkipReason; now: Date }>;
export type PauseSeries = Command<"PauseSeries", { date: string; now: Date }>;
export type ResumeSeries = Command<"ResumeSeries", { now: Date }>;
/** `by` an administrator, or null: the sweep ends a series whose occurrences are all past. */
export type EndSeries = Command<"EndSeries", { by: number | null; now: Date }>;
export type CancelSeries = Command<"CancelSeries", { by: number; now: Date }>;

export type LessonSeriesCommand =
  | CreateLessonSeries
  | BookOccurrence
  | SkipOccurrence
  | PauseSeries
  | ResumeSeries
  | EndSeries
  | CancelSeries;

export interface OccurrenceRecord {
  status: "BOOKED" | "SKIPPED";
  lessonId: number | null;
  reason: SkipReason | null;
}

export type LessonSeries =
  | { status: "none" }
  | {
      status: LessonSeriesStatus;
      created: LessonSeriesCreated;
      /** Every occurrence's start, in order. */
      dates: string[];
      /**
       * What became of the occurrences dealt with, by start (`Date.parse`). A plain object, as a command's
       * result that carries the state travels as JSON.
       */
      recorded: Readonly<Record<number, OccurrenceRecord>>;
      pausedReason: "NO_CREDITS" | null;
    };
export type ExistingSeries = Exclude<LessonSeries, { status: "none" }>;

/**
 * The instant São Paulo's wall clock reads `local` (its fields as a UTC timestamp): guessed at UTC−3, then
 * corrected by the offset found there, twice, so a change of offset between the guess and the answer is
 * followed.
 */
const instantOfWallClock = (local: number) => {
  let at = local + 3 * 60 * 60 * 1000;
  for (let round = 0; round < 2; round++) {
    const clock = wallClockOf(new Date(at));
    at += local - Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  }
  return at;
};

/** The starts of `weeks` weekly occurrences from `start`, at its São Paulo weekday and wall-clock time. */
export const weeklyStarts = (start: string, weeks: number): string[] => {
  const first = wallClockOf(start);
  return Array.from({ length: weeks }, (_, week) =>
    saoPauloInstant(
      instantOfWallClock(Date.UTC(first.year, first.month - 1, first.day + 7 * week, first.hour, first.minute)),
    ),
  );
};

/** What became of the occurrence starting at `at` (epoch ms), undefined while not dealt with. */
export const recordOf = (series: ExistingSeries, at: number): OccurrenceRecord | undefined =>
  Object.hasOwn(series.recorded, at) ? series.recorded[at] : undefined;

const existing = (state: LessonSeries): ExistingSeries => {
  if (state.status === "none") throw notFound(seriesErrors.notFound);
  return state;
};

/** A series still running: active or paused. */
const running = (state: LessonSeries) => {
  const series = existing(state);
  if (series.status !== "ACTIVE" && series.status !== "PAUSED") throw conflict(seriesErrors.finished);
  return series;
};

/** The occurrence starting at `date`, not yet dealt with; null when it was (a repeated command). */
const openOccurrence = (series: ExistingSeries, date: string) => {
  const at = Date.parse(date);
  const start = series.dates.find((candidate) => Date.parse(candidate) === at);
  if (start === undefined) throw invalid(seriesErrors.notAnOccurrence, "date");
  return recordOf(series, at) ? null : start;
};

export const createLessonSeries = (command: CreateLessonSeries, state: LessonSeries): LessonSeriesEvent[] => {
  if (state.status !== "none") return [];
  if (!Number.isInteger(command.weeks) || command.weeks < 2 || command.weeks > SERIES_MAX_WEEKS)
    throw invalid(seriesErrors.weeks, "weeks");
  checkLessonTime(command.start, command.now);
  const { id, student, teacher, trail, weeks } = command;
  const start = saoPauloInstant(Date.parse(command.start));
  return [
    { type: "LessonSeriesCreated", data: { id, student, teacher, trail, start, weeks, at: command.now.toISOString() } },
  ];
};

export const bookOccurrence = (command: BookOccurrence, state: LessonSeries): LessonSeriesEvent[] => {
  const series = running(state);
  const date = openOccurrence(series, command.date);
  if (date === null) return [];
  return [
    { type: "SeriesOccurrenceBooked", data: { date, lessonId: command.lessonId, at: command.now.toISOString() } },
  ];
};

export const skipOccurrence = (command: SkipOccurrence, state: LessonSeries): LessonSeriesEvent[] => {
  const series = running(state);
  const date = openOccurrence(series, command.date);
  if (date === null) return [];
  return [{ type: "SeriesOccurrenceSkipped", data: { date, reason: command.reason, at: command.now.toISOString() } }];
};

export const pauseSeries = (command: PauseSeries, state: LessonSeries): LessonSeriesEvent[] => {
  const series = running(state);
  const date = openOccurrence(series, command.date);
  if (series.status === "PAUSED" || date === null) return [];
  return [{ type: "LessonSeriesPaused", data: { reason: "NO_CREDITS", date, at: command.now.toISOString() } }];
};

export const resumeSeries = (command: ResumeSeries, state: LessonSeries): LessonSeriesEvent[] => {
  const series = existing(state);
  if (series.status !== "PAUSED") return [];
  return [{ type: "LessonSeriesResumed", data: { at: command.now.toISOString() } }];
};

export const endSeries = (command: EndSeries, state: LessonSeries): LessonSeriesEvent[] => {
  const series = existing(state);
  if (series.status === "ENDED" || series.status === "CANCELLED") {
    if (command.by === null) return [];
    throw conflict(seriesErrors.finished);
  }
  if (command.by === null && !allPast(series, command.now)) return [];
  return [
    {
      type: "LessonSeriesEnded",
      data: { reason: command.by === null ? "COMPLETED" : "ADMIN", by: command.by, at: command.now.toISOString() },
    },
  ];
};

/** Only the series' student cancels it; to anyone else it does not exist. */
export const cancelSeries = (command: CancelSeries, state: LessonSeries): LessonSeriesEvent[] => {
  const series = existing(state);
  if (series.created.student.id !== command.by) throw notFound(seriesErrors.notFound);
  if (series.status === "CANCELLED") return [];
  if (series.status === "ENDED") throw conflict(seriesErrors.finished);
  return [{ type: "LessonSeriesCancelled", data: { by: command.by, at: command.now.toISOString() } }];
};

/** Whether the series' last occurrence is over. */
export const allPast = (series: ExistingSeries, now: Date) =>
  Date.parse(series.dates.at(-1) ?? series.created.start) + LESSON_DURATION_MS <= now.getTime();

/**
 * The occurrences to deal with now, in order: those not dealt with that start within the horizon
 * (`SERIES_WEEKS_AHEAD` weeks) of `now`. Past ones among them are skipped as too late; none while the series
 * is not running.
 */
export const dueOccurrences = (series: LessonSeries, now: Date): string[] => {
  if (series.status !== "ACTIVE" && series.status !== "PAUSED") return [];
  const horizon = now.getTime() + SERIES_HORIZON_MS;
  return series.dates.filter((date) => Date.parse(date) < horizon && !recordOf(series, Date.parse(date)));
};

/**
 * What the series does about an occurrence whose booking was refused: no credit pauses it, a slot that is
 * not the teacher's to give (their day off, outside their availability, taken) or a clash or late start
 * skips it. Any other refusal is no business of the series and is thrown again.
 */
export const refusalOutcome = (error: unknown): { pause: true } | { skip: SkipReason } => {
  if (!(error instanceof DomainError)) throw error;
  switch (error.messageKey) {
    case NO_CREDITS_LEFT:
      return { pause: true };
    case availabilityErrors.dayOff:
      return { skip: "DAY_OFF" };
    case availabilityErrors.notAvailable:
    case lessonErrors.teacherNotFound:
      return { skip: "UNAVAILABLE" };
    case lessonErrors.teacherBusy:
    case lessonErrors.teacherBusyOther:
      return { skip: "TAKEN" };
    case lessonErrors.studentBusy:
    case lessonErrors.studentBusyOther:
      return { skip: "STUDENT_BUSY" };
    case lessonErrors.past:
    case availabilityErrors.notice:
      return { skip: "TOO_LATE" };
    // A deactivated or erased account pays for nothing: its series books no more.
    case creditErrors.inactive:
      return { skip: "STUDENT_INACTIVE" };
    // The catalogue withdrew the series' trail or its level: its lessons can no longer be scheduled.
    case lessonErrors.trailNotFound:
    case lessonErrors.levelInactive:
      return { skip: "TRAIL_WITHDRAWN" };
    default:
      throw error;
  }
};

/**
 * The lessons a cancelled or ended series takes back: those booked that are not yet within the 24 hours the
 * cancellation rule keeps (those take place).
 */
export const lessonsToCancel = (series: LessonSeries, now: Date): number[] => {
  if (series.status === "none") return [];
  const earliest = now.getTime() + CANCELLATION_NOTICE_MS;
  return series.dates.flatMap((date) => {
    const record = recordOf(series, Date.parse(date));
    return record && record.lessonId !== null && Date.parse(date) > earliest ? [record.lessonId] : [];
  });
};

/** The series' occurrences as the lists show them, before any lesson of theirs was cancelled. */
export const occurrencesOf = (series: ExistingSeries): SeriesOccurrence[] =>
  series.dates.map((date) => {
    const record = recordOf(series, Date.parse(date));
    return { date, lessonId: record?.lessonId ?? null, status: record?.status ?? "PLANNED" };
  });

export const lessonSeriesDecider: Decider<LessonSeriesCommand, LessonSeriesEvent, LessonSeries> = {
  initialState: () => ({ status: "none" }),

  evolve: (state, event) => {
    if (event.type === "LessonSeriesCreated")
      return {
        status: "ACTIVE",
        created: event.data,
        dates: weeklyStarts(event.data.start, event.data.weeks),
        recorded: {},
        pausedReason: null,
      };
    if (state.status === "none") return state;
    switch (event.type) {
      case "SeriesOccurrenceBooked":
        return {
          ...state,
          recorded: {
            ...state.recorded,
            [Date.parse(event.data.date)]: { status: "BOOKED", lessonId: event.data.lessonId, reason: null },
          },
        };
      case "SeriesOccurrenceSkipped":
        return {
          ...state,
          recorded: {
            ...state.recorded,
            [Date.parse(event.data.date)]: { status: "SKIPPED", lessonId: null, reason: event.data.reason },
          },
        };
      case "LessonSeriesPaused":
        return { ...state, status: "PAUSED", pausedReason: event.data.reason };
      case "LessonSeriesResumed":
        return { ...state, status: "ACTIVE", pausedReason: null };
      case "LessonSeriesEnded":
        return { ...state, status: "ENDED", pausedReason: null };
      case "LessonSeriesCancelled":
        return { ...state, status: "CANCELLED", pausedReason: null };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "CreateLessonSeries":
        return createLessonSeries(command, state);
      case "BookOccurrence":
        return bookOccurrence(command, state);
      case "SkipOccurrence":
        return skipOccurrence(command, state);
      case "PauseSeries":
        return pauseSeries(command, state);
      case "ResumeSeries":
        return resumeSeries(command, state);
      case "EndSeries":
        return endSeries(command, state);
      case "CancelSeries":
        return cancelSeries(command, state);
      default:
        return assertNever(command);
    }
  },
};
