import { z } from "zod";
import { TeacherFeedbackStatus } from "./lesson";

/**
 * What the back office's feedback routes answer (spec section 3, StudentFeedback and TeacherFeedback),
 * declared once for the backend's response schemas, the projections' queries and the web app. Each
 * feedback carries the lesson it was given on, so a list row says which lesson and who took part.
 */

/** The lesson a feedback belongs to, as the lists show it. */
export const FeedbackLesson = z.object({
  id: z.number().int(),
  /** The lesson's start, an ISO instant. */
  date: z.string(),
  trail: z.string(),
  studentName: z.string(),
  /** null when no teacher claimed the lesson (it cannot then have feedback, but the row may outlive it). */
  teacherName: z.string().nullable(),
});
export type FeedbackLesson = z.infer<typeof FeedbackLesson>;

export const StudentFeedbackView = z.object({
  id: z.number().int(),
  lessonId: z.number().int(),
  /** 0 to 5; null when the student skipped the rating. */
  note: z.number().int().nullable(),
  information: z.string(),
  givenAt: z.string(),
  lesson: FeedbackLesson.nullable(),
});
export type StudentFeedbackView = z.infer<typeof StudentFeedbackView>;

export const TeacherFeedbackView = z.object({
  id: z.number().int(),
  lessonId: z.number().int(),
  /** 1 held fully, 2 partly held, 3 not held; null for a prompt the teacher closed. */
  status: TeacherFeedbackStatus.nullable(),
  note: z.number().int().nullable(),
  information: z.string(),
  sugestions: z.string(),
  productSugestions: z.string(),
  studentInformation: z.string(),
  partialyHeld: z.string().nullable(),
  skipped: z.boolean(),
  givenAt: z.string(),
  lesson: FeedbackLesson.nullable(),
});
export type TeacherFeedbackView = z.infer<typeof TeacherFeedbackView>;

/** The columns the feedback lists sort by (spec section 2: ID, note, information). */
export const FEEDBACK_SORT_FIELDS = ["id", "note", "information", "lessonId"] as const;
