import { EventEmitter } from "node:events";
import type { ProjectionRunner, Projector, Push } from "@el/projections";
import { createProjectionRunner, migrateProjections } from "@el/projections";
import fp from "fastify-plugin";
import { SNAPSHOT_SCHEMA } from "../commands/snapshots";
import { createIdBlocks } from "../database/id-blocks";
import {
  createEventStore,
  type EventDefinition,
  EventRegistry,
  type EventStore,
  migrateEventStore,
} from "../event-store";

declare module "fastify" {
  interface FastifyInstance {
    eventStore: EventStore;
    projections: ProjectionRunner;
    /** Emits "push" with the pushes of every committed projection batch (realtime listens). */
    pushes: EventEmitter<{ push: [Push[]] }>;
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
    // Instances starting together (docker-compose) would collide on `create … if not exists`: one at a time.
    await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtextextended('app_migrate', 0))");
      await migrateEventStore(tx);
      await tx.query(SNAPSHOT_SCHEMA);
      await tx.query("create sequence if not exists entity_ids start with 1000");
      await migrateProjections(tx, projectors);
    });
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
    app.decorate("nextId", createIdBlocks(db));

    app.addHook("onReady", async () => {
      projections.start();
    });
    app.addHook("onClose", async () => {
      await projections.stop();
      await eventStore.close();
    });
  },
  { name: "event-store", decorators: { fastify: ["db", "config"] } },
);
