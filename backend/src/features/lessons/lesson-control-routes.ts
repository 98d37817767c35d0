import { Readable } from "node:stream";
import { invalid, notFound } from "@el/domain";
import { LESSON_CONTROL_PROJECTION } from "@el/domain/audit/replays";
import { lessonErrors } from "@el/domain/lessons/lesson";
import {
  LessonControlFilters,
  LessonControlPage,
  LessonControlTotals,
  LessonControlView,
} from "@el/domain/lessons/lesson-control-view";
import { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { findLessonControl, lessonControlTotals, pageLessonControl } from "@el/projections/lessons/index";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { FromReplay, READ_MODEL_READERS, readModelOf } from "../../http/read-model";
import { callerOf, cancelLessonCommand } from "./lesson-commands";
import {
  changeLessonCommand,
  scheduleLessonForStudentCommand,
  unassignTeacherCommand,
} from "./lesson-control-commands";
import { type ExportFormat, exportContentType, exportFileName, lessonExport } from "./lesson-export";
import { IdParams } from "./lesson-schemas";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };
/** The list and totals: auditors too, but only of a replay (checked in the handler, `readModelOf`). */
const ADMIN_OR_AUDITOR = READ_MODEL_READERS;

const required = { error: lessonErrors.required };

const hasId = (value: unknown) => {
  if (typeof value !== "object" || value === null || !("id" in value)) return false;
  const { id } = value;
  return id !== null && id !== undefined && String(id).trim() !== "";
};

/** `{ id }` chosen in a select; left blank (absent, null, `{}`, "") it is reported on the field with the required text. */
const Chosen = z.preprocess(
  (value) => (hasId(value) ? value : undefined),
  z.object({ id: z.coerce.number().int().positive() }, required),
);
/** A teacher is optional: left blank, the lesson waits for one (or keeps the one it has). */
const OptionalChoice = z.preprocess(
  (value) => (hasId(value) ? value : null),
  z.object({ id: z.coerce.number().int().positive() }).nullable(),
);
const Instant = z.iso.datetime({ offset: true, ...required });

/** "Criar aula": the form's Aluno, Nível da aula, Trilha, Dia and Hora (merged into `date`), Professor. */
const NewLessonBody = z.object({
  student: Chosen,
  trail: Chosen,
  level: OptionalChoice.optional(),
  date: Instant,
  teacher: OptionalChoice.optional(),
});

/** Move (`date`) and/or give to a teacher (`teacher`); a blank teacher leaves the lesson's as it is. */
const ChangeLessonBody = z.object({ date: Instant.optional(), teacher: OptionalChoice.optional() });

const ListQuery = LessonControlFilters.extend({
  ...FromReplay,
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(/^(scheduling\.date|date)(,(asc|desc))?$/, "error.sort")
    .optional(),
});

const ExportQuery = LessonControlFilters.extend({ format: z.enum(["csv", "xlsx"]).default("csv") });

const FileStream = z.instanceof(Readable).describe("the file, streamed");

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
    { config: ADMIN_OR_AUDITOR, schema: { querystring: ListQuery, response: { 200: LessonControlPage } } },
    async (request) => {
      const { replay, ...query } = request.query;
      return readModelOf(app, request, replay, LESSON_CONTROL_PROJECTION)((sql) => pageLessonControl(sql, query));
    },
  );

  app.get(
    "/api/lessons/totals",
    {
      config: ADMIN_OR_AUDITOR,
      schema: { querystring: LessonControlFilters.extend(FromReplay), response: { 200: LessonControlTotals } },
    },
    async (request) => {
      const { replay, ...filters } = request.query;
      return readModelOf(app, request, replay, LESSON_CONTROL_PROJECTION)((sql) => lessonControlTotals(sql, filters));
    },
  );

  app.get(
    "/api/lessons/export",
    { config: ADMIN, schema: { querystring: ExportQuery, response: { 200: FileStream } } },
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
      schema: { params: IdParams, response: { 200: LessonControlView.extend({ cancelled: z.boolean() }) } },
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
    { config: ADMIN, schema: { params: IdParams, body: ChangeLessonBody, response: { 200: SchedulingView } } },
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
    { config: ADMIN, schema: { params: IdParams, response: { 200: SchedulingView } } },
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
      schema: { params: IdParams, response: { 200: z.object({ id: z.number(), refunded: z.boolean() }) } },
    },
    async (request, reply) => {
      const { refunded } = await cancelLessonCommand(app, callerOf(request), request.params.id);
      alert(reply, "englishLessonsApp.lesson.deleted", request.params.id);
      return { id: request.params.id, refunded };
    },
  );
};
