import { accountMailDecider, accountMailStreams } from "@el/domain/mails/index";
import { type DueAccountMail, dueAccountMails } from "@el/projections/mails/index";
import type { FastifyInstance } from "fastify";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { accountMail } from "./account-mail-texts";

const claim = (app: FastifyInstance, mail: DueAccountMail, type: "ClaimAccountMail" | "ReportAccountMailFailure") =>
  executeCommand(app, { streams: accountMailStreams, key: mail.userId }, accountMailDecider, {
    type,
    kind: mail.kind,
    ref: mail.ref,
    now: app.clock.now(),
  });

/**
 * Sends the account e-mails due at `now` (welcomes, purchase confirmations), each claimed first on the
 * person's mail stream so that two processes sweeping at once send it once; a refused send is reported
 * and tried at a later sweep. Answers how many were sent.
 */
export const sendDueAccountMails = async (app: FastifyInstance, now = app.clock.now()) => {
  let sent = 0;
  await app.projections.waitFor(await app.eventStore.head(), ["account-mails"]);
  for (const mail of await dueAccountMails(app.db, now)) {
    const { result: claimed } = await claim(app, mail, "ClaimAccountMail");
    if (claimed.length === 0) continue;
    try {
      await app.mailer.send(accountMail(mail, app.config.baseUrl));
      sent++;
    } catch (error) {
      // The address is not logged: the person's id and the kind say which e-mail it was.
      app.log.warn({ userId: mail.userId, kind: mail.kind, error: String(error) }, "an account e-mail was not sent");
      await claim(app, mail, "ReportAccountMailFailure");
    }
  }
  return sent;
};

/** Every process looks at the work list every `intervalMs` (the lesson e-mails' interval). */
export const startAccountMails = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("account-mails", () => sendDueAccountMails(app)),
    onError: (error) => app.log.error({ err: error }, "account e-mail sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
