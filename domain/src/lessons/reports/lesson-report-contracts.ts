import { z } from "zod";
import { REPORT_TEXT_MAX, VOCABULARY_ITEM_MAX, VOCABULARY_MAX } from "./lesson-report";

/**
 * The lesson report's routes (`/api/lessons/{id}/report`) and the student's progress (`/api/progress`),
 * declared once for the backend's schemas, the projections' queries and the web app.
 */

/** `PUT /api/lessons/{id}/report`: the whole report, each time. */
export const LessonReportBody = z.object({
  covered: z.string().max(REPORT_TEXT_MAX),
  vocabulary: z.array(z.string().max(VOCABULARY_ITEM_MAX)).max(VOCABULARY_MAX),
  corrections: z.string().max(REPORT_TEXT_MAX).default(""),
  homework: z.string().max(REPORT_TEXT_MAX).default(""),
});
export type LessonReportBody = z.input<typeof LessonReportBody>;

export const LessonReportView = z.object({
  lessonId: z.number().int(),
  /** The lesson's start, an ISO instant. */
  date: z.string(),
  trail: z.object({ id: z.number().int(), number: z.number().int(), title: z.string() }),
  level: z.object({ id: z.number().int(), name: z.string() }),
  studentName: z.string(),
  teacherName: z.string(),
  covered: z.string(),
  vocabulary: z.array(z.string()),
  corrections: z.string(),
  homework: z.string(),
  /** 1 for the first writing, one more each time the teacher writes it again. */
  version: z.number().int(),
  writtenAt: z.string(),
  updatedAt: z.string(),
  /** When the student marked the homework as done; null while not. */
  homeworkDoneAt: z.string().nullable(),
});
export type LessonReportView = z.infer<typeof LessonReportView>;

/** Lessons and hours given in one trail of one level. */
export const ProgressByTrail = z.object({
  level: z.object({ id: z.number().int(), name: z.string() }),
  trail: z.object({ id: z.number().int(), number: z.number().int(), title: z.string() }),
  lessons: z.number().int(),
  hours: z.number(),
});
export type ProgressByTrail = z.infer<typeof ProgressByTrail>;

export const VocabularyEntry = z.object({
  text: z.string(),
  lessonId: z.number().int(),
  /** When the report that taught it was last written. */
  at: z.string(),
});
export type VocabularyEntry = z.infer<typeof VocabularyEntry>;

export const LevelTestHint = z.object({
  /** When the student last completed the level test; null when never. */
  lastTakenAt: z.string().nullable(),
  /** Lessons given since then (all of them when never taken). */
  lessonsSince: z.number().int(),
  /** How many given lessons call for a new test (LEVEL_TEST_RETAKE_AFTER_LESSONS). */
  retakeAfter: z.number().int(),
  /** Time to take it (again). */
  due: z.boolean(),
});
export type LevelTestHint = z.infer<typeof LevelTestHint>;

/** `GET /api/progress`: the signed-in student's lessons given, vocabulary, streak and level-test hint. */
export const ProgressView = z.object({
  lessons: z.number().int(),
  hours: z.number(),
  byTrail: z.array(ProgressByTrail),
  vocabulary: z.array(VocabularyEntry),
  /** Consecutive São Paulo weeks (Monday to Sunday) with a lesson given, up to this one or the last. */
  streakWeeks: z.number().int(),
  levelTest: LevelTestHint,
});
export type ProgressView = z.infer<typeof ProgressView>;
