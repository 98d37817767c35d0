import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import type { Database, ProjectionRunner, Push } from "@el/projections";
import { createProjectionRunner, migrateProjections } from "@el/projections";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { createEventStore, EventRegistry, type EventStore, migrateEventStore } from "./event-store";
import { features } from "./features";
import { registerErrorHandler } from "./http/error-handler";
import { healthRoutes } from "./http/health";
import { withRedactedRequests } from "./http/log-redaction";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    eventStore: EventStore;
    projections: ProjectionRunner;
    /** Emits "push" with the pushes of every committed projection batch (realtime listens). */
    pushes: EventEmitter<{ push: [Push[]] }>;
    /** Allocates the next numeric id for a new entity (user, lesson, scheduling…). */
    nextId: () => Promise<number>;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions["logger"];
}

/** Builds the whole backend on an open database: migrations, event store, projections, routes. */
export const buildApp = async ({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: withRedactedRequests(logger),
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
    // Logins (e-mails of up to 254 characters) travel in paths such as `/api/users/{login}`: the router's
    // default of 100 answered 414 before the route's schema could take or refuse them; this leaves room
    // for a 254-character login percent-encoded.
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const registry = new EventRegistry().register(...features.flatMap((feature) => feature.events));
  const projectors = features.flatMap((feature) => feature.projectors);
  // Instances starting together (docker-compose) would collide on `create … if not exists`: one at a time.
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtextextended('app_migrate', 0))");
    await migrateEventStore(tx);
    await tx.query("create sequence if not exists entity_ids start with 1000");
    await migrateProjections(tx, projectors);
  });
  const eventStore = await createEventStore(db, registry);
  const pushes = new EventEmitter<{ push: [Push[]] }>();
  const projections = createProjectionRunner({
    db,
    source: eventStore,
    projectors,
    onPush: (batch) => pushes.emit("push", batch),
    log: (message, details) => app.log.warn(details, message),
  });

  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("eventStore", eventStore);
  app.decorate("projections", projections);
  app.decorate("pushes", pushes);
  app.decorate("nextId", async () => {
    const { rows } = await db.query<{ id: string }>("select nextval('entity_ids') as id");
    return Number(rows[0]?.id);
  });
  registerErrorHandler(app);

  app.addHook("onReady", async () => {
    projections.start();
  });
  app.addHook("onClose", async () => {
    await projections.stop();
    await eventStore.close();
  });

  await app.register(healthRoutes);
  for (const feature of features) await app.register(feature.routes);

  const serveWeb = existsSync(config.webDist);
  if (serveWeb) await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isAppRoute =
      request.method === "GET" && !/^\/(api|management|socket\.io)(\/|$)/.test(path) && !/\.\w+$/.test(path);
    // Client-side routes (/student, /gerencia/…) all load the web app; unknown API paths stay 404.
    if (serveWeb && isAppRoute) return reply.sendFile("index.html");
    return reply.code(404).send({ status: 404, message: "error.url.not.found", path: request.url });
  });

  await app.ready();
  for (const feature of features) await feature.seed?.(app);
  return app;
};
