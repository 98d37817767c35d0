import { HealthDetails, HealthStatus } from "@el/domain/shared/health-views";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adapterConnections } from "../plugins/realtime";

const HealthResponse = z.union([HealthDetails, HealthStatus]);

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
};

/**
 * The orchestrator's probes and the operators' view. `/management/health` answers UP or DOWN (503) to anyone
 * (load balancers, the browser-test harness) and the database's error and every projector's state, position
 * and lag only to an administrator's token: they tell an attacker what fails and how busy we are.
 * `/liveness` is the process answering at all (restart it when not); `/readiness` is the database answering and
 * the process not stopping (send it no traffic when not); a stalled projector is neither, the process still
 * serves everything else.
 */
export const healthRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  const databaseStatus = async (): Promise<{ status: "UP" | "DOWN"; driver: string; error?: string }> => {
    try {
      await app.db.query("select 1");
      return { status: "UP", driver: app.db.kind };
    } catch (error) {
      return { status: "DOWN", driver: app.db.kind, error: String(error) };
    }
  };

  // Who holds a token is read from the store: with the database down, the caller gets what anyone gets.
  const isAdministrator = async (request: FastifyRequest) => {
    const token = bearerOf(request);
    const user = token ? await app.verifyToken(token).catch(() => null) : null;
    return user?.authorities.includes("ROLE_ADMIN") ?? false;
  };

  app.get(
    "/management/health",
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (request, reply) => {
      const database = await databaseStatus();
      reply.code(database.status === "UP" ? 200 : 503);
      if (!(await isAdministrator(request))) return { status: database.status };
      const projections = database.status === "UP" ? await app.projections.status() : [];
      const stalled = projections.filter((projection) => projection.state === "stalled");
      const connections = [...(app.db.connections?.() ?? []), ...(adapterConnections.get(app.server)?.() ?? [])];
      const details: HealthDetails = {
        status: database.status === "DOWN" ? "DOWN" : stalled.length > 0 ? "DEGRADED" : "UP",
        components: {
          db: { ...database, ...(connections.length > 0 ? { connections } : {}) },
          projections: { status: stalled.length ? "DEGRADED" : "UP", details: projections },
        },
      };
      return details;
    },
  );

  app.get("/management/health/liveness", { schema: { response: { 200: HealthStatus } } }, async () => ({
    status: "UP" as const,
  }));

  app.get(
    "/management/health/readiness",
    { schema: { response: { 200: HealthStatus, 503: HealthStatus } } },
    async (_request, reply) => {
      // A process that began to stop is not ready, whatever the database says: the proxy moves away first.
      if (!app.isReady()) return reply.code(503).send({ status: "DOWN" as const });
      const { status } = await databaseStatus();
      return reply.code(status === "UP" ? 200 : 503).send({ status });
    },
  );
};
