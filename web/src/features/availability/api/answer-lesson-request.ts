import { api } from "../../../lib/api";

export type LessonRequestAnswer = "accept" | "decline";

/**
 * `POST /api/lesson-requests/{id}/accept` or `/decline`. The requests panel says how it went in its own
 * notice, so no toast says it twice.
 */
export const answerLessonRequest = (lessonId: number, answer: LessonRequestAnswer) =>
  api.post<unknown>(`api/lesson-requests/${lessonId}/${answer}`, undefined, { successAlert: false });
