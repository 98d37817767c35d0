import { z } from "zod";
import { FIRST_HOUR, LAST_HOUR, LESSON_DURATION_MS, type Lesson, type LessonEvent } from "../lessons/lesson";
import { unassignTeacherFreeingSlots } from "../lessons/lesson-decisions";
import { localDateOf, wallClockOf } from "../lessons/sao-paulo-time";
import type { TeacherSlot } from "../lessons/teacher-slot";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { DomainError, invalid } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * When a teacher may be booked: weekly windows on a half-hour grid in São Paulo time ("Mondays
 * 18:00–22:00") and dates off. A lesson fits when its whole hour lies inside one window of its weekday
 * and its date is not off; the spec's slot rules (07:00–22:00 starts, on :00 or :30, to come) still hold.
 * Stream `teacher-availability-{teacherId}`; what is booked already lives on the teacher's slot streams.
 */

export const availabilityErrors = {
  window: "error.availability.window",
  grid: "error.availability.grid",
  hours: "error.availability.hours",
  dayOff: "error.availability.dayOff",
  tooMany: "error.availability.tooMany",
  notAvailable: "error.availability.notAvailable",
  notice: "error.availability.notice",
  lessonsOnDayOff: "error.availability.lessonsOnDayOff",
  range: "error.availability.range",
} as const;

/** A direct booking needs this much notice: the teacher must be able to see it before it starts. */
export const BOOKING_NOTICE_MS = 2 * 60 * 60 * 1000;
/** How far ahead a student sees and books a teacher's free starts. */
export const BOOKING_HORIZON_DAYS = 14;
export const MAX_WINDOWS = 50;
export const MAX_DAYS_OFF = 366;

const HALF_HOUR_MS = 30 * 60 * 1000;
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, availabilityErrors.grid);

/** One weekly window: `{ dayOfWeek: 1 (Monday) … 7 (Sunday), start: "18:00", end: "22:00" }`. */
export const AvailabilityWindow = z.object({
  dayOfWeek: z.number().int().min(1).max(7),
  start: clockTime,
  end: clockTime,
});
export type AvailabilityWindow = z.infer<typeof AvailabilityWindow>;

/** `GET`/`PUT /api/teachers/me/availability` and `/api/teachers/{id}/availability`. */
export const TeacherAvailability = z.object({
  weekly: z.array(AvailabilityWindow).max(MAX_WINDOWS * 2),
  /** São Paulo dates, `2026-12-24`. */
  daysOff: z.array(z.iso.date()).max(MAX_DAYS_OFF * 2),
});
export type TeacherAvailability = z.infer<typeof TeacherAvailability>;

export const emptyAvailability: TeacherAvailability = { weekly: [], daysOff: [] };

const instant = z.iso.datetime({ offset: true });

