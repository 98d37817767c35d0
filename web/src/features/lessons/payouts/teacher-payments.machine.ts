import type { MonthPaidView, PaymentSummary, TeacherLessonPaymentView } from "@el/domain/lessons/payment-view";
import { assign, fromPromise, setup } from "xstate";
import { payLesson } from "../api/pay-lesson";
import { payMonth } from "../api/pay-month";
import { fetchTeacherLessonsToPay } from "../api/teacher-lessons-to-pay";
import { unpayLesson } from "../api/unpay-lesson";

export interface Period {
  year: number;
  month: number;
}

export type TeacherPaymentsEvent =
  | { type: "period.chosen"; period: Period }
  | { type: "lesson.paid"; lessonId: number }
  | { type: "lesson.unpaid"; lessonId: number }
  | { type: "month.paid" }
  | { type: "month.confirmed" }
  | { type: "month.kept" }
  | { type: "payments.retry" };

interface TeacherPaymentsContext {
  login: string;
  period: Period;
  lessons: TeacherLessonPaymentView[];
  /** The lesson whose toggle is being sent. */
  changing: number | null;
  error: unknown;
}

const withPayment = (lessons: TeacherLessonPaymentView[], lessonId: number, payment: PaymentSummary | null) =>
  lessons.map((lesson) => (lesson.lessonId === lessonId ? { ...lesson, payment } : lesson));

const paymentOf = (context: TeacherPaymentsContext) =>
  context.lessons.find((lesson) => lesson.lessonId === context.changing)?.payment ?? null;

/**
 * The teacher detail's lessons of one month with their Quitado / Débito toggle and "Pagar todas deste
 * mês", which asks before paying (`month.confirmed` pays, `month.kept` leaves it). A toggle changes its
 * row from the answer; paying the month reads the month again, since it answers only what it paid.
 */
export const teacherPaymentsMachine = setup({
  types: {
    context: {} as TeacherPaymentsContext,
    input: {} as { login: string; period: Period },
    events: {} as TeacherPaymentsEvent,
  },
  actors: {
    load: fromPromise<TeacherLessonPaymentView[], { login: string; period: Period }>(({ input }) =>
      fetchTeacherLessonsToPay(input.login, input.period),
    ),
    pay: fromPromise<PaymentSummary, { login: string; lessonId: number }>(({ input }) =>
      payLesson(input.lessonId, input.login),
    ),
    unpay: fromPromise<void, { login: string; paymentId: number }>(({ input }) =>
      unpayLesson(input.paymentId, input.login),
    ),
    payMonth: fromPromise<MonthPaidView, { login: string; period: Period }>(({ input }) =>
      payMonth(input.login, input.period),
    ),
  },
  guards: {
    payable: ({ context, event }) =>
      event.type === "lesson.paid" &&
      context.lessons.some((lesson) => lesson.lessonId === event.lessonId && lesson.payable && !lesson.payment),
    paid: ({ context, event }) =>
      event.type === "lesson.unpaid" &&
      context.lessons.some((lesson) => lesson.lessonId === event.lessonId && lesson.payment !== null),
    owesAny: ({ context }) => context.lessons.some((lesson) => lesson.payable && !lesson.payment),
  },
}).createMachine({
  id: "teacherPayments",
  context: ({ input }) => ({ login: input.login, period: input.period, lessons: [], changing: null, error: null }),
  on: {
    "period.chosen": { target: ".loading", actions: assign({ period: ({ event }) => event.period }) },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: ({ context }) => ({ login: context.login, period: context.period }),
        onDone: { target: "ready", actions: assign({ lessons: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "payments.retry": "loading" } },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "lesson.paid": {
              guard: "payable",
              target: "paying",
              actions: assign({ changing: ({ event }) => event.lessonId, error: null }),
            },
            "lesson.unpaid": {
              guard: "paid",
              target: "unpaying",
              actions: assign({ changing: ({ event }) => event.lessonId, error: null }),
            },
            "month.paid": { guard: "owesAny", target: "confirmingMonth", actions: assign({ error: null }) },
          },
        },
        confirmingMonth: {
          on: { "month.confirmed": "payingMonth", "month.kept": "idle" },
        },
        paying: {
          invoke: {
            src: "pay",
            input: ({ context }) => ({ login: context.login, lessonId: context.changing ?? 0 }),
            onDone: {
              target: "idle",
              actions: assign({
                lessons: ({ context, event }) => withPayment(context.lessons, context.changing ?? 0, event.output),
                changing: null,
              }),
            },
            onError: { target: "idle", actions: assign({ error: ({ event }) => event.error, changing: null }) },
          },
        },
        unpaying: {
          invoke: {
            src: "unpay",
            input: ({ context }) => ({ login: context.login, paymentId: paymentOf(context)?.id ?? 0 }),
            onDone: {
              target: "idle",
              actions: assign({
                lessons: ({ context }) => withPayment(context.lessons, context.changing ?? 0, null),
                changing: null,
              }),
            },
            onError: { target: "idle", actions: assign({ error: ({ event }) => event.error, changing: null }) },
          },
        },
        payingMonth: {
          invoke: {
            src: "payMonth",
            input: ({ context }) => ({ login: context.login, period: context.period }),
            onDone: "#teacherPayments.loading",
            onError: { target: "idle", actions: assign({ error: ({ event }) => event.error }) },
          },
        },
      },
    },
  },
});
