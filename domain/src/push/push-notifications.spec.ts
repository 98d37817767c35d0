import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  MAX_PUSH_ATTEMPTS,
  type PushSendEvent,
  type PushSettingEvent,
  PushSubscriptionBody,
  pushesOnAcceptance,
  pushOnDispute,
  pushOnMessage,
  pushOnRequest,
  pushSendDecider,
  pushSendStreams,
  pushSettingsDecider,
} from "./push-notifications";

const now = new Date("2026-11-24T12:00:00.000Z");
const at = now.toISOString();
const HOUR = 3_600_000;
const account = "student-21";
const endpoint = "https://push.example.com/send/abc";
const p256dh = `B${"A".repeat(86)}`;
const auth = "A".repeat(22);

describe("push notifications planned from lessons", () => {
  it("tells the student of an acceptance at once and reminds both an hour before the start", () => {
    const start = "2026-11-26T12:00:00.000Z";
    expect(pushesOnAcceptance(start, at)).toEqual([
      { kind: "LESSON_ACCEPTED", to: "student", dueAt: now.getTime(), expiresAt: now.getTime() + 6 * HOUR },
      { kind: "LESSON_REMINDER", to: "student", dueAt: Date.parse(start) - HOUR, expiresAt: Date.parse(start) },
      { kind: "LESSON_REMINDER", to: "teacher", dueAt: Date.parse(start) - HOUR, expiresAt: Date.parse(start) },
    ]);
  });

  it("reminds at once of a lesson accepted within its last hour, and not of one already begun", () => {
    const soon = new Date(now.getTime() + 20 * 60_000).toISOString();
    expect(pushesOnAcceptance(soon, at).filter((push) => push.kind === "LESSON_REMINDER")[0]?.dueAt).toBe(
      now.getTime(),
    );
    const begun = new Date(now.getTime() - 60_000).toISOString();
    expect(pushesOnAcceptance(begun, at).map((push) => push.kind)).toEqual(["LESSON_ACCEPTED"]);
  });

  it("tells the teacher asked at once, while they may still answer", () =>
    expect(pushOnRequest(at, "2026-11-25T00:00:00.000Z")).toEqual({
      kind: "LESSON_REQUESTED",
      to: "teacher",
      dueAt: now.getTime(),
      expiresAt: Date.parse("2026-11-25T00:00:00.000Z"),
    }));
});

describe("push notifications planned from messages and disputes", () => {
  it("tells a message's recipient at once, for six hours", () =>
    expect(pushOnMessage(at)).toEqual({
      kind: "NEW_MESSAGE",
      dueAt: now.getTime(),
      expiresAt: now.getTime() + 6 * HOUR,
    }));

  it("tells the other side of a dispute at once, while they may answer it", () => {
    const told = { kind: "DISPUTE_OPENED", dueAt: now.getTime(), expiresAt: now.getTime() + 48 * HOUR };
    const until = new Date(now.getTime() + 48 * HOUR).toISOString();
    expect(pushOnDispute("STUDENT", at, until)).toEqual({ ...told, to: "teacher" });
    expect(pushOnDispute("TEACHER", at, until)).toEqual({ ...told, to: "student" });
  });
});

describe("a person's push settings", () => {
  const given = specFor(pushSettingsDecider);
  const subscribe = { type: "Subscribe" as const, account, endpoint, p256dh, auth, now };
  const subscribed: PushSettingEvent = { type: "PushSubscribed", data: { account, endpoint, p256dh, auth, at } };

  it("given no subscription, subscribing stores it; the same browser again with the same keys changes nothing", () => {
    given([]).when(subscribe).then([subscribed]);
    given([subscribed]).when(subscribe).then([]);
    const renewed = { ...subscribe, auth: "B".repeat(22) };
    given([subscribed])
      .when(renewed)
      .then([{ type: "PushSubscribed", data: { ...subscribed.data, auth: renewed.auth } }]);
  });

  it("unsubscribes and drops only a subscription it has", () => {
    const unsubscribe = { type: "Unsubscribe" as const, account, endpoint, now };
    given([subscribed])
      .when(unsubscribe)
      .then([{ type: "PushUnsubscribed", data: { account, endpoint, at } }]);
    given([]).when(unsubscribe).then([]);
    given([subscribed])
      .when({ ...unsubscribe, type: "DropSubscription" })
      .then([{ type: "PushSubscriptionExpired", data: { account, endpoint, at } }]);
    given([subscribed, { type: "PushSubscriptionExpired", data: { account, endpoint, at } }])
      .when(unsubscribe)
      .then([]);
  });

  it("keeps the kinds turned off in the contract's order, and an unchanged choice stores nothing", () => {
    given([])
      .when({ type: "SetPushPreferences", off: ["LESSON_REMINDER", "LESSON_ACCEPTED"] })
      .then([{ type: "PushPreferencesChanged", data: { off: ["LESSON_ACCEPTED", "LESSON_REMINDER"] } }]);
    given([{ type: "PushPreferencesChanged", data: { off: ["LESSON_ACCEPTED"] } }])
      .when({ type: "SetPushPreferences", off: ["LESSON_ACCEPTED"] })
      .then([]);
    given([]).when({ type: "SetPushPreferences", off: [] }).then([]);
  });
});

describe("a notification's claim", () => {
  const given = specFor(pushSendDecider);
  const claim = { type: "ClaimPush" as const, kind: "LESSON_ACCEPTED" as const, recipientId: 21, now };
  const data = { kind: "LESSON_ACCEPTED" as const, recipientId: 21, at };
  const sent: PushSendEvent = { type: "PushNotificationSent", data };
  const failed: PushSendEvent = { type: "PushNotificationFailed", data };

  it("given no claim, when claimed, then it is sent once", () => {
    given([]).when(claim).then([sent]);
    given([sent]).when(claim).then([]);
  });

  it("given a failed send, it may be claimed again, until the attempts are spent", () => {
    given([sent])
      .when({ ...claim, type: "ReportPushFailure" })
      .then([failed]);
    given([sent, failed]).when(claim).then([sent]);
    given(Array.from({ length: MAX_PUSH_ATTEMPTS }, () => [sent, failed]).flat())
      .when(claim)
      .then([]);
  });

  it("names its stream after the source of the notification", () => {
    expect(pushSendStreams.id("lesson-12")).toBe("push-sends-lesson-12");
    expect(pushSendStreams.parse("push-sends-lesson-12")).toBe("lesson-12");
  });
});

describe("a browser's subscription as posted", () => {
  const body = { endpoint, expirationTime: null, keys: { p256dh, auth } };
  it("takes a PushSubscription's JSON and refuses keys of the wrong size or an endpoint that is no URL", () => {
    expect(PushSubscriptionBody.safeParse(body).success).toBe(true);
    expect(PushSubscriptionBody.safeParse({ ...body, keys: { p256dh, auth: "short" } }).success).toBe(false);
    expect(PushSubscriptionBody.safeParse({ ...body, endpoint: "javascript:alert(1)" }).success).toBe(false);
  });
});
