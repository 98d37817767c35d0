import { notFound } from "@el/domain";
import {
  ReviewParams,
  ReviewVisibilityBody,
  TeacherDirectoryPage,
  TeacherDirectoryQuery,
  TeacherPublicProfile,
} from "@el/domain/directory/directory-contracts";
import { reviewModerationDecider, reviewModerationStreams } from "@el/domain/directory/review-moderation";
import { SafeIdParams } from "@el/domain/shared/page-query";
import {
  isFavoriteTeacher,
  isReviewOf,
  teacherDirectoryPage,
  teacherPublicProfileOf,
} from "@el/projections/directory/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { executeCommand } from "../../commands/execute";
import { NoBody } from "../../http/responses";
import { contextOf } from "../../http/route-helpers";

/** The signed-in caller of a public route, or null for anyone else (a missing, expired or revoked token). */
const callerOf = async (app: FastifyInstance, request: FastifyRequest) => {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  return token ? app.verifyToken(token) : null;
};

/**
 * The teacher directory: anyone, signed in or not, lists the active teachers and reads one's public profile;
 * administrators hide or show a student's comment on it.
 */
export const directoryRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/teachers",
    { schema: { querystring: TeacherDirectoryQuery, response: { 200: TeacherDirectoryPage } } },
    async (request) => teacherDirectoryPage(app.db, request.query, app.clock.now()),
  );

  app.get(
    "/api/teachers/:id",
    { schema: { params: SafeIdParams, response: { 200: TeacherPublicProfile } } },
    async (request) => {
      const caller = await callerOf(app, request);
      const administrator = caller?.authorities.includes("ROLE_ADMIN") ?? false;
      const profile = await teacherPublicProfileOf(app.db, request.params.id, { administrator }, app.clock.now());
      if (!profile) throw notFound();
      const favorite =
        caller?.authorities.includes("ROLE_STUDENT") === true &&
        (await isFavoriteTeacher(app.db, caller.id, request.params.id));
      return { ...profile, favorite };
    },
  );

  app.put(
    "/api/teachers/:id/reviews/:reviewId/visibility",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: ReviewParams, body: ReviewVisibilityBody, response: { 204: NoBody } },
    },
    async (request, reply) => {
      const { id, reviewId } = request.params;
      if (!(await isReviewOf(app.db, id, reviewId))) throw notFound();
      await executeCommand(
        app,
        { streams: reviewModerationStreams, key: reviewId },
        reviewModerationDecider,
        {
          type: "SetReviewVisibility",
          hidden: request.body.hidden,
          teacherId: id,
          by: request.currentUser.id,
          now: app.clock.now(),
        },
        contextOf(request),
      );
      return reply.code(204).send(null);
    },
  );
};
