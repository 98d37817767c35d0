import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * A person's private calendar feed: a secret address that Google Calendar, Outlook or Apple Calendar
 * subscribe to, listing that person's lessons. The address carries a random token; only its SHA-256
 * digest is stored, so the address is shown once, when issued. Issuing again replaces it (the old
 * address stops working); revoking ends it. One stream per person: `calendar-feed-{userId}`.
 */

export const calendarFeedEventSchemas = {
  CalendarFeedIssued: z.object({ tokenDigest: z.string().regex(/^[0-9a-f]{64}$/), issuedAt: z.string() }),
  CalendarFeedRevoked: z.object({ revokedAt: z.string() }),
};

export type CalendarFeedEvent = EventOf<typeof calendarFeedEventSchemas>;

export const calendarFeedStreams = streamKind("calendar-feed", calendarFeedEventSchemas, numericKey);

export const calendarFeedEventDefinitions = Object.entries(calendarFeedEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export type IssueFeed = Command<"IssueFeed", { tokenDigest: string; now: Date }>;
export type RevokeFeed = Command<"RevokeFeed", { now: Date }>;

export type CalendarFeedCommand = IssueFeed | RevokeFeed;

export type CalendarFeed = { status: "none" } | { status: "active"; tokenDigest: string; issuedAt: string };

export const issueFeed = (command: IssueFeed): CalendarFeedEvent[] => {
  return [
    {
      type: "CalendarFeedIssued",
      data: { tokenDigest: command.tokenDigest, issuedAt: command.now.toISOString() },
    },
  ];
};

export const revokeFeed = (command: RevokeFeed, state: CalendarFeed): CalendarFeedEvent[] => {
  // Revoking a feed that is not there changes nothing.
  return state.status === "active"
    ? [{ type: "CalendarFeedRevoked", data: { revokedAt: command.now.toISOString() } }]
    : [];
};

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeed> = {
  initialState: () => ({ status: "none" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "CalendarFeedIssued":
        return { status: "active", tokenDigest: event.data.tokenDigest, issuedAt: event.data.issuedAt };
      case "CalendarFeedRevoked":
        return { status: "none" };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "IssueFeed":
        return issueFeed(command);
      case "RevokeFeed":
        return revokeFeed(command, state);
      default:
        return assertNever(command);
    }
  },
};

/** What a person sees of their feed: whether an address works now, since when; the address only when issued. */
export const CalendarFeedView = z.object({ active: z.boolean(), issuedAt: z.string().nullable() });
export type CalendarFeedView = z.infer<typeof CalendarFeedView>;
export const IssuedCalendarFeed = z.object({ url: z.string(), issuedAt: z.string() });
export type IssuedCalendarFeed = z.infer<typeof IssuedCalendarFeed>;

/** The token in a feed's address: 43 characters of base64url (32 random bytes). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;
