import { pushEventDefinitions } from "@el/domain/push/index";
import { pushNotificationsProjector } from "@el/projections/push/index";
import type { Feature } from "../feature";
import { pushRoutes } from "./push-routes";
import { startPushSender } from "./push-sender";
import { vapidKeysOf } from "./vapid-keys";

/**
 * Notifications on the phone (Web Push): a person's browsers subscribe, choose the kinds they want, and every
 * process sends the due ones from the work list the events planned.
 */
export const pushFeature: Feature = {
  name: "push",
  events: pushEventDefinitions,
  projectors: [pushNotificationsProjector],
  routes: async (app) => {
    await app.register(pushRoutes);
    startPushSender(app, app.config.pushIntervalMs);
  },
  // The pair is generated (and kept) at the first start rather than at the first subscription.
  seed: async (app) => {
    await vapidKeysOf(app.config);
  },
};
