import { z } from "zod";
import { PaymentSummary } from "./payment-view";

/**
 * `api/lesson-histories` (spec section 3, LessonHistory: id, teacherName, studentName, level name,
 * objective, classTitle, date, hour, teacherValue, totalValue, payment): one row per lesson that took
 * place, read-only. Values in reais as the spec shows money (teacher R$ 25, lesson R$ 40), cents beside.
 */
export const LessonHistoryView = z.object({
  id: z.number().int(),
  teacherName: z.string(),
  teacherId: z.number().int(),
  studentName: z.string(),
  studentId: z.number().int(),
  level: z.object({ id: z.number().int(), name: z.string() }),
  objective: z.string(),
  classTitle: z.string(),
  /** YYYY-MM-DD and HH:mm on the São Paulo wall clock; `startsAt` is the instant. */
  date: z.string(),
  hour: z.string(),
  startsAt: z.string(),
  teacherValue: z.number(),
  totalValue: z.number(),
  /** null while the teacher is not paid for it. */
  payment: PaymentSummary.nullable(),
});
export type LessonHistoryView = z.infer<typeof LessonHistoryView>;

/** The totals panel: lessons held, what they cost in teachers, what they brought in, and what is paid. */
export const LessonHistoryTotals = z.object({
  lessons: z.number().int(),
  teacherValue: z.number(),
  totalValue: z.number(),
  paidValue: z.number(),
});
export type LessonHistoryTotals = z.infer<typeof LessonHistoryTotals>;

export const LessonHistoryFilters = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  teacherId: z.coerce.number().int().optional(),
  studentId: z.coerce.number().int().optional(),
});
export type LessonHistoryFilters = z.infer<typeof LessonHistoryFilters>;
