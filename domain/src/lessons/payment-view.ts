import { z } from "zod";
import { LevelSnapshot, PersonSnapshot, TrailSnapshot } from "./lesson";

/**
 * What the payment routes answer (spec section 3, Payment: id, value, date, lesson), declared once for
 * the backend's response schemas, the projections' queries and the web app's parsing. A payment is what
 * an administrator recorded on one held lesson: PAYMENT_VALUE to the lesson's teacher.
 */

/** A payment as the administrator sees it: `value` in reais as the spec shows money, `valueCents` exact. */
export const PaymentSummary = z.object({
  id: z.number().int(),
  value: z.number(),
  valueCents: z.number().int(),
  /** When it was recorded, an ISO instant. */
  date: z.string(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

/** `GET api/payments`: a payment with the lesson it pays and the teacher it was paid to. */
export const PaymentView = PaymentSummary.extend({
  lesson: z.object({
    id: z.number().int(),
    /** The lesson's start, an ISO instant. */
    date: z.string(),
    trail: TrailSnapshot,
    student: PersonSnapshot,
  }),
  teacher: PersonSnapshot,
});
export type PaymentView = z.infer<typeof PaymentView>;

/** `GET api/payments/totalAmount`: how many payments the filters match and what they add up to. */
export const PaymentsTotalView = z.object({
  count: z.number().int(),
  totalAmount: z.number(),
  totalAmountCents: z.number().int(),
});
export type PaymentsTotalView = z.infer<typeof PaymentsTotalView>;

/**
 * `GET api/payments/teacher/{login}`: a lesson the teacher claimed, as the teacher detail lists it to
 * pay (Débito) or unpay (Quitado) it. `payable`: held, not reported as not held, so it may be paid.
 */
export const TeacherLessonPaymentView = z.object({
  lessonId: z.number().int(),
  startsAt: z.string(),
  /** Day (`YYYY-MM-DD`) and start (`HH:mm`) on the São Paulo wall clock. */
  date: z.string(),
  time: z.string(),
  trail: TrailSnapshot,
  level: LevelSnapshot,
  student: PersonSnapshot,
  /** Over (an hour after it started). */
  held: z.boolean(),
  /** The teacher's report said it did not take place: nothing is owed. */
  reportedNotHeld: z.boolean(),
  payable: z.boolean(),
  payment: PaymentSummary.nullable(),
});
export type TeacherLessonPaymentView = z.infer<typeof TeacherLessonPaymentView>;

/** `POST api/payments/month`: the payments made, one per lesson that was owed. */
export const MonthPaidView = z.object({
  paid: z.number().int(),
  payments: z.array(z.object({ lessonId: z.number().int(), paymentId: z.number().int() })),
});
export type MonthPaidView = z.infer<typeof MonthPaidView>;
