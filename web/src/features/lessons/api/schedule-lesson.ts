import type { ScheduleLessonBody } from "@el/domain/lessons/lesson-requests";
import { api } from "../../../lib/api";
import { Scheduling } from "./scheduling";

/**
 * Spends one credit and creates the lesson, pending until a teacher claims it. Sending the same request
 * again with the same `idempotencyKey` answers the lesson already created instead of spending a second
 * credit. The panel says it worked, so no toast repeats it.
 */
export const scheduleLesson = async (request: ScheduleLessonBody, idempotencyKey: string) =>
  Scheduling.parse(await api.post("api/schedulings", request, { idempotencyKey, successAlert: false }));
