import { messageDigestDecider, messageDigestStreams } from "@el/domain/messages/message-digest";
import { type DueMessageDigest, dueMessageDigests } from "@el/projections/messages/index";
import type { FastifyInstance } from "fastify";
import { executeCommand } from "../../commands/execute";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { messageDigestMail } from "./message-digest-texts";

const claim = (
  app: FastifyInstance,
  digest: DueMessageDigest,
  type: "ClaimMessageDigest" | "ReportMessageDigestFailure",
) =>
  executeCommand(app, { streams: messageDigestStreams, key: digest.recipientId }, messageDigestDecider, {
    type,
    through: digest.through,
    now: app.clock.now(),
  });

/**
 * Sends the digests of unread messages due at `now`: each is claimed first (an event on the recipient's digest
 * stream), and only the process whose claim was stored sends it, so two processes sweeping at once (or one
 * after a restart) send it once. A refused send is reported, and its messages are listed again at a later
 * sweep. Answers how many were sent.
 */
export const sendDueMessageDigests = async (app: FastifyInstance, now = app.clock.now()) => {
  let sent = 0;
  // Commands do not wait for the digests' marks: a sweep does, so it sees every claim stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["messages"]);
  for (const digest of await dueMessageDigests(app.db, now)) {
    const { result: claimed } = await claim(app, digest, "ClaimMessageDigest");
    if (claimed.length === 0) continue;
    try {
      await app.mailer.send(messageDigestMail(digest, app.config.baseUrl));
      sent++;
    } catch (error) {
      // Neither the address nor the messages are logged: the recipient's id says which digest it was.
      app.log.warn({ recipientId: digest.recipientId, error: String(error) }, "a message digest was not sent");
      await claim(app, digest, "ReportMessageDigestFailure");
    }
  }
  return sent;
};

/** Every process looks for due digests every `intervalMs` (`MESSAGE_DIGEST_INTERVAL_MS`). */
export const startMessageDigests = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("message-digests", () => sendDueMessageDigests(app)),
    onError: (error) => app.log.error({ err: error }, "message digest sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
