import { timingSafeEqual } from "node:crypto";
import { DomainError, forbidden } from "@el/domain";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { WrongExpectedVersion } from "../event-store";
import { fileBytes } from "../http/responses";
import type { PaymentGateway } from "../integrations/payments/payment-gateway";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's Prometheus registry: what `GET /metrics` answers. */
    metrics: Registry;
  }
}

export interface MetricsPluginOptions {
  /** A scrape token (`METRICS_TOKEN`): Prometheus sends it as a bearer token instead of an administrator's. */
  scrapeToken?: string;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const GATEWAY_OPERATIONS = [
  "chargeCard",
  "startDebit",
  "finishDebit",
  "createPix",
  "createBoleto",
  "boletoPdf",
  "paymentStatus",
  "findCharge",
  "cancelCharge",
] as const satisfies readonly (keyof PaymentGateway)[];

/** Seconds since the first event after `position` (in the store's order) was stored. */
const oldestWaitingOf =
  (app: { db: { query: <Row>(text: string, params?: unknown[]) => Promise<{ rows: Row[] }> } }) =>
  async (position: { transactionId: string; globalPosition: string }) => {
    const { rows } = await app.db.query<{ seconds: string | null }>(
      `select extract(epoch from now() - recorded_at) as seconds from es_events
       where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
       order by transaction_id, global_position limit 1`,
      [position.transactionId, position.globalPosition],
    );
    return Math.max(0, Number(rows[0]?.seconds ?? 0));
  };

/**
 * What operators watch, in Prometheus's format at `GET /metrics` (administrators' tokens, or the scrape
 * token): HTTP latency per route, the event store's appends and lost races, each projector's lag, pushes
 * sent, payment gateway calls, and Node's own figures. Each app has its own registry, so two in one process
 * (the tests) do not mix their counts.
 *
 * The event store and the gateway are measured from outside, by wrapping the methods the product calls,
 * so neither carries metrics code of its own.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorate("metrics", registry);

    const httpDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern and status",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const appendDuration = new Histogram({
      name: "eventstore_append_duration_seconds",
      help: "Time of an append to the event store (one or several streams in one statement)",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    });
    const appendConflicts = new Counter({
      name: "eventstore_append_conflicts_total",
      help: "Appends refused because another writer got to a stream first (the command decides again)",
      registers: [registry],
    });
    const appendMany = app.eventStore.appendMany.bind(app.eventStore);
    app.eventStore.appendMany = (async (...args: Parameters<typeof appendMany>) => {
      const stop = appendDuration.startTimer();
      try {
        return await appendMany(...args);
      } catch (error) {
        if (error instanceof WrongExpectedVersion) appendConflicts.inc();
        throw error;
      } finally {
        stop();
      }
    }) as typeof app.eventStore.appendMany;

    const waitingSince = oldestWaitingOf(app);
    const lagSeconds = new Gauge({
      name: "projection_lag_seconds",
      help: "How long ago the oldest event a projector has still to apply was stored (0 when it is caught up)",
      labelNames: ["projector"],
      registers: [registry],
    });
    new Gauge({
      name: "projection_lag_events",
      help: "Events stored that a projector has still to apply",
      labelNames: ["projector", "state"],
      registers: [registry],
      async collect() {
        this.reset();
        lagSeconds.reset();
        // Projectors behind stand at a few positions: each is asked once.
        const waited = new Map<string, Promise<number>>();
        for (const projector of await app.projections.status()) {
          this.set({ projector: projector.name, state: projector.state }, projector.lag);
          if (projector.lag === 0) {
            lagSeconds.set({ projector: projector.name }, 0);
            continue;
          }
          const key = `${projector.position.transactionId}:${projector.position.globalPosition}`;
          const seconds = waited.get(key) ?? waitingSince(projector.position);
          waited.set(key, seconds);
          lagSeconds.set({ projector: projector.name }, await seconds);
        }
      },
    });

    const pushes = new Counter({
      name: "realtime_pushes_total",
      help: "Messages handed to the socket.io gateway after their projection committed, by name",
      labelNames: ["event"],
      registers: [registry],
    });
    const pushLatency = new Histogram({
      name: "realtime_push_latency_seconds",
      help: "From the storing of the event that caused a push to its hand-over to the socket.io gateway, by name",
      labelNames: ["event"],
      buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.pushes.on("push", (batch) => {
      const now = Date.now();
      for (const push of batch) {
        pushes.inc({ event: push.event });
        if (push.recordedAt !== undefined) {
          pushLatency.observe({ event: push.event }, Math.max(0, now - push.recordedAt) / 1000);
        }
      }
    });

    const gatewayCalls = new Histogram({
      name: "payment_gateway_call_duration_seconds",
      help: "Calls to the payment gateway, by operation and outcome (ok or error)",
      labelNames: ["gateway", "operation", "outcome"],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const gateway = app.payments;
    for (const operation of GATEWAY_OPERATIONS) {
      const call = gateway[operation].bind(gateway) as (...args: unknown[]) => Promise<unknown>;
      const timed = async (...args: unknown[]) => {
        const stop = gatewayCalls.startTimer({ gateway: gateway.name, operation });
        try {
          const result = await call(...args);
          stop({ outcome: "ok" });
          return result;
        } catch (error) {
          stop({ outcome: "error" });
          throw error;
        }
      };
      Object.assign(gateway, { [operation]: timed });
    }

    // Prometheus scrapes with the configured token; an administrator can look with their own.
    // It checks the token itself (the scrape token is no user's): the document says so, with its refusals.
    const metricsSchema = {
      security: [{ bearer: [] }],
      response: { 200: fileBytes("text/plain"), 401: ErrorAnswer, 403: ErrorAnswer },
    };
    app.get("/metrics", { schema: metricsSchema }, async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      const scrape = options.scrapeToken !== undefined && token !== "" && sameSecret(token, options.scrapeToken);
      if (!scrape) {
        const user = token ? await app.verifyToken(token) : null;
        if (!user) throw new DomainError("unauthorized", "error.http.401");
        if (!user.authorities.includes("ROLE_ADMIN")) throw forbidden();
      }
      return reply.header("Content-Type", registry.contentType).send(Buffer.from(await registry.metrics()));
    });
  },
  { name: "metrics", dependencies: ["auth", "payments"] },
);
