import { TZDate } from "@date-fns/tz";
import { FIRST_HOUR, LAST_HOUR, LESSON_DURATION_MS } from "@el/domain/lessons/lesson";
import { LESSON_TIME_ZONE, localDateOf, localTimeOf, wallClockOf } from "@el/domain/lessons/sao-paulo-time";

const pad = (value: number) => String(value).padStart(2, "0");

/** 'DD/MM/YY' in São Paulo, as the spec shows dates. */
export const formatDay = (instant: string) => {
  const { year, month, day } = wallClockOf(instant);
  return `${pad(day)}/${pad(month)}/${String(year).slice(-2)}`;
};
/** 'HH:mm' in São Paulo. */
export const formatTime = (instant: string) => localTimeOf(instant);
/** 'HH:mm' one lesson after the start. */
export const formatEndTime = (instant: string) => localTimeOf(new Date(Date.parse(instant) + LESSON_DURATION_MS));
export { localDateOf as dayKey };

/** Every time a lesson may start: 07:00, 07:30 … 22:00 (spec section 5). */
export const LESSON_TIMES: readonly string[] = Array.from(
  { length: (LAST_HOUR - FIRST_HOUR) * 2 + 1 },
  (_, index) => `${pad(FIRST_HOUR + Math.floor(index / 2))}:${index % 2 ? "30" : "00"}`,
);

/** The date (yyyy-MM-dd) and time (HH:mm) picked in the form, as an ISO instant with São Paulo's offset. */
export const combineDateAndTime = (date: string, time: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, LESSON_TIME_ZONE).toISOString();
};

/**
 * The first bookable slot after `now`: the next full half hour ('10:10' → '10:30', '10:30' → '11:00'),
 * or 07:00 when that falls before the first hour, or 07:00 of the next day after the last one.
 */
export const nextBookableSlot = (now: Date) => {
  const clock = wallClockOf(now);
  const minutes = clock.hour * 60 + (clock.minute < 30 ? 30 : 60);
  if (minutes < FIRST_HOUR * 60) return { date: localDateOf(now), time: `${pad(FIRST_HOUR)}:00` };
  if (minutes > LAST_HOUR * 60) {
    // Noon of the same São Paulo day plus 24 h is always the next São Paulo day, whatever the offset.
    const noon = Date.parse(combineDateAndTime(localDateOf(now), "12:00"));
    return { date: localDateOf(new Date(noon + 24 * 60 * 60 * 1000)), time: `${pad(FIRST_HOUR)}:00` };
  }
  return { date: localDateOf(now), time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
};

/** The times still ahead on `date`: all of them on a later day, only the future ones today. */
export const timesStillAhead = (date: string, now: Date) =>
  LESSON_TIMES.filter((time) => Date.parse(combineDateAndTime(date, time)) > now.getTime());
