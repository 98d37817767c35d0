import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type Clock, systemClock } from "@el/domain/shared/clock";
import type { Database, Projector } from "@el/projections";
import fastifyJwt from "@fastify/jwt";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { ANONYMOUS, asSystem, withEventMetadata } from "./event-store";
import { features } from "./features";
import { apiDocsPlugin } from "./http/api-docs";
import { answerFrameworkError, registerErrorHandler } from "./http/error-handler";
import { healthRoutes } from "./http/health";
import { redactUrl, withRedactedRequests } from "./http/log-redaction";
import { securityHeadersPlugin } from "./http/security-headers";
import { refuseUnstorableText } from "./http/unstorable-text";
import { webAppPlugin } from "./http/web-app";
import type { CepClient } from "./integrations/cep/via-cep";
import type { PaymentGateway } from "./integrations/payments/payment-gateway";
import { authPlugin } from "./plugins/auth";
import { eventStorePlugin } from "./plugins/event-store";
import { loadSheddingPlugin } from "./plugins/load-shedding";
import { type Mailer, mailerPlugin } from "./plugins/mailer";
import { type MeetingProvider, meetingsPlugin } from "./plugins/meetings";
import { metricsPlugin } from "./plugins/metrics";
import { paymentsPlugin } from "./plugins/payments";
import { realtimePlugin } from "./plugins/realtime";
import { shutdownPlugin } from "./plugins/shutdown";
import { streamStatesPlugin } from "./plugins/stream-states";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Business time (expiries, notice rules, the dates e-mails and exports carry): moved by specs, never read from `Date`. */
    clock: Clock;
  }
}

/**
 * A request's id: the caller's `X-Request-Id` when it looks like one (a proxy or a client tracing a call
 * across services), else a new one. Anything else a caller sends there is not written to the logs.
 */
const requestIdOf = (request: IncomingMessage) => {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
};

/** Integrations to use instead of the ones the configuration chooses (tests record or fix what they do). */
export interface AppOverrides {
  mailer?: Mailer;
  meetings?: MeetingProvider;
  /** The payment gateway (a test fixes what it answers, or counts its calls). */
  payments?: PaymentGateway;
  cep?: CepClient;
  /** Takes the read models' projectors and answers those to run (a test slows one down). */
  projectors?: (projectors: Projector[]) => Projector[];
  /** How often instances tell each other they are there (socket.io's 5 s; a test sets an hour to see who announces). */
  clusterHeartbeatMs?: number;
  /** Business time (a spec moves it to see an expiry or a notice rule change its answer). */
  clock?: Clock;
}

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions["logger"];
  overrides?: AppOverrides;
  /** Sees every route as it is added, with its options (the test that each one declares its response). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the whole backend on an open database: external plugins first, then ours (event store and
 * projections, auth, mail, meetings, socket.io), then the product's routes.
 */
export const buildApp = async ({
  config,
  db,
  logger = false,
  overrides = {},
  onRoute,
}: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: withRedactedRequests(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    // Logins (e-mails of up to 254 characters) travel in paths such as `/api/users/{login}`: the router's
    // default of 100 answered 414 before the route's schema could take or refuse them; this leaves room
    // for a 254-character login percent-encoded.
    routerOptions: { maxParamLength: 1000 },
    // A path the router cannot decode, or a parameter past that length, answered in our error format.
    frameworkErrors: answerFrameworkError,
    // One line per request, written when it is answered (below), instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // While it stops, the shutdown plugin answers new requests: 503 with Retry-After, not fastify's bare 503.
    return503OnClosing: false,
  });
  // The id every log line of the request carries and the events it causes record as their correlation id.
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  // Every event a request causes records who sent it (once the guard knows) and the request's id.
  app.addHook("onRequest", (request, _reply, done) =>
    withEventMetadata(
      () => ({ userId: request.currentUser ? String(request.currentUser.id) : ANONYMOUS, correlationId: request.id }),
      done,
    ),
  );
  if (config.logRequests) {
    app.addHook("onResponse", async (request, reply) => {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log.info(
        { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms },
        "request",
      );
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook("onRoute", onRoute);
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("clock", overrides.clock ?? systemClock);
  registerErrorHandler(app);
  refuseUnstorableText(app);

  await app.register(securityHeadersPlugin);
  await app.register(shutdownPlugin);

  await app.register(loadSheddingPlugin, { maxInFlight: config.maxInFlight });
  await app.register(fastifyJwt, { secret: config.jwtSecret });
  await app.register(eventStorePlugin, {
    events: features.flatMap((feature) => feature.events),
    projectors: (overrides.projectors ?? ((projectors) => projectors))(
      features.flatMap((feature) => feature.projectors),
    ),
  });
  await app.register(streamStatesPlugin);
  await app.register(authPlugin);
  // Before the routes it documents: it collects each one as it is added.
  await app.register(apiDocsPlugin);
  await app.register(mailerPlugin, { mailer: overrides.mailer });
  await app.register(meetingsPlugin, { meetings: overrides.meetings });
  await app.register(paymentsPlugin, { payments: overrides.payments, cep: overrides.cep });
  await app.register(metricsPlugin, { scrapeToken: config.metricsToken });
  await app.register(realtimePlugin, { heartbeatMs: overrides.clusterHeartbeatMs });

  await app.register(healthRoutes);
  for (const feature of features) await app.register(feature.routes);

  await app.register(webAppPlugin, { root: config.webDist });

  await app.ready();
  for (const feature of features) await asSystem(`seed-${feature.name}`, async () => feature.seed?.(app));
  return app;
};
