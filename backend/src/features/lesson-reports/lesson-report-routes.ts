import { notFound } from "@el/domain";
import { PositiveIdParams } from "@el/domain/lessons/lesson-requests";
import { lessonReportErrors } from "@el/domain/lessons/reports/lesson-report";
import { LessonReportBody, LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { lessonReportOf } from "@el/projections/lesson-reports/index";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { contextOf } from "../../http/route-helpers";
import { onLessonReport } from "./lesson-report-commands";

const TEACHER = { roles: ["ROLE_TEACHER"] as const };
const STUDENT = { roles: ["ROLE_STUDENT"] as const };
const PARTIES = { roles: ["ROLE_STUDENT", "ROLE_TEACHER", "ROLE_ADMIN"] as const };

/**
 * A lesson's report: its teacher writes it once the lesson has started (and again, as a new version), its
 * student reads it and marks the homework done, administrators read it. Anyone else is answered 404, as
 * for a lesson without a report, so the answer does not tell which lessons exist.
 */
export const lessonReportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const reportFor = async (request: FastifyRequest, lessonId: number) => {
    const found = await lessonReportOf(app.db, lessonId);
    const user = request.currentUser;
    const mayRead =
      found !== null &&
      (user.authorities.includes("ROLE_ADMIN") || found.studentId === user.id || found.teacherId === user.id);
    if (!found || !mayRead) throw notFound(lessonReportErrors.notFound);
    return found.report;
  };

  const answer = async (
    reply: FastifyReply,
    request: FastifyRequest,
    lessonId: number,
    committed: Parameters<typeof readBack>[0],
  ) => {
    const read = await readBack(committed, `/api/lessons/${lessonId}/report`, () => reportFor(request, lessonId));
    return read.projected ? reply.send(read.view) : sendPending(reply, read);
  };

  app.get(
    "/api/lessons/:id/report",
    { config: PARTIES, schema: { params: PositiveIdParams, response: { 200: LessonReportView } } },
    async (request) => reportFor(request, request.params.id),
  );

  app.put(
    "/api/lessons/:id/report",
    {
      config: TEACHER,
      schema: {
        params: PositiveIdParams,
        body: LessonReportBody,
        response: { 200: LessonReportView, 202: PendingAnswer },
      },
    },
    async (request, reply) => {
      const lessonId = request.params.id;
      const { covered, vocabulary, corrections, homework } = request.body;
      const committed = await onLessonReport(
        app,
        lessonId,
        (lesson) => ({
          type: "WriteLessonReport",
          lesson,
          teacherId: request.currentUser.id,
          report: { covered, vocabulary, corrections, homework },
          now: app.clock.now(),
        }),
        contextOf(request),
      );
      alert(reply, "lessonReports.saved");
      return answer(reply, request, lessonId, committed);
    },
  );

  app.post(
    "/api/lessons/:id/report/homework-done",
    { config: STUDENT, schema: { params: PositiveIdParams, response: { 200: LessonReportView, 202: PendingAnswer } } },
    async (request, reply) => {
      const lessonId = request.params.id;
      const committed = await onLessonReport(
        app,
        lessonId,
        (lesson) => ({ type: "MarkHomeworkDone", lesson, studentId: request.currentUser.id, now: app.clock.now() }),
        contextOf(request),
      );
      alert(reply, "lessonReports.homeworkMarked");
      return answer(reply, request, lessonId, committed);
    },
  );
};
