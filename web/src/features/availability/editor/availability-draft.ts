import type { AvailabilityWindow, TeacherAvailability } from "@el/domain/directory/availability";
import { FIRST_HOUR, LAST_HOUR } from "@el/domain/lessons/lesson";

/**
 * The availability as the editor holds it while the teacher changes it: windows in the order they were
 * added (the server sorts and merges them on save), dates off sorted. Every change makes a new draft.
 */

const pad = (value: number) => String(value).padStart(2, "0");
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

const HOUR = 60;
const FIRST = FIRST_HOUR * 60;
/** The last lesson starts at 22:00 and ends at 23:00. */
const LAST = (LAST_HOUR + 1) * 60;

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Where a window may start: 07:00, 07:30 … 22:00. */
export const WINDOW_STARTS: readonly string[] = Array.from({ length: (LAST - HOUR - FIRST) / 30 + 1 }, (_, index) =>
  clockOf(FIRST + index * 30),
);
/** Where a window may end: 08:00, 08:30 … 23:00. */
export const WINDOW_ENDS: readonly string[] = WINDOW_STARTS.map((start) => clockOf(minutesOf(start) + HOUR));

/** A window shorter than a lesson, which no lesson could fit in. */
export const isTooShort = (window: AvailabilityWindow) => minutesOf(window.end) - minutesOf(window.start) < HOUR;

/**
 * The window "Adicionar horário" adds on a day: right after the day's last window when a lesson still fits
 * before 23:00, else 18:00–22:00 on a free day; null when the day's last window already reaches the end.
 */
export const nextWindowOn = (draft: TeacherAvailability, dayOfWeek: number): AvailabilityWindow | null => {
  const ends = draft.weekly.filter((window) => window.dayOfWeek === dayOfWeek).map((window) => minutesOf(window.end));
  if (ends.length === 0) return { dayOfWeek, start: "18:00", end: "22:00" };
  const after = Math.max(...ends);
  if (after + HOUR > LAST) return null;
  return { dayOfWeek, start: clockOf(after), end: clockOf(Math.min(after + 2 * HOUR, LAST)) };
};

export const addWindow = (draft: TeacherAvailability, window: AvailabilityWindow): TeacherAvailability => ({
  ...draft,
  weekly: [...draft.weekly, window],
});

export const changeWindow = (
  draft: TeacherAvailability,
  index: number,
  change: Partial<Pick<AvailabilityWindow, "start" | "end">>,
): TeacherAvailability => ({
  ...draft,
  weekly: draft.weekly.map((window, at) => (at === index ? { ...window, ...change } : window)),
});

export const removeWindow = (draft: TeacherAvailability, index: number): TeacherAvailability => ({
  ...draft,
  weekly: draft.weekly.filter((_, at) => at !== index),
});

export const addDayOff = (draft: TeacherAvailability, date: string): TeacherAvailability => ({
  ...draft,
  daysOff: [...new Set([...draft.daysOff, date])].sort(),
});

export const removeDayOff = (draft: TeacherAvailability, date: string): TeacherAvailability => ({
  ...draft,
  daysOff: draft.daysOff.filter((day) => day !== date),
});

/** Whether the draft may be sent: every window at least an hour long. */
export const isSendable = (draft: TeacherAvailability) => !draft.weekly.some(isTooShort);

/** "2026-12-24" as "24/12/2026". */
export const formatDate = (date: string) => date.split("-").reverse().join("/");
