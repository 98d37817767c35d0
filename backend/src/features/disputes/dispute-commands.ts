import { studentAccountDecider, studentStreams } from "@el/domain/accounts/student-account";
import { type DisputeReason, disputeDecider, disputeStreams, existingDispute } from "@el/domain/disputes/dispute";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import { type Caller, contextOf, lessonState, studentState } from "../../shared/lesson-streams";

/**
 * Reporting a lesson that did not happen, answering the report, resolving it. A dispute's stream is its
 * lesson's id (`dispute-{lessonId}`): two reports of one lesson race for the stream's first append, and
 * the loser is told it is already disputed.
 */

const disputeState = foldOf(disputeStreams, disputeDecider);

/** The lesson's student or teacher reports it did not happen; answers the dispute's id. */
export const openDisputeCommand = async (
  app: FastifyInstance,
  user: Caller,
  input: { lessonId: number; reason: DisputeReason; comment: string },
): Promise<{ id: number }> => {
  await executeOnStates(
    app,
    { dispute: disputeState(input.lessonId), lesson: lessonState(input.lessonId) },
    ({ dispute, lesson }) => ({
      appends: [
        {
          streamId: disputeStreams.id(input.lessonId),
          events: disputeDecider.decide(
            { type: "OpenDispute", ...input, userId: user.id, lesson, now: app.clock.now() },
            dispute,
          ),
        },
      ],
      result: null,
    }),
    contextOf(user),
  );
  return { id: input.lessonId };
};

/** The side that did not report answers it. */
export const answerDisputeCommand = (app: FastifyInstance, user: Caller, id: number, comment: string) =>
  executeOnStates(
    app,
    { dispute: disputeState(id) },
    ({ dispute }) => ({
      appends: [
        {
          streamId: disputeStreams.id(id),
          events: disputeDecider.decide(
            { type: "AnswerDispute", userId: user.id, comment, now: app.clock.now() },
            dispute,
          ),
        },
      ],
      result: null,
    }),
    contextOf(user),
  );

/**
 * An administrator resolves it. The credit goes back in the same append as the resolution, so it comes back
 * once: a second resolution, even sent at the same moment, finds the dispute resolved and is refused. A
 * payout withheld from a lesson already paid is undone in that append too, so a withheld lesson stays unpaid.
 */
export const resolveDisputeCommand = async (
  app: FastifyInstance,
  user: Caller,
  id: number,
  input: { refundStudent: boolean; payTeacher: boolean; reason: string },
) => {
  const { dispute: read } = await app.streamStates.read({ dispute: disputeState(id) });
  const studentId = existingDispute(read.state).opened.student.id;
  await executeOnStates(
    app,
    { dispute: disputeState(id), student: studentState(studentId), lesson: lessonState(id) },
    ({ dispute, student, lesson }) => {
      const now = app.clock.now();
      const resolved = disputeDecider.decide({ type: "ResolveDispute", ...input, by: user.id, now }, dispute);
      const refund = input.refundStudent
        ? studentAccountDecider.decide({ type: "RefundCredit", lessonId: id, reason: disputeStreams.id(id) }, student)
        : [];
      const payment = lesson.status !== "none" ? lesson.payment : null;
      const unpaid =
        !input.payTeacher && payment
          ? lessonDecider.decide({ type: "CancelLessonPayment", paymentId: payment.id, by: user.login, now }, lesson)
          : [];
      return {
        appends: [
          { streamId: disputeStreams.id(id), events: resolved },
          { streamId: studentStreams.id(studentId), events: refund },
          { streamId: lessonStreams.id(id), events: unpaid },
        ],
        result: null,
      };
    },
    contextOf(user),
  );
};
