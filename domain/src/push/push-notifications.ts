import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, type StreamKey, streamKind } from "../shared/streams";

/**
 * Notifications on the phone (Web Push): what kinds there are, a person's subscriptions (one per browser that
 * allowed them) and the kinds they turned off, and the claim that makes each notification go once.
 *
 * The sender reacts to events: a notification is planned by the read model of the work list when an event
 * that calls for it is stored (a lesson accepted, a lesson requested of a teacher, an accepted lesson's start
 * an hour away, a message sent, a dispute opened): no route calls the sender.
 */
export const pushKinds = [
  "LESSON_ACCEPTED",
  "LESSON_REQUESTED",
  "LESSON_REMINDER",
  "NEW_MESSAGE",
  "DISPUTE_OPENED",
] as const;
export const PushKind = z.enum(pushKinds);
export type PushKind = z.infer<typeof PushKind>;

export const pushErrors = {
  /** A push service is reached over https; a plain-http address is refused (unless configured for a local stand-in). */
  insecureEndpoint: "error.push.insecureEndpoint",
  /** The endpoint is not at one of the browsers' push services (`PUSH_ENDPOINT_HOSTS`). */
  unknownService: "error.push.unknownService",
} as const;

export const MAX_PUSH_ATTEMPTS = 3;
const HOUR = 60 * 60 * 1000;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "base64url");

/** A browser's `PushSubscription.toJSON()`: where its push service takes messages, and the keys to seal them. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(86, 88),
    /** The 16-byte authentication secret. */
    auth: base64url(22, 24),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2000) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const PushPublicKeyView = z.object({
  /** The VAPID public key, base64url, as `PushManager.subscribe({ applicationServerKey })` takes it. */
  publicKey: z.string(),
});
export type PushPublicKeyView = z.infer<typeof PushPublicKeyView>;

export const PushPreferencesView = z.object({
  /** The kinds the person turned off; every other kind is on. */
  off: z.array(PushKind),
  /** How many browsers of theirs are subscribed. */
  subscriptions: z.number().int(),
});
export type PushPreferencesView = z.infer<typeof PushPreferencesView>;
export const PushPreferencesBody = z.object({ off: z.array(PushKind).max(pushKinds.length) });
export type PushPreferencesBody = z.infer<typeof PushPreferencesBody>;

