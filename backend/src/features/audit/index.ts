import type { FastifyInstance } from "fastify";
import { createAuditLog } from "../../event-store";
import type { Feature } from "../feature";
import { auditRoutes } from "./audit-routes";
import { replayRoutes } from "./replay-routes";

/**
 * Auditors: the chainer that links every committed event into the tamper-evident log, and the
 * routes that read the history. The chainer runs in every process; one at a time chains (a lock), woken by
 * this process's appends and otherwise every quarter of a second. Replays to a moment (`app.replays`, kept by
 * the event-store plugin beside the projection runner) are started and followed here.
 */
export const auditFeature: Feature = {
  name: "audit",
  events: [],
  projectors: [],
  routes: async (app: FastifyInstance) => {
    const log = createAuditLog(app.db);
    const unsubscribe = app.eventStore.onAppended(() => log.wake());
    log.start();
    app.addHook("onClose", async () => {
      unsubscribe();
      await log.stop();
    });
    await app.register(auditRoutes, { log });
    await app.register(replayRoutes, { replays: app.replays });
  },
};
