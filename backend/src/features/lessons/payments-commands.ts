import { checkPayoutAllowed, disputeDecider, disputeStreams, isPayoutAllowed } from "@el/domain/disputes/dispute";
import { type Lesson, lessonStreams } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import { payTeacherLessons } from "@el/domain/lessons/lesson-decisions";
import type { MonthPaidView, PaymentSummary } from "@el/domain/lessons/payment-view";
import { owedLessonsOfMonth } from "@el/projections/lessons/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import type { CurrentUser } from "../../plugins/auth";
import type { Caller } from "./lesson-commands";

/**
 * Teacher payouts: an administrator marks a held lesson paid to its teacher, undoes it, or pays a whole
 * month. Each payment is an event on its lesson's stream, decided by `lessonDecider`.
 */

const lessonState = foldOf(lessonStreams, lessonDecider);
/** A lesson reported as not having happened is not paid while that is open, nor once its payout was withheld. */
const disputeState = foldOf(disputeStreams, disputeDecider);

const contextOf = (user: Caller) => ({ userId: String(user.id), correlationId: user.requestId });

const summaryOf = (lesson: Lesson): PaymentSummary | null =>
  lesson.status === "none" || lesson.payment === null
    ? null
    : {
        id: lesson.payment.id,
        value: lesson.payment.valueCents / 100,
        valueCents: lesson.payment.valueCents,
        date: lesson.payment.at,
      };

/**
 * Pays the lesson's teacher, or answers the payment it already has (`created` false): two administrators
 * paying at once record one payment, and both are told about it.
 */
export const payLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { lessonId: number; teacherId: number | null },
): Promise<{ payment: PaymentSummary; created: boolean }> => {
  const paymentId = await app.nextId();
  const { result } = await executeOnStates(
    app,
    { lesson: lessonState(input.lessonId), dispute: disputeState(input.lessonId) },
    ({ lesson, dispute }) => {
      checkPayoutAllowed(dispute);
      const events = lessonDecider.decide(
        { type: "PayLesson", paymentId, teacherId: input.teacherId, by: user.login, now: app.clock.now() },
        lesson,
      );
      return {
        appends: [{ streamId: lessonStreams.id(input.lessonId), events }],
        result: { payment: summaryOf(events.reduce(lessonDecider.evolve, lesson)), created: events.length > 0 },
      };
    },
    contextOf(user),
  );
  // The decider refuses a lesson it would not pay, so a lesson it let through has a payment.
  if (!result.payment) throw new Error(`lesson ${input.lessonId} answered no payment`);
  return { payment: result.payment, created: result.created };
};

/** Undoes one payment of the lesson: the lesson is owed to its teacher again. */
export const cancelLessonPaymentCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { lessonId: number; paymentId: number },
) =>
  executeOnStates(
    app,
    { lesson: lessonState(input.lessonId) },
    ({ lesson }) => ({
      appends: [
        {
          streamId: lessonStreams.id(input.lessonId),
          events: lessonDecider.decide(
            { type: "CancelLessonPayment", paymentId: input.paymentId, by: user.login, now: app.clock.now() },
            lesson,
          ),
        },
      ],
      result: null,
    }),
    contextOf(user),
  );

/**
 * "Pagar todas deste mês": every lesson of the teacher's month that is owed and unpaid, each paid with
 * its own event, all appended at once. The read model names the candidates; each lesson's own stream
 * decides, so one paid or cancelled meanwhile is left alone and a second run pays nothing more.
 */
export const payTeacherMonthCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { teacherId: number; year: number; month: number },
): Promise<MonthPaidView> => {
  const now = app.clock.now();
  const lessonIds = await owedLessonsOfMonth(app.db, input.teacherId, input, now);
  if (lessonIds.length === 0) return { paid: 0, payments: [] };
  const paymentIds = await Promise.all(lessonIds.map(() => app.nextId()));
  const { result } = await executeOnStates(
    app,
    {
      lessons: lessonIds.map((lessonId) => lessonState(lessonId)),
      disputes: lessonIds.map((lessonId) => disputeState(lessonId)),
    },
    ({ lessons, disputes }) => {
      const decisions = payTeacherLessons(
        { teacherId: input.teacherId, paymentIds, by: user.login, now: app.clock.now() },
        lessons,
      ).map((events, index) => (disputes[index] && isPayoutAllowed(disputes[index]) ? events : []));
      const payments = decisions.flatMap((events, index) =>
        events.flatMap((event) =>
          event.type === "LessonPaid"
            ? [{ lessonId: lessonIds[index] as number, paymentId: event.data.paymentId }]
            : [],
        ),
      );
      return {
        appends: lessonIds.map((lessonId, index) => ({
          streamId: lessonStreams.id(lessonId),
          events: decisions[index] ?? [],
        })),
        result: { paid: payments.length, payments },
      };
    },
    contextOf(user),
  );
  return result;
};