export const availabilityEventSchemas = {
  /** The whole availability as the teacher (or an administrator, `by`) saved it, normalised. */
  TeacherAvailabilityChanged: TeacherAvailability.extend({ by: z.number().int(), at: instant }),
};
export type AvailabilityEvent = EventOf<typeof availabilityEventSchemas>;
export const availabilityEventDefinitions = Object.entries(availabilityEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

/** `teacher-availability-{teacherId}`. */
export const availabilityStreams = streamKind("teacher-availability", availabilityEventSchemas, numericKey);

export type ChangeAvailability = Command<"ChangeAvailability", TeacherAvailability & { by: number; now: Date }>;
/** A teacher (`teacherId`) or an administrator (`by`) saves it; `confirm` frees the lessons on new days off. */
export type TakeDaysOff = Command<
  "TakeDaysOff",
  TeacherAvailability & { teacherId: number; by: number; now: Date; confirm: boolean }
>;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** `2026-12-24`, a day the calendar has (`Date.parse` takes `2026-02-30` as the 2nd of March). */
const isCalendarDate = (day: string) => {
  const at = Date.parse(`${day}T12:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};

/**
 * Checks and tidies what a teacher sends: each window on the half-hour grid, inside 07:00–23:00 (the
 * last lesson starts at 22:00), at least an hour long; windows of a day that touch or overlap are merged,
 * sorted by day and start; dates off sorted, without repeats. Saving the result again changes nothing.
 */
export const normalizeAvailability = (input: TeacherAvailability): TeacherAvailability => {
  const byDay = new Map<number, [number, number][]>();
  for (const window of input.weekly) {
    const start = minutesOf(window.start);
    const end = minutesOf(window.end);
    if (start % 30 !== 0 || end % 30 !== 0) throw invalid(availabilityErrors.grid, "weekly");
    if (start < FIRST_HOUR * 60 || end > (LAST_HOUR + 1) * 60) throw invalid(availabilityErrors.hours, "weekly");
    if (end - start < LESSON_DURATION_MS / 60_000) throw invalid(availabilityErrors.window, "weekly");
    byDay.set(window.dayOfWeek, [...(byDay.get(window.dayOfWeek) ?? []), [start, end]]);
  }
  const weekly: AvailabilityWindow[] = [];
  for (const dayOfWeek of [...byDay.keys()].sort((a, b) => a - b)) {
    const ranges = (byDay.get(dayOfWeek) ?? []).sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [start, end] of ranges) {
      const last = merged.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    for (const [start, end] of merged) weekly.push({ dayOfWeek, start: clockOf(start), end: clockOf(end) });
  }
  if (weekly.length > MAX_WINDOWS) throw invalid(availabilityErrors.tooMany, "weekly");
  const daysOff = [...new Set(input.daysOff)].sort();
  if (daysOff.length > MAX_DAYS_OFF) throw invalid(availabilityErrors.tooMany, "daysOff");
  if (daysOff.some((day) => !isCalendarDate(day))) throw invalid(availabilityErrors.dayOff, "daysOff");
  return { weekly, daysOff };
};

const pad = (value: number) => String(value).padStart(2, "0");

/** São Paulo's offset from UTC at `at`, in ms (-3 h these years), from the zone's rules. */
const offsetAt = (at: number) => {
  const clock = wallClockOf(new Date(at));
  const local = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return local - Math.floor(at / 1000) * 1000;
};

/** The São Paulo wall clock at `at`, given the offset there: weekday (Monday = 1), minutes since midnight, date. */
const wallAt = (at: number, offset: number) => {
  const local = new Date(at + offset);
  const weekday = local.getUTCDay();
  return {
    weekday: weekday === 0 ? 7 : weekday,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    date: local.toISOString().slice(0, 10),
  };
};

/** `at` written in São Paulo's offset there: `2026-12-01T18:00:00-03:00`. */
const writtenAt = (at: number, offset: number) => {
  const minutes = Math.round(offset / 60_000);
  const abs = Math.abs(minutes);
  const local = new Date(at + offset).toISOString().slice(0, 16);
  return `${local}:00${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

const holdsLessonAt = (
  weekly: readonly AvailabilityWindow[],
  daysOff: ReadonlySet<string>,
  wall: ReturnType<typeof wallAt>,
) => {
  if (daysOff.has(wall.date)) return false;
  const to = wall.minutes + LESSON_DURATION_MS / 60_000;
  return weekly.some(
    (window) =>
      window.dayOfWeek === wall.weekday && minutesOf(window.start) <= wall.minutes && to <= minutesOf(window.end),
  );
};

/** Whether the lesson hour starting at `start` lies inside one window of the availability, on a day not off. */
export const isInsideAvailability = (availability: TeacherAvailability, start: string | Date): boolean => {
  const at = typeof start === "string" ? Date.parse(start) : start.getTime();
  if (Number.isNaN(at)) return false;
  return holdsLessonAt(availability.weekly, new Set(availability.daysOff), wallAt(at, offsetAt(at)));
};

/** `2026-12-01T18:00:00-03:00`: an instant written in São Paulo's offset at that moment, as slots are answered. */
export const saoPauloInstant = (at: number): string => writtenAt(at, offsetAt(at));

/** Offsets change a few times a year at most: equal at both ends of this span, it held all along. */
const STEADY_OFFSET_MS = 24 * 60 * 60 * 1000;

/**
 * The starts a student may book now between `from` and `to` (instants, `to` excluded): every half hour
 * whose lesson hour is inside the availability, at least `BOOKING_NOTICE_MS` from `now`, and whose two
 * half hours are not taken (`busy` holds the teacher's reserved half hours as `2026-05-04T13:30Z`, the
 * teacher slot streams' keys). Answered as São Paulo instants, in order. The zone's rules are read once
 * a day, not per half hour: three weeks of a teacher's starts are computed on every change.
 */
export const bookableStarts = (
  availability: TeacherAvailability,
  busy: ReadonlySet<string>,
  range: { from: Date; to: Date; now: Date },
): string[] => {
  const starts: string[] = [];
  if (availability.weekly.length === 0) return starts;
  const daysOff = new Set(availability.daysOff);
  const earliest = range.now.getTime() + BOOKING_NOTICE_MS;
  const first = Math.ceil(Math.max(range.from.getTime(), earliest) / HALF_HOUR_MS) * HALF_HOUR_MS;
  let steady = { until: Number.NEGATIVE_INFINITY, offset: 0 };
  for (let at = first; at < range.to.getTime(); at += HALF_HOUR_MS) {
    if (at > steady.until) {
      const offset = offsetAt(at);
      steady =
        offsetAt(at + STEADY_OFFSET_MS) === offset ? { until: at + STEADY_OFFSET_MS, offset } : { until: at, offset };
    }
    if (!holdsLessonAt(availability.weekly, daysOff, wallAt(at, steady.offset))) continue;
    const halfHours = [at, at + HALF_HOUR_MS].map((time) => `${new Date(time).toISOString().slice(0, 16)}Z`);
    if (halfHours.some((halfHour) => busy.has(halfHour))) continue;
    starts.push(writtenAt(at, steady.offset));
  }
  return starts;
};

/** The teacher's availability as stored: none until first saved. */
export const availabilityDecider: Decider<ChangeAvailability, AvailabilityEvent, TeacherAvailability> = {
  initialState: () => emptyAvailability,
  evolve: (_state, event) => ({ weekly: event.data.weekly, daysOff: event.data.daysOff }),
  decide: (command, state) => {
    const next = normalizeAvailability(command);
    if (JSON.stringify(next) === JSON.stringify(state)) return [];
    return [{ type: "TeacherAvailabilityChanged", data: { ...next, by: command.by, at: command.now.toISOString() } }];
  },
};

/** A lesson a change of availability would take from its teacher, as the 409 lists it. */
export interface LessonOnDayOff {
  lessonId: number;
  date: string;
  student: { id: number; name: string };
}

/** The teacher's own lessons not begun yet, accepted, on a date the change newly takes off. */
const lessonsOnNewDaysOff = (command: TakeDaysOff, before: TeacherAvailability, after: TeacherAvailability) => {
  const newDays = new Set(after.daysOff.filter((day) => !before.daysOff.includes(day)));
  return (lesson: Lesson): lesson is Extract<Lesson, { status: "accepted" }> =>
    lesson.status === "accepted" &&
    lesson.teacher.id === command.teacherId &&
    Date.parse(lesson.scheduled.date) > command.now.getTime() &&
    newDays.has(localDateOf(lesson.scheduled.date));
};

const onDayOff = (lesson: Extract<Lesson, { status: "accepted" }>): LessonOnDayOff => ({
  lessonId: lesson.scheduled.id,
  date: lesson.scheduled.date,
  student: {
    id: lesson.scheduled.student.id,
    name: [lesson.scheduled.student.firstName, lesson.scheduled.student.lastName].filter(Boolean).join(" "),
  },
});

type FreedLesson = { lessonId: number } & ReturnType<typeof unassignTeacherFreeingSlots>;

/**
 * A change of availability whose new days off hold lessons the teacher accepted: unconfirmed, refused (409)
 * with those lessons listed, so the teacher sees what they would give up; confirmed, the change and, for each
 * lesson, its return to the open board (`LessonTeacherUnassigned`, reason "DAY_OFF") and the release of the
 * teacher's half hours, decided together so they are stored together or not at all. `lessons` holds the
 * lessons that may be affected (others are left alone) with the state of the slots each holds.
 */
export const takeDaysOff = (
  command: TakeDaysOff,
  state: {
    availability: TeacherAvailability;
    lessons: readonly { lesson: Lesson; slots: ReadonlyMap<string, TeacherSlot> }[];
  },
): { availability: AvailabilityEvent[]; lessons: FreedLesson[] } => {
  const { weekly, daysOff, by, now } = command;
  const availability = availabilityDecider.decide(
    { type: "ChangeAvailability", weekly, daysOff, by, now },
    state.availability,
  );
  const isAffected = lessonsOnNewDaysOff(command, state.availability, normalizeAvailability(command));
  const affected = state.lessons.flatMap(({ lesson, slots }) => (isAffected(lesson) ? [{ lesson, slots }] : []));
  if (affected.length === 0) return { availability, lessons: [] };
  if (!command.confirm)
    throw new DomainError("conflict", availabilityErrors.lessonsOnDayOff, undefined, {
      affected: affected.map(({ lesson }) => onDayOff(lesson)),
    });
  const lessons = affected.map(({ lesson, slots }) => {
    const decision = unassignTeacherFreeingSlots({ type: "UnassignTeacher", by, now }, { lesson, slots });
    // The lesson's own decision knows no reason: a day off is what lets its student cancel with the credit back.
    const freed = decision.lesson.map(
      (event): LessonEvent =>
        event.type === "LessonTeacherUnassigned" ? { ...event, data: { ...event.data, reason: "DAY_OFF" } } : event,
    );
    return { ...decision, lesson: freed, lessonId: lesson.scheduled.id };
  });
  return { availability, lessons };
};
