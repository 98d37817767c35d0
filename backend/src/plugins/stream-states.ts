import fp from "fastify-plugin";
import { createPendingWrites, type PendingWrites } from "../commands/pending-writes";
import { createSnapshots } from "../commands/snapshots";
import { createStreamChanges, type StreamChanges } from "../commands/stream-changes";
import { createStreamStates, type StreamStates } from "../commands/stream-states";

declare module "fastify" {
  interface FastifyInstance {
    /** Folded states of the streams commands read, brought up to date by reading only newer events. */
    streamStates: StreamStates;
    /** Every event stored from now on, by this process or another: what in-memory values drop themselves on. */
    streamChanges: StreamChanges;
    /** Writes answered before the read models showed them, which the next reads wait for. */
    pendingWrites: PendingWrites;
  }
  interface FastifyContextConfig {
    /**
     * False: the request does not wait until the read models show the writes answered before it
     * (`pendingWrites`). For commands that decide on streams alone; every other `/api` route waits.
     */
    waitForWrites?: boolean;
  }
}

/** What commands and the auth guard keep in memory between requests, on the event store. */
export const streamStatesPlugin = fp(
  async (app) => {
    const changes = createStreamChanges(app.eventStore);
    app.decorate(
      "streamStates",
      createStreamStates(app.eventStore, {
        changes,
        snapshots: createSnapshots(app.db),
        onSnapshotError: (error) => app.log.warn({ error: String(error) }, "a stream's snapshot could not be stored"),
      }),
    );
    app.decorate("streamChanges", changes);
    const pending = createPendingWrites(app.projections, { lagLimitMs: app.config.projectionLagLimitMs });
    app.decorate("pendingWrites", pending);
    // Another process's writes may have been answered without waiting, too: reads here wait for them.
    changes.subscribe((change) => {
      if (change.position) pending.heard(change.position, [change.type]);
    });
    app.addHook("preHandler", async (request) => {
      if (!pending.pending || request.routeOptions.config.waitForWrites === false) return;
      if (request.routeOptions.url?.startsWith("/api/")) await pending.shown();
    });
    app.addHook("onClose", () => changes.close());
  },
  { name: "stream-states", dependencies: ["event-store"] },
);
