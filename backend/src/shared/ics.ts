import type { CalendarEntry } from "@el/domain/calendar/index";
import { createEvents, type EventAttributes } from "ics";

/**
 * The host that names this product's calendar entries (`lesson-42@host`): BASE_URL's, or "localhost" when
 * BASE_URL is not a full address (a relative "/" names no host).
 */
export const calendarHostOf = (baseUrl: string) => (URL.canParse(baseUrl) ? new URL(baseUrl).host : "localhost");

/** UTC date-time parts as the `ics` library takes them. */
const partsOf = (ms: number): [number, number, number, number, number] => {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];
};

/** Calendar entries as an iCalendar file (RFC 5545), through the `ics` library. */
export const icsOf = (entries: readonly CalendarEntry[], calName: string): string => {
  const events = entries.map(
    (entry): EventAttributes => ({
      uid: entry.uid,
      start: partsOf(entry.start),
      startInputType: "utc",
      startOutputType: "utc",
      end: partsOf(entry.end),
      endInputType: "utc",
      endOutputType: "utc",
      title: entry.title,
      description: entry.description,
      status: entry.status,
      ...(entry.url ? { url: entry.url, location: entry.url } : {}),
      productId: "englishlessons/calendar",
    }),
  );
  const { error, value } = createEvents(events, { productId: "englishlessons/calendar", calName });
  if (error || value === null) throw error ?? new Error("the calendar could not be written");
  return value;
};
