import { z } from "zod";

/** `GET /api/calendar/{file}`: a person's calendar feed, named by its secret file name. */
export const CalendarFeedParams = z.object({ file: z.string().max(60) });
export type CalendarFeedParams = z.input<typeof CalendarFeedParams>;
