import { z } from "zod";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { type MailClaims, mailClaimDecider } from "./mail-claims";

/**
 * The e-mails of a lesson requested of one teacher: to that teacher when asked ("solicitada para você"),
 * and to the student when the teacher declined or let the request expire, saying what became of the
 * lesson (on the open board, or cancelled with the credit back). The acceptance needs none of its own: the
 * lesson's acceptance e-mail follows it as any claim's does.
 *
 * As the lesson e-mails, each is claimed before it is sent, on the request's mail stream
 * (`request-mails-{lessonId}`), so two processes sweeping at once send it once; a failed send is reported
 * and tried again, up to `MAX_MAIL_ATTEMPTS` in all.
 */

export const requestMailKinds = ["requested", "declined", "expired"] as const;
export const RequestMailKind = z.enum(requestMailKinds);
export type RequestMailKind = z.infer<typeof RequestMailKind>;

const HOUR = 60 * 60 * 1000;

/** One request e-mail to send: to whom, from when, and until when it is still worth sending. */
export interface PlannedRequestMail {
  kind: RequestMailKind;
  to: "student" | "teacher";
  dueAt: number;
  expiresAt: number;
}

/** To the teacher asked, at once, for as long as they may answer. */
export const mailOnRequest = (requestedAt: string, answerUntil: string): PlannedRequestMail => ({
  kind: "requested",
  to: "teacher",
  dueAt: Date.parse(requestedAt),
  expiresAt: Date.parse(answerUntil),
});

/** To the student, at once, for half a day: news that old is stale (the lesson page says it anyway). */
export const mailOnLapse = (reason: "DECLINED" | "EXPIRED", lapsedAt: string): PlannedRequestMail => ({
  kind: reason === "DECLINED" ? "declined" : "expired",
  to: "student",
  dueAt: Date.parse(lapsedAt),
  expiresAt: Date.parse(lapsedAt) + 12 * HOUR,
});

const Claim = z.object({ kind: RequestMailKind, recipientId: z.number().int(), at: z.string() });
export const requestMailEventSchemas = {
  RequestMailSent: Claim,
  /** The send was refused or timed out (no error text: it may quote the address). */
  RequestMailFailed: Claim,
};
export type RequestMailEvent = EventOf<typeof requestMailEventSchemas>;
export const requestMailStreams = streamKind("request-mails", requestMailEventSchemas, numericKey);
export const requestMailEventDefinitions = Object.entries(requestMailEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

type MailCommandData = { kind: RequestMailKind; recipientId: number; now: Date };
export type ClaimRequestMail = Command<"ClaimRequestMail", MailCommandData>;
export type ReportRequestMailFailure = Command<"ReportRequestMailFailure", MailCommandData>;
export type RequestMailCommand = ClaimRequestMail | ReportRequestMailFailure;

export type RequestMails = MailClaims;

export const requestMailDecider: Decider<RequestMailCommand, RequestMailEvent, RequestMails> = mailClaimDecider<
  RequestMailKind,
  "ClaimRequestMail",
  "ReportRequestMailFailure",
  "RequestMailSent",
  "RequestMailFailed"
>({
  claim: "ClaimRequestMail",
  report: "ReportRequestMailFailure",
  sent: "RequestMailSent",
  failed: "RequestMailFailed",
});
