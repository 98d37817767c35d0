import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import type { Event } from "../shared/streams";
import { MAX_MAIL_ATTEMPTS } from "./lesson-mails";

/**
 * The claims of e-mails of one kind of news, each to one recipient, on a stream of their own: a claim is taken
 * before the send (two processes sweeping at once send it once), a failed send gives it back to be tried again,
 * up to `MAX_MAIL_ATTEMPTS` in all. The request and dispute e-mails are claimed this way, each under its own names.
 */

/** Per e-mail (`kind:recipientId`): whether a claim holds it, and how many sends failed. */
export type MailClaims = Readonly<Record<string, { claimed: boolean; failures: number }>>;

type CommandData<Kind extends string> = { kind: Kind; recipientId: number; now: Date };
type ClaimData<Kind extends string> = { kind: Kind; recipientId: number; at: string };

const keyOf = (mail: { kind: string; recipientId: number }) => `${mail.kind}:${mail.recipientId}`;
const NONE = { claimed: false, failures: 0 };

export const mailClaimDecider = <
  Kind extends string,
  Claim extends string,
  Report extends string,
  Sent extends string,
  Failed extends string,
>(types: {
  claim: Claim;
  report: Report;
  sent: Sent;
  failed: Failed;
}): Decider<
  Command<Claim, CommandData<Kind>> | Command<Report, CommandData<Kind>>,
  Event<Sent, ClaimData<Kind>> | Event<Failed, ClaimData<Kind>>,
  MailClaims
> => ({
  initialState: () => ({}),
  evolve: (state, event) => {
    const key = keyOf(event.data);
    const before = state[key] ?? NONE;
    if (event.type === types.sent) return { ...state, [key]: { ...before, claimed: true } };
    if (event.type === types.failed) return { ...state, [key]: { claimed: false, failures: before.failures + 1 } };
    return state;
  },
  decide: (command, state) => {
    const mail = state[keyOf(command)] ?? NONE;
    const data = { kind: command.kind, recipientId: command.recipientId, at: command.now.toISOString() };
    if (command.type === types.claim)
      return mail.claimed || mail.failures >= MAX_MAIL_ATTEMPTS ? [] : [{ type: types.sent, data }];
    return mail.claimed ? [{ type: types.failed, data }] : [];
  },
});
