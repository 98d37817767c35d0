import { requestMailDecider, requestMailStreams } from "@el/domain/mails/request-mails";
import { type DueRequestMail, dueRequestMails } from "@el/projections/lesson-requests/index";
import type { FastifyInstance } from "fastify";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { requestMail } from "./request-mail-texts";

const claim = (app: FastifyInstance, mail: DueRequestMail, type: "ClaimRequestMail" | "ReportRequestMailFailure") =>
  executeCommand(app, { streams: requestMailStreams, key: mail.lessonId }, requestMailDecider, {
    type,
    kind: mail.kind,
    recipientId: mail.recipientId,
    now: app.clock.now(),
  });

/**
 * Sends the request e-mails due at `now`: each is claimed first (an event on the request's mail stream), and
 * only the process whose claim was stored sends it, so two processes sweeping at once send it once. A
 * refused send is reported, and tried again at a later sweep. Answers how many were sent.
 */
export const sendDueRequestMails = async (app: FastifyInstance, now = app.clock.now()) => {
  let sent = 0;
  // Commands do not wait for the work list: a sweep does, so it sees every request stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["request-mails", "lesson-requests"]);
  for (const mail of await dueRequestMails(app.db, now)) {
    const { result: claimed } = await claim(app, mail, "ClaimRequestMail");
    if (claimed.length === 0) continue;
    try {
      await app.mailer.send(requestMail(mail, app.config.baseUrl));
      sent++;
    } catch (error) {
      // The address is not logged: the lesson and the kind say which e-mail it was.
      app.log.warn({ lessonId: mail.lessonId, kind: mail.kind, error: String(error) }, "a request e-mail was not sent");
      await claim(app, mail, "ReportRequestMailFailure");
    }
  }
  return sent;
};

/** Every process looks at the work list every `intervalMs` (the lesson e-mails' interval). */
export const startRequestMails = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("request-mails", () => sendDueRequestMails(app)),
    onError: (error) => app.log.error({ err: error }, "request e-mail sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
