import { z } from "zod";

/** `GET /api/google/calendar/code`: Google's return to a teacher connecting their calendar. */
export const GoogleCalendarReturnQuery = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
});
export type GoogleCalendarReturnQuery = z.input<typeof GoogleCalendarReturnQuery>;
