import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const Position = z.object({ transactionId: z.string(), globalPosition: z.string() });

/** JHipster's health shape: UP, DEGRADED while a projector is stalled, DOWN (503) without the database. */
const HealthResponse = z.object({
  status: z.enum(["UP", "DEGRADED", "DOWN"]),
  components: z.object({
    db: z.object({ status: z.enum(["UP", "DOWN"]), driver: z.string(), error: z.string().optional() }),
    projections: z.object({
      status: z.enum(["UP", "DEGRADED"]),
      details: z.array(
        z.object({
          name: z.string(),
          state: z.enum(["starting", "standby", "running", "stalled", "stopped"]),
          position: Position,
          lag: z.number(),
          error: z.string().optional(),
          failedAt: Position.optional(),
        }),
      ),
    }),
  }),
});

/** `GET /management/health`: database status and every projector's state and lag. */
export const healthRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/management/health",
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      let database: { status: "UP" | "DOWN"; driver: string; error?: string };
      try {
        await app.db.query("select 1");
        database = { status: "UP", driver: app.db.kind };
      } catch (error) {
        database = { status: "DOWN", driver: app.db.kind, error: String(error) };
      }
      const projections = database.status === "UP" ? await app.projections.status() : [];
      const stalled = projections.filter((projection) => projection.state === "stalled");
      const status = database.status === "DOWN" ? "DOWN" : stalled.length > 0 ? "DEGRADED" : "UP";
      return reply.code(database.status === "UP" ? 200 : 503).send({
        status,
        components: { db: database, projections: { status: stalled.length ? "DEGRADED" : "UP", details: projections } },
      });
    },
  );
};
