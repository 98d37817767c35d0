import { requestMailEventDefinitions } from "@el/domain/mails/request-mails";
import { lessonRequestsProjector, requestMailsProjector } from "@el/projections/lesson-requests/index";
import type { Feature } from "../feature";
import { startLessonRequestExpiry } from "./lesson-request-expiry";
import { lessonRequestRoutes } from "./lesson-request-routes";
import { startRequestMails } from "./request-mail-sender";

/**
 * Requesting a chosen teacher outside their free slots ("solicitada para você"): offered to that teacher
 * alone until accepted, declined or expired, then on the open board or cancelled with the credit back, the
 * teacher and the student told by e-mail. Its events are the lesson loop's, and its e-mails' claims.
 */
export const lessonRequestsFeature: Feature = {
  name: "lesson-requests",
  events: requestMailEventDefinitions,
  projectors: [lessonRequestsProjector, requestMailsProjector],
  routes: async (app) => {
    await app.register(lessonRequestRoutes);
    startLessonRequestExpiry(app, app.config.lessonRequestIntervalMs);
    startRequestMails(app, app.config.lessonMailIntervalMs);
  },
};
