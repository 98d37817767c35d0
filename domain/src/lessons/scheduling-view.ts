import { z } from "zod";
import { Objective } from "../accounts/account";
import { LevelSnapshot, PersonSnapshot, TrailSnapshot } from "./lesson";
import { PaymentSummary } from "./payment-view";

/**
 * What the lesson routes answer (spec section 3), declared once: the backend's response schemas, the
 * projections' queries, the pushes and the web app's parsing all use these. A scheduling and its lesson
 * are one thing with one id: `id` of a scheduling, `lesson.id`, `lessonId` of a lesson view or a push.
 */

/** The trail as a scheduling shows it, with the id of its level. */
export const TrailOfScheduling = TrailSnapshot.extend({ level: z.number().int() });

/** `api/schedulings…`: a lesson as it was scheduled, with its teacher and video link once claimed. */
export const SchedulingView = z.object({
  id: z.number().int(),
  /** The start, an ISO instant. */
  date: z.string(),
  objective: Objective,
  trail: TrailOfScheduling,
  level: LevelSnapshot,
  student: PersonSnapshot,
  /** Null until a teacher claims the lesson; its id is the scheduling's. */
  lesson: z.object({ id: z.number().int(), meetUrl: z.string(), teacher: PersonSnapshot }).nullable(),
  /** When it was scheduled, an ISO instant. */
  createdDate: z.string(),
});
export type SchedulingView = z.infer<typeof SchedulingView>;

/** A lesson waiting for a teacher, as the teachers' board lists it and `lesson:pending` pushes it. */
export const PendingLessonView = SchedulingView.pick({
  id: true,
  date: true,
  objective: true,
  level: true,
  student: true,
}).extend({ trail: TrailSnapshot });
export type PendingLessonView = z.infer<typeof PendingLessonView>;

/** `POST api/lessons`: the lesson a teacher just claimed. */
export const ClaimedLessonView = z.object({
  id: z.number().int(),
  meetUrl: z.string(),
  teacher: PersonSnapshot,
  scheduling: SchedulingView,
});
export type ClaimedLessonView = z.infer<typeof ClaimedLessonView>;

/** The lesson view model of spec section 3, as the student and teacher areas list lessons. */
export const LessonView = z.object({
  /** The scheduling's id. */
  id: z.number().int(),
  /** The same number once a teacher claimed the lesson, null before. */
  lessonId: z.number().int().nullable(),
  title: z.string(),
  /** `{number} - {title}`. */
  trail: z.string(),
  trailObj: TrailOfScheduling,
  level: LevelSnapshot,
  /** Day (`YYYY-MM-DD`), start and end (`HH:mm`) on the São Paulo wall clock; `startsAt`/`endsAt` are the instants. */
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(["Pendente", "Aceito"]),
  /** In reais, as the spec's PURCHASE_VALUE is shown. */
  remuneration: z.number(),
  /** The other party's name, `Pendente` for a student whose lesson has no teacher yet. */
  teacherFromLesson: z.string(),
  teacher: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  meetUrl: z.string().nullable(),
  /** The student's full name. */
  student: z.string(),
  studentObject: PersonSnapshot.pick({ firstName: true, lastName: true }),
  objective: Objective,
  studentFeedbackId: z.number().int().nullable(),
  teacherFeedbackId: z.number().int().nullable(),
  /** What the teacher was paid for it (section 3, Lesson.payment): null while pending ("Pendente"), else "Pago". */
  payment: PaymentSummary.nullable(),
  createdDate: z.string(),
});
export type LessonView = z.infer<typeof LessonView>;

/** The student area's sections: `finished` lessons took place; the others are by São Paulo day. */
export const LessonPeriod = z.enum(["today", "upcoming", "finished"]);
export type LessonPeriod = z.infer<typeof LessonPeriod>;

/** `GET api/lessons/authenticatedUser`: one page of lesson views and how many there are. */
export const LessonPage = z.object({ content: z.array(LessonView), totalElements: z.number().int() });
export type LessonPage = z.infer<typeof LessonPage>;

/** `GET api/lessons/teacher/{login}`: a teacher's lessons and earnings in one month (São Paulo calendar). */
export const FinanceMonthView = z.object({
  year: z.number().int(),
  month: z.number().int(),
  totalLessons: z.number().int(),
  /** In reais (PAYMENT_VALUE per lesson); `valueCents` is the exact amount. */
  value: z.number(),
  valueCents: z.number().int(),
  /** Of `totalLessons`: given and paid ("Pago"), given and not paid yet ("A receber"), still to come ("Agendada"). */
  paidLessons: z.number().int(),
  owedLessons: z.number().int(),
  upcomingLessons: z.number().int(),
  /**
   * `pending` while a lesson given is not paid, else `scheduled` while a lesson is still to come, else
   * `paid`: every lesson of the month was given and paid.
   */
  status: z.enum(["paid", "pending", "scheduled"]),
});
export type FinanceMonthView = z.infer<typeof FinanceMonthView>;
