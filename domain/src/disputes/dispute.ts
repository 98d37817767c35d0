import { z } from "zod";
import { LESSON_DURATION_MS, type Lesson, PersonSnapshot, startOf } from "../lessons/lesson";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, forbidden, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * A lesson that did not happen ("não aconteceu"): its student or its teacher reports it up to 24 hours after
 * its end, the other side may answer within 48 hours, and an administrator resolves it, giving the credit
 * back to the student or not and keeping or withholding the teacher's payout for it. Stream `dispute-{id}`,
 * the id its lesson's, as a scheduling's is: one dispute per lesson is the stream's own first append.
 */

/** Reporting is open from the lesson's end until this long after it. */
export const REPORT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The other side may answer until this long after the report. */
export const ANSWER_WINDOW_MS = 48 * 60 * 60 * 1000;
/** A teacher with this many disputes against them (absent, or resolved with the payout withheld)… */
export const FLAG_DISPUTES = 3;
/** …within this many days is flagged in the back office. */
export const FLAG_WINDOW_DAYS = 30;

export const DisputeReason = z.enum(["TEACHER_ABSENT", "STUDENT_ABSENT", "TECHNICAL"]);
export type DisputeReason = z.infer<typeof DisputeReason>;
export const DisputeParty = z.enum(["STUDENT", "TEACHER"]);
export type DisputeParty = z.infer<typeof DisputeParty>;

/** Why a rule says no, as i18n keys the web app translates (`error.dispute.*`). */
export const disputeErrors = {
  notFound: "error.dispute.notFound",
  notEnded: "error.dispute.notEnded",
  tooLate: "error.dispute.tooLate",
  notHeld: "error.dispute.notHeld",
  alreadyDisputed: "error.dispute.alreadyDisputed",
  comment: "error.dispute.comment",
  ownDispute: "error.dispute.ownDispute",
  alreadyAnswered: "error.dispute.alreadyAnswered",
  answerTooLate: "error.dispute.answerTooLate",
  resolved: "error.dispute.resolved",
  /** Paying a lesson whose dispute is not resolved yet. */
  openOnPay: "error.dispute.openOnPay",
  /** Paying a lesson whose dispute withheld the payout. */
  payoutWithheld: "error.dispute.payoutWithheld",
} as const;

const instant = z.iso.datetime({ offset: true });
const comment = z.string().max(2000);

export const disputeEventSchemas = {
  /** The names are copied from the lesson, as a lesson's events copy them, so every list shows them without a join. */
  DisputeOpened: z.object({
    lessonId: z.number().int(),
    lessonDate: instant,
    reason: DisputeReason,
    comment,
    openedBy: DisputeParty,
    student: PersonSnapshot,
    teacher: PersonSnapshot,
    at: instant,
  }),
  DisputeAnswered: z.object({ comment, by: z.number().int(), at: instant }),
  /** `by`: the administrator's id. The credit back, when given, is a `CreditRefunded` of the same append. */
  DisputeResolved: z.object({
    refundStudent: z.boolean(),
    payTeacher: z.boolean(),
    reason: comment,
    by: z.number().int(),
    at: instant,
  }),
};
export type DisputeEvent = EventOf<typeof disputeEventSchemas>;
export type DisputeEventData<Type extends DisputeEvent["type"]> = Extract<DisputeEvent, { type: Type }>["data"];
export const disputeEventDefinitions = Object.entries(disputeEventSchemas).map(([type, schema]) => ({ type, schema }));

/** `dispute-{lessonId}`. */
export const disputeStreams = streamKind("dispute", disputeEventSchemas, numericKey);

export type OpenDispute = Command<
  "OpenDispute",
  { lessonId: number; userId: number; reason: DisputeReason; comment: string; lesson: Lesson; now: Date }
>;
export type AnswerDispute = Command<"AnswerDispute", { userId: number; comment: string; now: Date }>;
export type ResolveDispute = Command<
  "ResolveDispute",
  { refundStudent: boolean; payTeacher: boolean; reason: string; by: number; now: Date }
>;
export type DisputeCommand = OpenDispute | AnswerDispute | ResolveDispute;

export type Dispute =
  | { status: "none" }
  | {
      status: "OPEN" | "ANSWERED" | "RESOLVED";
      opened: DisputeEventData<"DisputeOpened">;
      answered: DisputeEventData<"DisputeAnswered"> | null;
      resolved: DisputeEventData<"DisputeResolved"> | null;
    };
export type ExistingDispute = Exclude<Dispute, { status: "none" }>;

/** Whether a lesson that started at `date` may be reported now: from its end until 24 hours after. */
export const isReportable = (date: string, now: Date) => {
  const end = Date.parse(date) + LESSON_DURATION_MS;
  return now.getTime() >= end && now.getTime() <= end + REPORT_WINDOW_MS;
};

/** Which side of the lesson the user is, or null when neither. */
export const partyOf = (dispute: { student: { id: number }; teacher: { id: number } }, userId: number) =>
  dispute.student.id === userId ? "STUDENT" : dispute.teacher.id === userId ? "TEACHER" : null;

