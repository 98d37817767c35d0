import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { MAX_MAIL_ATTEMPTS } from "./lesson-mails";

/**
 * The e-mails about a person's account rather than a lesson: the welcome when the account is made (a
 * student's sign-up, a teacher's application) and the confirmation of each paid purchase (amount, method,
 * installments). As the lesson e-mails, each is claimed before it is sent, on the person's mail stream
 * (`account-mails-{userId}`), so two processes sweeping at once send it once; a failed send is reported
 * and tried again, up to `MAX_MAIL_ATTEMPTS` in all.
 */

export const accountMailKinds = ["welcome", "purchase-paid"] as const;
export const AccountMailKind = z.enum(accountMailKinds);
export type AccountMailKind = z.infer<typeof AccountMailKind>;

const HOUR = 60 * 60 * 1000;

/** One account e-mail to send: `ref` names what it is about (the purchase's id; 0 for the welcome). */
export interface PlannedAccountMail {
  kind: AccountMailKind;
  ref: number;
  dueAt: number;
  /** After this it is dropped unsent: a replay of old history sends no welcome years late. */
  expiresAt: number;
}

/** The welcome, at once, for a day. */
export const mailOnAccountCreated = (createdAt: Date): PlannedAccountMail => ({
  kind: "welcome",
  ref: 0,
  dueAt: createdAt.getTime(),
  expiresAt: createdAt.getTime() + 24 * HOUR,
});

/** The purchase's confirmation, at once, for a day. */
export const mailOnPurchasePaid = (purchaseId: number, paidAt: string): PlannedAccountMail => ({
  kind: "purchase-paid",
  ref: purchaseId,
  dueAt: Date.parse(paidAt),
  expiresAt: Date.parse(paidAt) + 24 * HOUR,
});

const Claim = z.object({ kind: AccountMailKind, ref: z.number().int(), at: z.string() });
export const accountMailEventSchemas = {
  AccountMailSent: Claim,
  /** The send was refused or timed out (no error text: it may quote the address). */
  AccountMailFailed: Claim,
};
export type AccountMailEvent = EventOf<typeof accountMailEventSchemas>;
export const accountMailStreams = streamKind("account-mails", accountMailEventSchemas, numericKey);
export const accountMailEventDefinitions = Object.entries(accountMailEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export type ClaimAccountMail = Command<"ClaimAccountMail", { kind: AccountMailKind; ref: number; now: Date }>;
export type ReportAccountMailFailure = Command<
  "ReportAccountMailFailure",
  { kind: AccountMailKind; ref: number; now: Date }
>;
export type AccountMailCommand = ClaimAccountMail | ReportAccountMailFailure;

/** Per e-mail (`kind:ref`): whether a claim holds it, and how many sends failed. */
export type AccountMails = Readonly<Record<string, { claimed: boolean; failures: number }>>;

const keyOf = (mail: { kind: AccountMailKind; ref: number }) => `${mail.kind}:${mail.ref}`;

export const accountMailDecider: Decider<AccountMailCommand, AccountMailEvent, AccountMails> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    const key = keyOf(event.data);
    const before = state[key] ?? { claimed: false, failures: 0 };
    switch (event.type) {
      case "AccountMailSent":
        return { ...state, [key]: { ...before, claimed: true } };
      case "AccountMailFailed":
        return { ...state, [key]: { claimed: false, failures: before.failures + 1 } };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const mail = state[keyOf(command)] ?? { claimed: false, failures: 0 };
    const data = { kind: command.kind, ref: command.ref, at: command.now.toISOString() };
    switch (command.type) {
      case "ClaimAccountMail":
        return mail.claimed || mail.failures >= MAX_MAIL_ATTEMPTS ? [] : [{ type: "AccountMailSent", data }];
      case "ReportAccountMailFailure":
        return mail.claimed ? [{ type: "AccountMailFailed", data }] : [];
      default:
        return assertNever(command);
    }
  },
};
