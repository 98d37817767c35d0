import { LESSON_DURATION_MS } from "../lesson";
import { localDateOf } from "../sao-paulo-time";

/** Rules of the student's progress page: the streak of weeks with a lesson and when to retake the level test. */

/** After this many lessons given since the last level test, the progress page suggests taking it again. */
export const LEVEL_TEST_RETAKE_AFTER_LESSONS = 20;

/** Hours of one lesson, for the totals and the certificate. */
export const LESSON_HOURS = LESSON_DURATION_MS / 3_600_000;

const DAY_MS = 86_400_000;

/** The Monday (São Paulo's calendar day, `YYYY-MM-DD`) of the week an instant falls in. */
export const weekOf = (instant: Date | string): string => {
  const day = localDateOf(instant);
  const noon = Date.parse(`${day}T12:00:00Z`);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7;
  return new Date(noon - weekday * DAY_MS).toISOString().slice(0, 10);
};

const weekBefore = (monday: string) =>
  new Date(Date.parse(`${monday}T12:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10);

/**
 * Consecutive São Paulo weeks with at least one lesson given, counted back from this week; a week without a
 * lesson yet does not break the streak until it is over, so it counts back from last week then.
 */
export const streakOfWeeks = (lessonDates: readonly (Date | string)[], now: Date): number => {
  const weeks = new Set(lessonDates.map(weekOf));
  let week = weekOf(now);
  if (!weeks.has(week)) week = weekBefore(week);
  let streak = 0;
  while (weeks.has(week)) {
    streak += 1;
    week = weekBefore(week);
  }
  return streak;
};

/** Whether the student should take the level test (again): never taken, or enough lessons given since. */
export const levelTestDue = (lastTakenAt: string | null, lessonsSince: number) =>
  lastTakenAt === null || lessonsSince >= LEVEL_TEST_RETAKE_AFTER_LESSONS;
