import { notFound } from "@el/domain";
import { ApplicationRejectionBody, teacherAccountDecider, teacherStreams } from "@el/domain/accounts/index";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { findUserById, pendingTeacherApplications } from "@el/projections/accounts/users/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CommandContext, executeCommand } from "../../commands/execute";
import { NoBody } from "../../http/responses";
import { applicationApprovedMail, applicationRejectedMail } from "./application-mails";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };
const TeacherApplicationView = z.object({
  id: z.number().int(),
  login: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  experience: z.string().nullable(),
  appliedAt: z.string(),
});

const contextOf = (request: FastifyRequest): CommandContext => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
});

/**
 * The review queue of teacher applications: administrators see who applied and with what experience, and
 * approve (the teacher may sign in from then on) or turn an application down with a reason. The applicant
 * is told by e-mail either way, once the decision is stored.
 */
export const applicationRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The applicant's account, which must be a teacher's. */
  const applicant = async (id: number) => {
    const user = await findUserById(app.db, id);
    if (user?.kind !== "teacher") throw notFound();
    return user;
  };

  app.get(
    "/api/teacher-applications",
    { config: ADMIN, schema: { response: { 200: z.array(TeacherApplicationView) } } },
    async () => pendingTeacherApplications(app.db),
  );

  app.post(
    "/api/teacher-applications/:id/approve",
    { config: ADMIN, schema: { params: SafeIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const user = await applicant(request.params.id);
      const { result } = await executeCommand(
        app,
        { streams: teacherStreams, key: user.id },
        teacherAccountDecider,
        { type: "SetActivated", activated: true, by: request.currentUser.login },
        contextOf(request),
      );
      if (result.some((event) => event.type === "TeacherAccepted"))
        await app.mailer.send(applicationApprovedMail(user, app.config.baseUrl));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/teacher-applications/:id/reject",
    { config: ADMIN, schema: { params: SafeIdParams, body: ApplicationRejectionBody, response: { 204: NoBody } } },
    async (request, reply) => {
      const user = await applicant(request.params.id);
      const { result } = await executeCommand(
        app,
        { streams: teacherStreams, key: user.id },
        teacherAccountDecider,
        { type: "RejectApplication", by: request.currentUser.login, reason: request.body.reason, now: app.clock.now() },
        contextOf(request),
      );
      const rejected = result.find((event) => event.type === "TeacherRejected");
      if (rejected?.type === "TeacherRejected")
        await app.mailer.send(applicationRejectedMail(user, rejected.data.reason));
      return reply.code(204).send(null);
    },
  );
};
