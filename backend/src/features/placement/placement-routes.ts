import { PlacementAnswerBody, PlacementLatestView, PlacementTestView } from "@el/domain/placement/index";
import { SafeIdParams } from "@el/domain/shared/page-query";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CommandContext } from "../../commands/execute";
import { commandIdOf } from "../../commands/idempotency-key";
import { answerPlacementQuestion, latestPlacement, startPlacementTest } from "./placement-commands";

const contextOf = (request: FastifyRequest): CommandContext => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
  commandId: commandIdOf(request),
});

/**
 * The student's level test: start or resume it, answer its questions one at a time, read the
 * last result. Students only; each student sees and answers only their own tests.
 */
export const placementRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/placement-tests",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { response: { 200: PlacementTestView, 201: PlacementTestView } },
    },
    async (request, reply) => {
      const { started, view } = await startPlacementTest(app, request.currentUser.id, contextOf(request));
      return reply.code(started ? 201 : 200).send(view);
    },
  );

  app.post(
    "/api/placement-tests/:id/answers",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: {
        params: SafeIdParams,
        body: PlacementAnswerBody,
        response: { 200: PlacementTestView },
      },
    },
    async (request) =>
      answerPlacementQuestion(app, request.currentUser.id, request.params.id, request.body, contextOf(request)),
  );

  app.get(
    "/api/placement-tests/latest",
    { config: { roles: ["ROLE_STUDENT"] }, schema: { response: { 200: PlacementLatestView } } },
    async (request) => latestPlacement(app, request.currentUser.id),
  );
};
