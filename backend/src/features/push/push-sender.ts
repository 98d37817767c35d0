import {
  type PushKind,
  pushEndpointProblem,
  pushSendDecider,
  pushSendStreams,
  pushSettingStreams,
  pushSettingsDecider,
} from "@el/domain/push/index";
import { type DuePush, duePushes, pushSubscriptionsOf, type StoredPushSubscription } from "@el/projections/push/index";
import type { FastifyInstance } from "fastify";
import webpush from "web-push";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { pushPayloadOf } from "./push-texts";
import { type VapidKeys, vapidKeysOf } from "./vapid-keys";

/** How long a notification waits at the push service for a phone that is off (a reminder is stale after it). */
const TTL_SECONDS = 60 * 60;
const TIMEOUT_MS = 10_000;

const claim = (app: FastifyInstance, push: DuePush, type: "ClaimPush" | "ReportPushFailure") =>
  executeCommand(app, { streams: pushSendStreams, key: push.source }, pushSendDecider, {
    type,
    kind: push.kind,
    recipientId: push.recipientId,
    now: app.clock.now(),
  });

type Outcome = "delivered" | "gone" | "failed";

/**
 * One message to one browser's push service: the payload sealed for that browser (aes128gcm, RFC 8291) and
 * signed with the VAPID key (RFC 8292) by web-push, posted with fetch (web-push's own request is https only,
 * and the product's stand-in in tests is plain http).
 */
const deliver = async (
  subscription: StoredPushSubscription,
  payload: string,
  keys: VapidKeys,
  urgency: "high" | "normal",
): Promise<Outcome> => {
  const request = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: keys,
    TTL: TTL_SECONDS,
    urgency,
    contentEncoding: "aes128gcm",
  });
  try {
    const response = await fetch(request.endpoint, {
      method: "POST",
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : undefined,
      // A push service answers; it never sends the server on to another address.
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return "gone";
    return response.ok ? "delivered" : "failed";
  } catch {
    return "failed";
  }
};

const URGENT: readonly PushKind[] = ["LESSON_REMINDER", "LESSON_REQUESTED"];

/**
 * Sends the notifications due at `now` to every browser their recipient subscribed: each is claimed first (an
 * event on its source's `push-sends-` stream), and only the process whose claim was stored sends it, so two
 * processes sweeping at once, or one restarted, send it once. A subscription its push service says is gone
 * (404, 410) is dropped; when no browser took it and one may later, the failure is reported and it is tried
 * again at a later sweep. Answers how many notifications went to at least one browser.
 */
export const sendDuePushes = async (app: FastifyInstance, now = app.clock.now()) => {
  const keys = await vapidKeysOf(app.config);
  let sent = 0;
  await app.projections.waitFor(await app.eventStore.head(), ["push-notifications"]);
  for (const push of await duePushes(app.db, now)) {
    const { result: claimed } = await claim(app, push, "ClaimPush");
    if (claimed.length === 0) continue;
    const payload = JSON.stringify(pushPayloadOf(push));
    // A subscription stored before its push service left `PUSH_ENDPOINT_HOSTS` is not posted to.
    const subscriptions = (await pushSubscriptionsOf(app.db, push.recipientId)).filter(
      (subscription) => pushEndpointProblem(subscription.endpoint, app.config.pushEndpointHosts) === undefined,
    );
    const urgency = URGENT.includes(push.kind) ? "high" : "normal";
    const outcomes = await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await deliver(subscription, payload, keys, urgency);
        if (outcome === "gone")
          await executeCommand(app, { streams: pushSettingStreams, key: push.recipientId }, pushSettingsDecider, {
            type: "DropSubscription",
            account: subscription.account,
            endpoint: subscription.endpoint,
            now: app.clock.now(),
          });
        return outcome;
      }),
    );
    if (outcomes.includes("delivered")) sent++;
    else if (outcomes.includes("failed")) {
      // Neither the endpoint nor the person is logged: the source and the kind say which notification it was.
      app.log.warn({ source: push.source, kind: push.kind }, "a phone notification was not delivered");
      await claim(app, push, "ReportPushFailure");
    }
  }
  return sent;
};

/** The work list lives in the database (the push-notifications read model); every process looks at it every `intervalMs`. */
export const startPushSender = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("push-notifications", () => sendDuePushes(app)),
    onError: (error) => app.log.error({ err: error }, "phone notification sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
