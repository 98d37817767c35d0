import type { Readable } from "node:stream";
import { invalid, notFound } from "@el/domain";
import { LESSON_CONTROL_PROJECTION } from "@el/domain/audit/replays";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { LessonControlPage, LessonControlTotals, LessonControlView } from "@el/domain/lessons/lesson-control-view";
import {
  ChangeLessonBody,
  LessonControlListQuery,
  LessonControlTotalsQuery,
  LessonExportQuery,
  LessonIdParams,
  NewLessonBody,
} from "@el/domain/lessons/lesson-requests";
import { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { findLessonControl, lessonControlTotals, pageLessonControl } from "@el/projections/lessons/index";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { READ_MODEL_READERS, readModelOf } from "../../http/read-model";
import { fileBytes } from "../../http/responses";
import { callerOf, cancelLessonCommand } from "./lesson-commands";
import {
  changeLessonCommand,
  scheduleLessonForStudentCommand,
  unassignTeacherCommand,
} from "./lesson-control-commands";
import { type ExportFormat, exportContentType, exportFileName, lessonExport } from "./lesson-export";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };
/** The list and totals: auditors too, but only of a replay (checked in the handler, `readModelOf`). */
const ADMIN_OR_AUDITOR = READ_MODEL_READERS;

const FileStream = fileBytes(exportContentType.csv, exportContentType.xlsx);

const download = (reply: FastifyReply, name: string, format: ExportFormat, body: Readable) =>
  reply
    .header("Content-Type", exportContentType[format])
    .header("Content-Disposition", `attachment; filename="${name}"`)
    .header("Cache-Control", "no-store")
    .send(body);

/** Lesson control (`/gerencia/aula`, spec section 7 "Lessons and schedulings"): administrators only. */
export const lessonControlRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/lessons",
    { config: ADMIN_OR_AUDITOR, schema: { querystring: LessonControlListQuery, response: { 200: LessonControlPage } } },
    async (request) => {
      const { replay, ...query } = request.query;
      return readModelOf(app, request, replay, LESSON_CONTROL_PROJECTION)((sql) => pageLessonControl(sql, query));
    },
  );

  app.get(
    "/api/lessons/totals",
    {
      config: ADMIN_OR_AUDITOR,
      schema: { querystring: LessonControlTotalsQuery, response: { 200: LessonControlTotals } },
    },
    async (request) => {
      const { replay, ...filters } = request.query;
      return readModelOf(app, request, replay, LESSON_CONTROL_PROJECTION)((sql) => lessonControlTotals(sql, filters));
    },
  );

  app.get(
    "/api/lessons/export",
    { config: ADMIN, schema: { querystring: LessonExportQuery, response: { 200: FileStream } } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      return download(
        reply,
        exportFileName("controle-de-aulas", format, app.clock.now()),
        format,
        lessonExport(app.db, filters, format),
      );
    },
  );

  app.get(
    "/api/feedbacks/download",
    { config: ADMIN, schema: { response: { 200: FileStream } } },
    async (_request, reply) =>
      download(reply, exportFileName("feedbacks", "csv", app.clock.now()), "csv", lessonExport(app.db, {}, "csv")),
  );

  app.get(
    "/api/lessons/:id",
    {
      config: ADMIN,
      schema: { params: LessonIdParams, response: { 200: LessonControlView.extend({ cancelled: z.boolean() }) } },
    },
    async (request) => {
      const lesson = await findLessonControl(app.db, request.params.id);
      if (!lesson) throw notFound(lessonErrors.notFound);
      return lesson;
    },
  );

  app.post(
    "/api/lessons/admin",
    { config: ADMIN, schema: { body: NewLessonBody, response: { 201: SchedulingView } } },
    async (request, reply) => {
      const { student, trail, level, date, teacher } = request.body;
      const scheduling = await scheduleLessonForStudentCommand(
        app,
        app.meetings,
        callerOf(request),
        { studentId: student.id, trailId: trail.id, levelId: level?.id ?? null, date, teacherId: teacher?.id ?? null },
        commandIdOf(request),
      );
      alert(reply, "englishLessonsApp.lesson.created", scheduling.id);
      return reply.code(201).send(scheduling);
    },
  );

  app.put(
    "/api/lessons/:id",
    { config: ADMIN, schema: { params: LessonIdParams, body: ChangeLessonBody, response: { 200: SchedulingView } } },
    async (request, reply) => {
      const { date, teacher } = request.body;
      if (date === undefined && !teacher) throw invalid(lessonErrors.required, "date");
      const scheduling = await changeLessonCommand(app, app.meetings, callerOf(request), request.params.id, {
        date: date ?? null,
        teacherId: teacher?.id ?? null,
      });
      alert(reply, "englishLessonsApp.lesson.updated", request.params.id);
      return scheduling;
    },
  );

  app.delete(
    "/api/lessons/:id/teacher",
    { config: ADMIN, schema: { params: LessonIdParams, response: { 200: SchedulingView } } },
    async (request, reply) => {
      const scheduling = await unassignTeacherCommand(app, callerOf(request), request.params.id);
      alert(reply, "englishLessonsApp.lesson.teacherUnassigned", request.params.id);
      return scheduling;
    },
  );

  app.delete(
    "/api/lessons/:id",
    {
      config: ADMIN,
      schema: { params: LessonIdParams, response: { 200: z.object({ id: z.number(), refunded: z.boolean() }) } },
    },
    async (request, reply) => {
      const { refunded } = await cancelLessonCommand(app, callerOf(request), request.params.id);
      alert(reply, "englishLessonsApp.lesson.deleted", request.params.id);
      return { id: request.params.id, refunded };
    },
  );
};
