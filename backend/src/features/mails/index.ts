import { lessonMailEventDefinitions } from "@el/domain/mails/index";
import { lessonMailsProjectors } from "@el/projections/mails/index";
import type { Feature } from "../feature";
import { startLessonMails } from "./lesson-mail-sender";
import { mailPreferencesRoutes } from "./mail-preferences-routes";

/** The lesson e-mails (acceptance, cancellation, reminders, feedback requests) and who wants which. */
export const mailsFeature: Feature = {
  name: "mails",
  events: lessonMailEventDefinitions,
  projectors: lessonMailsProjectors,
  routes: async (app) => {
    await app.register(mailPreferencesRoutes);
    startLessonMails(app, app.config.lessonMailIntervalMs);
  },
};
