import { notFound } from "@el/domain";
import { FavoriteParams, FavoriteTeachers } from "@el/domain/directory/directory-contracts";
import { type FavoriteCommand, favoriteStreams, favoritesDecider } from "@el/domain/directory/favorites";
import { favoriteTeachersOf, isListedTeacher } from "@el/projections/directory/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { executeCommand } from "../../commands/execute";
import { NoBody } from "../../http/responses";
import { contextOf } from "../../http/route-helpers";

const STUDENT = { roles: ["ROLE_STUDENT"] as const };

/** A student's favourite teachers: listed with their next free starts, added and removed idempotently. */
export const favoriteRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const change = (request: FastifyRequest, command: FavoriteCommand) =>
    executeCommand(
      app,
      { streams: favoriteStreams, key: request.currentUser.id },
      favoritesDecider,
      command,
      contextOf(request),
    );

  app.get(
    "/api/account/favorites",
    { config: STUDENT, schema: { response: { 200: FavoriteTeachers } } },
    async (request) => favoriteTeachersOf(app.db, request.currentUser.id, app.clock.now()),
  );

  app.put(
    "/api/account/favorites/:teacherId",
    { config: STUDENT, schema: { params: FavoriteParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { teacherId } = request.params;
      if (!(await isListedTeacher(app.db, teacherId))) throw notFound();
      await change(request, { type: "AddFavoriteTeacher", teacherId, now: app.clock.now() });
      return reply.code(204).send(null);
    },
  );

  // Removing is allowed for a teacher no longer listed, so a student can tidy a favourite that left.
  app.delete(
    "/api/account/favorites/:teacherId",
    { config: STUDENT, schema: { params: FavoriteParams, response: { 204: NoBody } } },
    async (request, reply) => {
      await change(request, {
        type: "RemoveFavoriteTeacher",
        teacherId: request.params.teacherId,
        now: app.clock.now(),
      });
      return reply.code(204).send(null);
    },
  );
};
