import { z } from "zod";
import { Objective } from "../accounts/account";
import { LevelSnapshot, PersonSnapshot, TrailSnapshot } from "./lesson";
import { PaymentSummary } from "./payment-view";

/**
 * Lesson control (`/gerencia/aula`, spec section 2): what `GET api/lessons` answers administrators,
 * declared once for the backend's response schemas, the projections' queries and the web app.
 */

/** The list's filters: year and month of the lesson on the São Paulo calendar, its teacher, its student. */
export const LessonControlFilters = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  teacherId: z.coerce.number().int().positive().optional(),
  studentId: z.coerce.number().int().positive().optional(),
});
export type LessonControlFilters = z.infer<typeof LessonControlFilters>;

/** One row of lesson control: Aluno, Nível, Objetivo, Título da aula, Data, Hora, Professor, Pagamento. */
export const LessonControlView = z.object({
  id: z.number().int(),
  student: PersonSnapshot,
  level: LevelSnapshot,
  objective: Objective,
  trail: TrailSnapshot,
  /** The start, an ISO instant; `date` (`YYYY-MM-DD`) and `time` (`HH:mm`) on the São Paulo wall clock. */
  startsAt: z.string(),
  date: z.string(),
  time: z.string(),
  /** Null while no teacher has the lesson. */
  teacher: PersonSnapshot.nullable(),
  meetUrl: z.string().nullable(),
  /** What the teacher was paid for it: null is "Pendente", else "Pago". */
  payment: PaymentSummary.nullable(),
});
export type LessonControlView = z.infer<typeof LessonControlView>;

export const LessonControlPage = z.object({ content: z.array(LessonControlView), totalElements: z.number().int() });
export type LessonControlPage = z.infer<typeof LessonControlPage>;

/**
 * The totals panel for the same filters: how many lessons, what they cost in teachers (PAYMENT_VALUE each)
 * and what they bring in (PURCHASE_VALUE each), in reais as shown and in exact centavos.
 */
export const LessonControlTotals = z.object({
  lessons: z.number().int(),
  teacherCost: z.number(),
  teacherCostCents: z.number().int(),
  revenue: z.number(),
  revenueCents: z.number().int(),
});
export type LessonControlTotals = z.infer<typeof LessonControlTotals>;
