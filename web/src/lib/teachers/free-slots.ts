import { LESSON_TIME_ZONE, localDateOf, wallClockOf } from "@el/domain/lessons/sao-paulo-time";

/** A teacher's free starts of one São Paulo day, in order. */
export interface SlotsOfDay {
  /** `2026-12-01` */
  day: string;
  slots: string[];
}

/** The starts a teacher's slots answer, grouped by their São Paulo day, days and starts in order. */
export const slotsByDay = (slots: readonly string[]): SlotsOfDay[] => {
  const days = new Map<string, string[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const day = localDateOf(new Date(slot));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, starts]) => ({ day, slots: starts }));
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "ter., 01/12" in Portuguese, "Tue, 12/01" in English: a São Paulo day as the slot lists head it. */
export const formatSlotDay = (day: string, language: string) => {
  const locale = language === "en" ? "en-US" : "pt-BR";
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "2-digit",
      month: "2-digit",
      timeZone: LESSON_TIME_ZONE,
    });
    dayFormats.set(locale, format);
  }
  // Noon UTC of the date is the same date in São Paulo, whatever the offset.
  return format.format(new Date(`${day}T12:00:00Z`));
};

/** The public profile with one free start chosen: the booking opens on it (`?horario=`). */
export const bookingPath = (teacherId: number, slot: string) =>
  `/professores/${teacherId}?horario=${encodeURIComponent(slot)}`;

/** "terça-feira" in Portuguese, "Tuesday" in English: the São Paulo weekday of a start, as a weekly series names it. */
export const formatSlotWeekday = (slot: string, language: string) =>
  new Intl.DateTimeFormat(language === "en" ? "en-US" : "pt-BR", {
    weekday: "long",
    timeZone: LESSON_TIME_ZONE,
  }).format(new Date(slot));

/**
 * "weekend" for a start on Saturday or Sunday, the i18n context of texts that say "toda terça" but
 * "todo sábado" (Portuguese weekdays differ in gender); undefined otherwise.
 */
export const weekdayContextOf = (slot: string) => (wallClockOf(slot).weekday >= 6 ? "weekend" : undefined);
