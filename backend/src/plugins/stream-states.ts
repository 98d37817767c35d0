import fp from "fastify-plugin";
import { createSnapshots } from "../commands/snapshots";
import { createStreamChanges, type StreamChanges } from "../commands/stream-changes";
import { createStreamStates, type StreamStates } from "../commands/stream-states";

declare module "fastify" {
  interface FastifyInstance {
    /** Folded states of the streams commands read, brought up to date by reading only newer events. */
    streamStates: StreamStates;
    /** Every event stored from now on, by this process or another: what in-memory values drop themselves on. */
    streamChanges: StreamChanges;
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
    app.addHook("onClose", () => changes.close());
  },
  { name: "stream-states", dependencies: ["event-store"] },
);
