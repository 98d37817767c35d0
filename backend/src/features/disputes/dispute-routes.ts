import { disputeErrors } from "@el/domain/disputes/dispute";
import {
  AnswerDisputeBody,
  DisputeCreated,
  DisputeListQuery,
  DisputeView,
  FlaggedTeacherView,
  OpenDisputeBody,
  ResolveDisputeBody,
} from "@el/domain/disputes/dispute-contracts";
import { notFound } from "@el/domain/shared/errors";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { type DisputeViewer, disputeOf, disputesOf, flaggedTeachers } from "@el/projections/disputes/index";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CurrentUser } from "../../plugins/auth";
import { callerOf } from "../../shared/lesson-streams";
import { answerDisputeCommand, openDisputeCommand, resolveDisputeCommand } from "./dispute-commands";

/** Who reads: an administrator every dispute, a teacher or a student those of their own lessons. */
const viewerOf = (user: CurrentUser): DisputeViewer =>
  user.authorities.includes("ROLE_ADMIN")
    ? { role: "admin" }
    : { role: user.authorities.includes("ROLE_TEACHER") ? "teacher" : "student", id: user.id };

const PARTIES = ["ROLE_STUDENT", "ROLE_TEACHER"] as const;

const viewOf = async (app: FastifyInstance, user: CurrentUser, id: number) => {
  const view = await disputeOf(app.db, viewerOf(user), id);
  if (!view) throw notFound(disputeErrors.notFound);
  return view;
};

/** Lessons reported as not having happened; each route maps to one command or one query. */
export const disputeRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/lessons/:id/disputes",
    {
      config: { roles: [...PARTIES] },
      schema: { params: SafeIdParams, body: OpenDisputeBody, response: { 201: DisputeCreated } },
    },
    async (request, reply) => {
      const created = await openDisputeCommand(app, callerOf(request), {
        lessonId: request.params.id,
        ...request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/api/disputes",
    {
      config: { roles: [...PARTIES, "ROLE_ADMIN"] },
      schema: { querystring: DisputeListQuery, response: { 200: z.array(DisputeView) } },
    },
    async (request) => disputesOf(app.db, viewerOf(request.currentUser), request.query.status),
  );

  app.get(
    "/api/disputes/flagged-teachers",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { response: { 200: z.array(FlaggedTeacherView) } } },
    async () => flaggedTeachers(app.db, app.clock.now()),
  );

  app.get(
    "/api/disputes/:id",
    {
      config: { roles: [...PARTIES, "ROLE_ADMIN"] },
      schema: { params: SafeIdParams, response: { 200: DisputeView } },
    },
    async (request) => viewOf(app, request.currentUser, request.params.id),
  );

  app.post(
    "/api/disputes/:id/answer",
    {
      config: { roles: [...PARTIES] },
      schema: { params: SafeIdParams, body: AnswerDisputeBody, response: { 200: DisputeView } },
    },
    async (request) => {
      await answerDisputeCommand(app, callerOf(request), request.params.id, request.body.comment);
      return viewOf(app, request.currentUser, request.params.id);
    },
  );

  app.post(
    "/api/disputes/:id/resolve",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: SafeIdParams, body: ResolveDisputeBody, response: { 200: DisputeView } },
    },
    async (request) => {
      await resolveDisputeCommand(app, callerOf(request), request.params.id, request.body);
      return viewOf(app, request.currentUser, request.params.id);
    },
  );
};
