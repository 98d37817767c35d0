import { disputeMailDecider, disputeMailStreams } from "@el/domain/disputes/dispute-mails";
import { type DueDisputeMail, dueDisputeMails } from "@el/projections/disputes/index";
import type { FastifyInstance } from "fastify";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { disputeMail } from "./dispute-mail-texts";

const claim = (app: FastifyInstance, mail: DueDisputeMail, type: "ClaimDisputeMail" | "ReportDisputeMailFailure") =>
  executeCommand(app, { streams: disputeMailStreams, key: mail.disputeId }, disputeMailDecider, {
    type,
    kind: mail.kind,
    recipientId: mail.recipientId,
    now: app.clock.now(),
  });

/**
 * Sends the dispute e-mails due at `now`: each is claimed first (an event on the dispute's mail stream), and
 * only the process whose claim was stored sends it, so two processes sweeping at once send it once. A refused
 * send is reported, and tried again at a later sweep. Answers how many were sent.
 */
export const sendDueDisputeMails = async (app: FastifyInstance, now = app.clock.now()) => {
  let sent = 0;
  // Commands do not wait for the work list: a sweep does, so it sees every dispute stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["dispute-mails", "disputes"]);
  for (const mail of await dueDisputeMails(app.db, now)) {
    const { result: claimed } = await claim(app, mail, "ClaimDisputeMail");
    if (claimed.length === 0) continue;
    try {
      await app.mailer.send(disputeMail(mail, app.config.baseUrl));
      sent++;
    } catch (error) {
      // The address is not logged: the dispute and the kind say which e-mail it was.
      app.log.warn(
        { disputeId: mail.disputeId, kind: mail.kind, error: String(error) },
        "a dispute e-mail was not sent",
      );
      await claim(app, mail, "ReportDisputeMailFailure");
    }
  }
  return sent;
};

/** Every process looks at the work list every `intervalMs` (the lesson e-mails' interval). */
export const startDisputeMails = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("dispute-mails", () => sendDueDisputeMails(app)),
    onError: (error) => app.log.error({ err: error }, "dispute e-mail sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
