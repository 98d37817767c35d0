import type { FastifyInstance } from "fastify";

/** `GET /management/health`: database status and every projector's state and lag. */
export const healthRoutes = async (app: FastifyInstance) => {
  app.get("/management/health", async (_request, reply) => {
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
  });
};
