import { LessonRequestBody, LessonRequestView } from "@el/domain/directory/directory-contracts";
import { viewerRoleOf } from "@el/domain/lessons/lesson-access";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { lessonRequestsOf } from "@el/projections/lesson-requests/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { callerOf } from "../../shared/lesson-streams";
import {
  acceptLessonRequestCommand,
  declineLessonRequestCommand,
  requestLessonCommand,
} from "./lesson-request-commands";

/** Requesting one teacher outside their free slots, and that teacher's answer; each route maps to one command or query. */
export const lessonRequestRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/teachers/:id/requests",
    {
      // Decides on streams alone: it need not wait for the read models to show earlier writes.
      config: { roles: ["ROLE_STUDENT"], waitForWrites: false },
      schema: { params: SafeIdParams, body: LessonRequestBody, response: { 201: LessonRequestView } },
    },
    async (request, reply) => {
      const { start, trailId, fallback } = request.body;
      const view = await requestLessonCommand(
        app,
        callerOf(request),
        { teacherId: request.params.id, start, trailId, fallback },
        commandIdOf(request),
      );
      alert(reply, "lessons.alerts.scheduled", view.id);
      return reply.code(201).send(view);
    },
  );

  app.get(
    "/api/lesson-requests",
    {
      config: { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] },
      schema: { response: { 200: z.array(LessonRequestView) } },
    },
    async (request) =>
      lessonRequestsOf(app.db, { role: viewerRoleOf(request.currentUser), id: request.currentUser.id }),
  );

  app.post(
    "/api/lesson-requests/:id/accept",
    {
      config: { roles: ["ROLE_TEACHER"], waitForWrites: false },
      schema: { params: SafeIdParams, response: { 200: LessonRequestView } },
    },
    async (request, reply) => {
      const view = await acceptLessonRequestCommand(app, callerOf(request), request.params.id);
      alert(reply, "lessons.alerts.accepted", view.id);
      return view;
    },
  );

  app.post(
    "/api/lesson-requests/:id/decline",
    {
      config: { roles: ["ROLE_TEACHER"], waitForWrites: false },
      schema: { params: SafeIdParams, response: { 200: LessonRequestView } },
    },
    async (request) => declineLessonRequestCommand(app, callerOf(request), request.params.id),
  );
};
