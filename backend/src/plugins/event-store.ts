import { EventEmitter } from "node:events";
import { AUDITORS_ROOM } from "@el/domain/realtime";
import type { ProjectionRunner, Projector, Push } from "@el/projections";
import { createProjectionRunner } from "@el/projections";
import fp from "fastify-plugin";
import { createIdBlocks } from "../database/id-blocks";
import { createEventStore, type EventDefinition, EventRegistry, type EventStore } from "../event-store";
import { migrateDatabase } from "../migrations";
import { createReplays, type Replays } from "../projection-runner/replays";
import { type PeriodicSweep, startPeriodicSweep } from "../shared/periodic-sweep";

declare module "fastify" {
  interface FastifyInstance {
    eventStore: EventStore;
    projections: ProjectionRunner;
    /** Emits "push" with the pushes of every committed projection batch (realtime listens). */
    pushes: EventEmitter<{ push: [Push[]] }>;
    /** Read models rebuilt as of an instant for auditors, kept apart from the live ones. */
    replays: Replays;
    /** Allocates the next numeric id for a new entity (user, lesson, scheduling…). */
    nextId: () => Promise<number>;
  }
}

export interface EventStorePluginOptions {
  /** Every event type the product stores, with its schema and upcasters. */
  events: EventDefinition[];
  /** Every read model the product keeps. */
  projectors: Projector[];
}

/**
 * The event store on `app.db`, the projection runner that keeps the read models, the pushes they emit
 * after each commit, and the id sequence. Projections start once the app is ready and stop when it closes.
 */
export const eventStorePlugin = fp<EventStorePluginOptions>(
  async (app, { events, projectors }) => {
    const { db } = app;
    // Every table of the product, instances starting together (docker-compose) taking turns (migrations/).
    await migrateDatabase(db, projectors);
    const eventStore = await createEventStore(db, new EventRegistry().register(...events));
    const pushes = new EventEmitter<{ push: [Push[]] }>();
    const projections = createProjectionRunner({
      db,
      source: eventStore,
      projectors,
      onPush: (batch) => pushes.emit("push", batch),
      log: (message, details) => app.log.warn(details, message),
      waitTimeoutMs: app.config.projectionWaitMs,
    });

    app.decorate("eventStore", eventStore);
    app.decorate("projections", projections);
    app.decorate("pushes", pushes);
    const replays = createReplays({
      db,
      source: eventStore,
      projectors,
      ttlMs: app.config.auditReplayTtlMs,
      onChange: (replay) => pushes.emit("push", [{ room: AUDITORS_ROOM, event: "replay:progress", payload: replay }]),
      log: (message, details) => app.log.warn(details, message),
    });
    app.decorate("replays", replays);
    app.decorate("nextId", createIdBlocks(db));

    // Expired replays are dropped within a minute (sooner when they are kept less than that).
    const sweepEveryMs = Math.min(60_000, Math.max(1000, app.config.auditReplayTtlMs));
    let sweeper: PeriodicSweep | undefined;
    app.addHook("onReady", async () => {
      projections.start();
      sweeper = startPeriodicSweep({
        intervalMs: sweepEveryMs,
        sweep: () => replays.sweep(),
        onError: (error) => app.log.warn({ err: error }, "dropping expired replays failed"),
      });
    });
    app.addHook("onClose", async () => {
      await sweeper?.stop();
      await replays.close();
      await projections.stop();
      await eventStore.close();
    });
  },
  { name: "event-store", decorators: { fastify: ["db", "config"] } },
);
