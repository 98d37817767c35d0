import { z } from "zod";
import { type MailClaims, mailClaimDecider } from "../mails/mail-claims";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * The e-mails of a dispute, to its student and its teacher alike: when it is opened, and when it is resolved.
 * As the lesson e-mails, each is claimed before it is sent, on the dispute's mail stream
 * (`dispute-mails-{id}`), so two processes sweeping at once send it once; a failed send is reported and tried
 * again, up to `MAX_MAIL_ATTEMPTS` in all.
 */

export const DisputeMailKind = z.enum(["opened", "resolved"]);
export type DisputeMailKind = z.infer<typeof DisputeMailKind>;

/** News of a dispute older than this is stale: the dispute's page says it anyway. */
export const DISPUTE_MAIL_EXPIRY_MS = 48 * 60 * 60 * 1000;

const Claim = z.object({ kind: DisputeMailKind, recipientId: z.number().int(), at: z.string() });
export const disputeMailEventSchemas = {
  DisputeMailSent: Claim,
  /** The send was refused or timed out (no error text: it may quote the address). */
  DisputeMailFailed: Claim,
};
export type DisputeMailEvent = EventOf<typeof disputeMailEventSchemas>;
export const disputeMailStreams = streamKind("dispute-mails", disputeMailEventSchemas, numericKey);
export const disputeMailEventDefinitions = Object.entries(disputeMailEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

type MailCommandData = { kind: DisputeMailKind; recipientId: number; now: Date };
export type ClaimDisputeMail = Command<"ClaimDisputeMail", MailCommandData>;
export type ReportDisputeMailFailure = Command<"ReportDisputeMailFailure", MailCommandData>;
export type DisputeMailCommand = ClaimDisputeMail | ReportDisputeMailFailure;

export type DisputeMails = MailClaims;

export const disputeMailDecider: Decider<DisputeMailCommand, DisputeMailEvent, DisputeMails> = mailClaimDecider<
  DisputeMailKind,
  "ClaimDisputeMail",
  "ReportDisputeMailFailure",
  "DisputeMailSent",
  "DisputeMailFailed"
>({
  claim: "ClaimDisputeMail",
  report: "ReportDisputeMailFailure",
  sent: "DisputeMailSent",
  failed: "DisputeMailFailed",
});
