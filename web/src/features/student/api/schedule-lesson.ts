import { api } from "../../../lib/api";
import { Scheduling } from "./scheduling";

export interface ScheduleLessonInput {
  trailId: number;
  levelId: number;
  /** ISO instant with offset, from the form's date and time. */
  date: string;
  objective: string;
}

/**
 * Spends one credit and creates the lesson, pending until a teacher claims it. Sending the same input
 * again with the same `idempotencyKey` answers the lesson already created instead of spending a second
 * credit. The panel says it worked, so no toast repeats it.
 */
export const scheduleLesson = async (input: ScheduleLessonInput, idempotencyKey: string) =>
  Scheduling.parse(
    await api.post(
      "api/schedulings",
      { trail: { id: input.trailId }, level: { id: input.levelId }, date: input.date, objective: input.objective },
      { idempotencyKey, successAlert: false },
    ),
  );
