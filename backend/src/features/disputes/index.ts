import { disputeEventDefinitions } from "@el/domain/disputes/dispute";
import { disputeMailEventDefinitions } from "@el/domain/disputes/dispute-mails";
import { disputeMailsProjector, disputesProjector } from "@el/projections/disputes/index";
import type { Feature } from "../feature";
import { startDisputeMails } from "./dispute-mail-sender";
import { disputeRoutes } from "./dispute-routes";

/**
 * Lessons that did not happen: either side reports one up to 24 hours after its end, the other answers
 * within 48 hours, an administrator resolves it from the queue (the credit back, the payout kept or
 * withheld), and teachers reported absent often are flagged. Both sides are e-mailed when it is opened and
 * when it is resolved. Teacher payouts respect an open dispute.
 */
export const disputesFeature: Feature = {
  name: "disputes",
  events: [...disputeEventDefinitions, ...disputeMailEventDefinitions],
  projectors: [disputesProjector, disputeMailsProjector],
  routes: async (app) => {
    await app.register(disputeRoutes);
    startDisputeMails(app, app.config.lessonMailIntervalMs);
  },
};