/** What the service worker receives (sealed end to end) and shows. */
export const PushPayload = z.object({
  kind: PushKind,
  title: z.string(),
  body: z.string(),
  /** The page a tap opens, a path of the web app. */
  url: z.string().startsWith("/"),
  /** A later notification with the same tag replaces the earlier one on the phone. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** One notification an event calls for: to whom, from when, and until when it is still worth showing. */
export interface PlannedPush {
  kind: PushKind;
  to: "student" | "teacher";
  dueAt: number;
  expiresAt: number;
}

/**
 * A lesson accepted at `acceptedAt`: the student hears of it at once (for six hours, not after it began), and
 * both are reminded an hour before it starts (at once when it was accepted within that hour).
 */
export const pushesOnAcceptance = (date: string, acceptedAt: string): PlannedPush[] => {
  const start = Date.parse(date);
  const accepted = Date.parse(acceptedAt);
  const reminder = (to: PlannedPush["to"]): PlannedPush => ({
    kind: "LESSON_REMINDER",
    to,
    dueAt: Math.max(start - HOUR, accepted),
    expiresAt: start,
  });
  return [
    { kind: "LESSON_ACCEPTED", to: "student", dueAt: accepted, expiresAt: Math.min(start, accepted + 6 * HOUR) },
    ...(start > accepted ? [reminder("student"), reminder("teacher")] : []),
  ];
};

/** A lesson requested of one teacher: that teacher hears of it at once, while they may still answer. */
export const pushOnRequest = (requestedAt: string, answerUntil: string): PlannedPush => ({
  kind: "LESSON_REQUESTED",
  to: "teacher",
  dueAt: Date.parse(requestedAt),
  expiresAt: Date.parse(answerUntil),
});

/**
 * A message sent: its recipient hears of it at once, for six hours. One notification per conversation while
 * its recipient has not read it: the messages after the first one of an unread burst add none.
 */
export const pushOnMessage = (sentAt: string): Omit<PlannedPush, "to"> => {
  const sent = Date.parse(sentAt);
  return { kind: "NEW_MESSAGE", dueAt: sent, expiresAt: sent + 6 * HOUR };
};

/**
 * A dispute opened by one side of a lesson: the other side hears of it at once, while they may still answer
 * (`answerUntil`, the disputes' own rule; importing it here would loop through the personal data's imports).
 */
export const pushOnDispute = (openedBy: "STUDENT" | "TEACHER", openedAt: string, answerUntil: string): PlannedPush => ({
  kind: "DISPUTE_OPENED",
  to: openedBy === "STUDENT" ? "teacher" : "student",
  dueAt: Date.parse(openedAt),
  expiresAt: Date.parse(answerUntil),
});

/** A moved lesson's reminder follows its new start. */
export const reminderAfterMove = (date: string) => {
  const start = Date.parse(date);
  return { dueAt: start - HOUR, expiresAt: start };
};

/** A person's subscriptions and choices; one stream per person: `push-{userId}`. */
const Subscription = z.object({
  /** The account stream whose key seals the endpoint and keys (`student-12`): erasing the person shreds them. */
  account: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  at: z.string(),
});
const Endpoint = z.object({ account: z.string(), endpoint: z.string(), at: z.string() });
export const pushSettingEventSchemas = {
  PushSubscribed: Subscription,
  PushUnsubscribed: Endpoint,
  /** The push service answered 404 or 410: the browser dropped the subscription. */
  PushSubscriptionExpired: Endpoint,
  PushPreferencesChanged: z.object({ off: z.array(PushKind) }),
};
export type PushSettingEvent = EventOf<typeof pushSettingEventSchemas>;
export const pushSettingStreams = streamKind("push", pushSettingEventSchemas, numericKey);
/** The stream ids whose personal fields the account's key seals (`domain/src/accounts/personal-data.ts`). */
export const PUSH_SETTING_STREAM = /^push-\d+$/;
export const PUSH_PERSONAL_FIELDS = ["endpoint", "p256dh", "auth"] as const;

type EndpointCommand = { account: string; endpoint: string; now: Date };
export type Subscribe = Command<"Subscribe", EndpointCommand & { p256dh: string; auth: string }>;
export type Unsubscribe = Command<"Unsubscribe", EndpointCommand>;
export type DropSubscription = Command<"DropSubscription", EndpointCommand>;
export type SetPushPreferences = Command<"SetPushPreferences", { off: PushKind[] }>;
export type PushSettingCommand = Subscribe | Unsubscribe | DropSubscription | SetPushPreferences;

export interface PushSettings {
  /** Each subscribed endpoint with its keys, as `p256dh auth`. */
  subscriptions: Readonly<Record<string, string>>;
  off: readonly PushKind[];
}

const without = (subscriptions: PushSettings["subscriptions"], endpoint: string) =>
  Object.fromEntries(Object.entries(subscriptions).filter(([key]) => key !== endpoint));

export const pushSettingsDecider: Decider<PushSettingCommand, PushSettingEvent, PushSettings> = {
  initialState: () => ({ subscriptions: {}, off: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "PushSubscribed":
        return {
          ...state,
          subscriptions: { ...state.subscriptions, [event.data.endpoint]: `${event.data.p256dh} ${event.data.auth}` },
        };
      case "PushUnsubscribed":
      case "PushSubscriptionExpired":
        return { ...state, subscriptions: without(state.subscriptions, event.data.endpoint) };
      case "PushPreferencesChanged":
        return { ...state, off: event.data.off };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "Subscribe": {
        const { account, endpoint, p256dh, auth } = command;
        // The same browser subscribing again with the same keys changes nothing.
        return state.subscriptions[endpoint] === `${p256dh} ${auth}`
          ? []
          : [{ type: "PushSubscribed", data: { account, endpoint, p256dh, auth, at: command.now.toISOString() } }];
      }
      case "Unsubscribe":
      case "DropSubscription": {
        if (!(command.endpoint in state.subscriptions)) return [];
        const data = { account: command.account, endpoint: command.endpoint, at: command.now.toISOString() };
        return [{ type: command.type === "Unsubscribe" ? "PushUnsubscribed" : "PushSubscriptionExpired", data }];
      }
      case "SetPushPreferences": {
        const off = pushKinds.filter((kind) => command.off.includes(kind));
        return off.join() === pushKinds.filter((kind) => state.off.includes(kind)).join()
          ? []
          : [{ type: "PushPreferencesChanged", data: { off } }];
      }
      default:
        return assertNever(command);
    }
  },
};

/**
 * What a notification comes from, as a stream id of its own: `lesson-12`, `dispute-12` (the lesson's id),
 * `message-40` (the first message of an unread burst).
 */
const sourceKey: StreamKey<string> = {
  format: (key) => key,
  parse: (text) => (/^[a-z-]+-\d+$/.test(text) ? text : undefined),
};

/** The claims of the notifications of one source: `push-sends-lesson-12`. */
const Claim = z.object({ kind: PushKind, recipientId: z.number().int(), at: z.string() });
export const pushSendEventSchemas = {
  PushNotificationSent: Claim,
  /** Every subscription's push service refused or timed out (no error text). */
  PushNotificationFailed: Claim,
};
export type PushSendEvent = EventOf<typeof pushSendEventSchemas>;
export const pushSendStreams = streamKind("push-sends", pushSendEventSchemas, sourceKey);

type ClaimData = { kind: PushKind; recipientId: number; now: Date };
export type ClaimPush = Command<"ClaimPush", ClaimData>;
export type ReportPushFailure = Command<"ReportPushFailure", ClaimData>;
export type PushSendCommand = ClaimPush | ReportPushFailure;

/** Per notification (`kind:recipientId`): whether a claim holds it, and how many sends failed. */
export type PushSends = Readonly<Record<string, { claimed: boolean; failures: number }>>;
const keyOf = (claim: { kind: PushKind; recipientId: number }) => `${claim.kind}:${claim.recipientId}`;

/**
 * Each notification goes at most once: the sender claims it on its source's stream before sending, and of two
 * processes claiming at once the append at the version read lets one through. A failed send is reported,
 * which allows a new claim, up to `MAX_PUSH_ATTEMPTS` in all.
 */
export const pushSendDecider: Decider<PushSendCommand, PushSendEvent, PushSends> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    const key = keyOf(event.data);
    const before = state[key] ?? { claimed: false, failures: 0 };
    switch (event.type) {
      case "PushNotificationSent":
        return { ...state, [key]: { ...before, claimed: true } };
      case "PushNotificationFailed":
        return { ...state, [key]: { claimed: false, failures: before.failures + 1 } };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const claim = state[keyOf(command)] ?? { claimed: false, failures: 0 };
    const data = { kind: command.kind, recipientId: command.recipientId, at: command.now.toISOString() };
    switch (command.type) {
      case "ClaimPush":
        return claim.claimed || claim.failures >= MAX_PUSH_ATTEMPTS ? [] : [{ type: "PushNotificationSent", data }];
      case "ReportPushFailure":
        return claim.claimed ? [{ type: "PushNotificationFailed", data }] : [];
      default:
        return assertNever(command);
    }
  },
};

export const pushEventDefinitions = Object.entries({ ...pushSettingEventSchemas, ...pushSendEventSchemas }).map(
  ([type, schema]) => ({ type, schema }),
);
