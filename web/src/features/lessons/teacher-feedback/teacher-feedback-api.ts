import { api } from "../../../lib/api";

export interface TeacherFeedback {
  lessonId: number;
  status: 1 | 2 | 3;
  note: number;
  information: string;
  sugestions: string;
  productSugestions: string;
  studentInformation: string;
  partialyHeld: string | null;
}

/** The teacher's report on a lesson that took place (spec section 5). */
export const giveTeacherFeedback = (feedback: TeacherFeedback) => api.post<unknown>("api/teacher-feedbacks", feedback);

/** Closing the prompt stores an empty report, so it is not asked again; no toast says a report was sent. */
export const skipTeacherFeedback = (lessonId: number) =>
  api.post<unknown>("api/teacher-feedbacks", { lessonId, skipped: true }, { successAlert: false });
