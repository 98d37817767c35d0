import { BoardView } from "@el/domain/lessons/board-view";
import { BoardQuery } from "@el/domain/lessons/lesson-requests";
import { lessonBoard } from "@el/projections/lessons/lesson-board/lesson-board";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * The live lesson board (`/gerencia/quadro`): administrators only. The screen loads it here and then
 * follows `board:changed` pushes to `role:admin`.
 */
export const boardRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/board",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { querystring: BoardQuery, response: { 200: BoardView } } },
    async (request) => lessonBoard(app.db, { now: app.clock.now(), days: request.query.days }),
  );
};
