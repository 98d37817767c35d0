import { z } from "zod";
import { MAX_MAIL_ATTEMPTS } from "../mails/lesson-mails";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * The e-mail digest of unread messages (stream `message-digests-{recipientId}`): once a message has waited
 * unread for `MESSAGE_DIGEST_DELAY_MS`, its recipient gets one e-mail listing every message still unread and
 * not yet in a digest, up to the newest one (`through`, the newest listed message's instant). As the other
 * e-mails, each digest is claimed before it is sent, so two processes sweeping at once send it once; a
 * refused send is reported and the same messages are tried again, up to `MAX_MAIL_ATTEMPTS` in all.
 */

const instant = z.iso.datetime({ offset: true });

export const messageDigestEventSchemas = {
  MessageDigestSent: z.object({ through: instant, at: instant }),
  /**
   * The send was refused or timed out (no error text: it may quote the address); `failures` so far. `after`:
   * where the digest it lists began (the one before's `through`), so its messages alone are tried again.
   */
  MessageDigestFailed: z.object({
    through: instant,
    after: instant.nullable(),
    failures: z.number().int(),
    at: instant,
  }),
};
export type MessageDigestEvent = EventOf<typeof messageDigestEventSchemas>;
export const messageDigestStreams = streamKind("message-digests", messageDigestEventSchemas, numericKey);
export const messageDigestEventDefinitions = Object.entries(messageDigestEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export type ClaimMessageDigest = Command<"ClaimMessageDigest", { through: string; now: Date }>;
export type ReportMessageDigestFailure = Command<"ReportMessageDigestFailure", { through: string; now: Date }>;
export type MessageDigestCommand = ClaimMessageDigest | ReportMessageDigestFailure;

export interface MessageDigests {
  /** The newest message instant a digest holds (claimed, not given back); null before the first. */
  sentThrough: string | null;
  /** What `sentThrough` was before the last claim, given back to it when that send fails. */
  previous: string | null;
  /** Failed sends of `failedThrough`'s digest. */
  failures: number;
  failedThrough: string | null;
}

const later = (a: string, b: string | null) => b === null || Date.parse(a) > Date.parse(b);

export const messageDigestDecider: Decider<MessageDigestCommand, MessageDigestEvent, MessageDigests> = {
  initialState: () => ({ sentThrough: null, previous: null, failures: 0, failedThrough: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case "MessageDigestSent":
        return { ...state, sentThrough: event.data.through, previous: state.sentThrough };
      case "MessageDigestFailed": {
        // Spent, the digest counts as sent: its messages are not tried again.
        const givenUp = event.data.failures >= MAX_MAIL_ATTEMPTS;
        return {
          sentThrough: givenUp ? state.sentThrough : state.previous,
          previous: state.previous,
          failures: event.data.failures,
          failedThrough: event.data.through,
        };
      }
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const at = command.now.toISOString();
    switch (command.type) {
      case "ClaimMessageDigest":
        return later(command.through, state.sentThrough)
          ? [{ type: "MessageDigestSent", data: { through: command.through, at } }]
          : [];
      case "ReportMessageDigestFailure": {
        if (state.sentThrough !== command.through) return [];
        const failures = state.failedThrough === command.through ? state.failures + 1 : 1;
        return [
          { type: "MessageDigestFailed", data: { through: command.through, after: state.previous, failures, at } },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
