import type { PlannedMail } from "./lesson-mails";

const HOUR = 60 * 60 * 1000;

/**
 * The teacher took the day of the lesson off: its student is told it is back on the open board, waiting
 * for another teacher, and that they may cancel it with the credit back. At once, for six hours: older news
 * is stale (the lesson page says it anyway).
 */
export const mailsOnDayOff = (freedAt: string): PlannedMail[] => {
  const at = Date.parse(freedAt);
  return [{ kind: "teacher-day-off", to: "student", dueAt: at, expiresAt: at + 6 * HOUR }];
};
