import { lessonMailDecider, lessonMailStreams } from "@el/domain/mails/index";
import { type DueLessonMail, dueLessonMails } from "@el/projections/mails/index";
import type { FastifyInstance } from "fastify";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { lessonMail } from "./lesson-mail-texts";

const claim = (app: FastifyInstance, mail: DueLessonMail, type: "ClaimMail" | "ReportMailFailure") =>
  executeCommand(app, { streams: lessonMailStreams, key: mail.lessonId }, lessonMailDecider, {
    type,
    kind: mail.kind,
    recipientId: mail.recipientId,
    now: app.clock.now(),
  });

/**
 * Sends the lesson e-mails due at `now`: each is claimed first (an event on the lesson's mail stream), and
 * only the process whose claim was stored sends it, so two processes sweeping at once send it once. A
 * refused send is reported, and tried again at a later sweep. Answers how many were sent.
 */
export const sendDueLessonMails = async (app: FastifyInstance, now = app.clock.now()) => {
  let sent = 0;
  // Commands do not wait for the work list: a sweep does, so it sees every lesson stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["lesson-mails"]);
  for (const mail of await dueLessonMails(app.db, now)) {
    const { result: claimed } = await claim(app, mail, "ClaimMail");
    if (claimed.length === 0) continue;
    try {
      await app.mailer.send(lessonMail(mail, app.config.baseUrl));
      sent++;
    } catch (error) {
      // The address is not logged: the lesson and the kind say which e-mail it was.
      app.log.warn({ lessonId: mail.lessonId, kind: mail.kind, error: String(error) }, "a lesson e-mail was not sent");
      await claim(app, mail, "ReportMailFailure");
    }
  }
  return sent;
};

/**
 * The work list lives in PostgreSQL (the lesson-mails read model), so what is due survives restarts; every
 * process looks at it every `intervalMs`.
 */
export const startLessonMails = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("lesson-mails", () => sendDueLessonMails(app)),
    onError: (error) => app.log.error({ err: error }, "lesson e-mail sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
