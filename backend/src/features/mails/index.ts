import { accountMailEventDefinitions, lessonMailEventDefinitions } from "@el/domain/mails/index";
import { accountMailsProjector, lessonMailsProjectors } from "@el/projections/mails/index";
import type { Feature } from "../feature";
import { startAccountMails } from "./account-mail-sender";
import { startLessonMails } from "./lesson-mail-sender";
import { mailPreferencesRoutes } from "./mail-preferences-routes";

/**
 * The lesson e-mails (acceptance, cancellation, reminders, feedback requests, a teacher's removal), the
 * account e-mails (welcome, purchase confirmation), and who wants which.
 */
export const mailsFeature: Feature = {
  name: "mails",
  events: [...lessonMailEventDefinitions, ...accountMailEventDefinitions],
  projectors: [...lessonMailsProjectors, accountMailsProjector],
  routes: async (app) => {
    await app.register(mailPreferencesRoutes);
    startLessonMails(app, app.config.lessonMailIntervalMs);
    startAccountMails(app, app.config.lessonMailIntervalMs);
  },
};
