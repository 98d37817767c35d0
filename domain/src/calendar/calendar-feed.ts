import { z } from "zod";
import type { Decider } from "../shared/decider";
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

export type CalendarFeedCommand =
  | { type: "IssueFeed"; tokenDigest: string; now: Date }
  | { type: "RevokeFeed"; now: Date };

export type CalendarFeed = { status: "none" } | { status: "active"; tokenDigest: string; issuedAt: string };

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeed> = {
  initialState: () => ({ status: "none" }),
  evolve: (_state, event) =>
    event.type === "CalendarFeedIssued"
      ? { status: "active", tokenDigest: event.data.tokenDigest, issuedAt: event.data.issuedAt }
      : { status: "none" },
  decide: (command, state) => {
    switch (command.type) {
      case "IssueFeed":
        return [
          {
            type: "CalendarFeedIssued",
            data: { tokenDigest: command.tokenDigest, issuedAt: command.now.toISOString() },
          },
        ];
      case "RevokeFeed":
        // Revoking a feed that is not there changes nothing.
        return state.status === "active"
          ? [{ type: "CalendarFeedRevoked", data: { revokedAt: command.now.toISOString() } }]
          : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
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