/** Until when the other side may answer, an ISO instant. */
export const answerDeadlineOf = (opened: { at: string }) =>
  new Date(Date.parse(opened.at) + ANSWER_WINDOW_MS).toISOString();

const checkComment = (text: string, field: string) => {
  if (text.trim().length === 0) throw invalid(disputeErrors.comment, field);
};

export const existingDispute = (state: Dispute): ExistingDispute => {
  if (state.status === "none") throw notFound(disputeErrors.notFound);
  return state;
};

/** Either side of a held lesson reports it did not happen, from its end until 24 hours after. */
export const openDispute = (command: OpenDispute, state: Dispute): DisputeEvent[] => {
  const { lesson, userId, now } = command;
  // Someone else's lesson is one they do not see: the same answer as no lesson at all.
  if (lesson.status === "none" || lesson.teacher === null) throw notFound(disputeErrors.notFound);
  const party = partyOf({ student: lesson.scheduled.student, teacher: lesson.teacher }, userId);
  if (party === null) throw notFound(disputeErrors.notFound);
  if (lesson.status !== "accepted") throw invalid(disputeErrors.notHeld);
  checkComment(command.comment, "comment");
  if (now.getTime() < startOf(lesson.scheduled) + LESSON_DURATION_MS) throw invalid(disputeErrors.notEnded);
  if (!isReportable(lesson.scheduled.date, now)) throw invalid(disputeErrors.tooLate);
  if (state.status !== "none") throw conflict(disputeErrors.alreadyDisputed);
  return [
    {
      type: "DisputeOpened",
      data: {
        lessonId: command.lessonId,
        lessonDate: lesson.scheduled.date,
        reason: command.reason,
        comment: command.comment.trim(),
        openedBy: party,
        student: lesson.scheduled.student,
        teacher: lesson.teacher,
        at: now.toISOString(),
      },
    },
  ];
};

/** The side that did not report answers once, within 48 hours of the report, while it is not resolved. */
export const answerDispute = (command: AnswerDispute, state: Dispute): DisputeEvent[] => {
  const dispute = existingDispute(state);
  const party = partyOf(dispute.opened, command.userId);
  if (party === null) throw notFound(disputeErrors.notFound);
  if (party === dispute.opened.openedBy) throw forbidden(disputeErrors.ownDispute);
  if (dispute.status === "RESOLVED") throw conflict(disputeErrors.resolved);
  if (dispute.status === "ANSWERED") throw conflict(disputeErrors.alreadyAnswered);
  if (command.now.getTime() > Date.parse(answerDeadlineOf(dispute.opened))) throw invalid(disputeErrors.answerTooLate);
  checkComment(command.comment, "comment");
  return [
    {
      type: "DisputeAnswered",
      data: { comment: command.comment.trim(), by: command.userId, at: command.now.toISOString() },
    },
  ];
};

/** An administrator settles it once, with a reason both sides read. */
export const resolveDispute = (command: ResolveDispute, state: Dispute): DisputeEvent[] => {
  const dispute = existingDispute(state);
  if (dispute.status === "RESOLVED") throw conflict(disputeErrors.resolved);
  checkComment(command.reason, "reason");
  const { refundStudent, payTeacher, by, now } = command;
  return [
    {
      type: "DisputeResolved",
      data: { refundStudent, payTeacher, reason: command.reason.trim(), by, at: now.toISOString() },
    },
  ];
};

/**
 * Whether a lesson's teacher may be paid as far as its dispute goes: not while it is open (conflict), and
 * never once it was resolved with the payout withheld. A lesson without a dispute is not held back.
 */
export const checkPayoutAllowed = (state: Dispute) => {
  if (state.status === "OPEN" || state.status === "ANSWERED") throw conflict(disputeErrors.openOnPay);
  if (state.status === "RESOLVED" && state.resolved?.payTeacher === false) throw invalid(disputeErrors.payoutWithheld);
};

/** Whether paying a whole month may pay this lesson: `checkPayoutAllowed` without the answer. */
export const isPayoutAllowed = (state: Dispute) =>
  state.status === "none" || (state.status === "RESOLVED" && state.resolved?.payTeacher !== false);

export const disputeDecider: Decider<DisputeCommand, DisputeEvent, Dispute> = {
  initialState: () => ({ status: "none" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "DisputeOpened":
        return { status: "OPEN", opened: event.data, answered: null, resolved: null };
      case "DisputeAnswered":
        return state.status === "none" ? state : { ...state, status: "ANSWERED", answered: event.data };
      case "DisputeResolved":
        return state.status === "none" ? state : { ...state, status: "RESOLVED", resolved: event.data };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "OpenDispute":
        return openDispute(command, state);
      case "AnswerDispute":
        return answerDispute(command, state);
      case "ResolveDispute":
        return resolveDispute(command, state);
      default:
        return assertNever(command);
    }
  },
};
