import { invalid, notFound } from "@el/domain";
import { StudentFeedbackView, TeacherFeedbackView } from "@el/domain/lessons/feedback-view";
import { type LessonCommand, lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import {
  FeedbackListQuery,
  PositiveIdParams,
  StudentFeedbackRevision,
  TeacherFeedbackRevision,
} from "@el/domain/lessons/lesson-requests";
import type { Sql } from "@el/projections";
import {
  findStudentFeedback,
  findTeacherFeedback,
  pageStudentFeedbacks,
  pageTeacherFeedbacks,
} from "@el/projections/lessons/index";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeOnStates } from "../../commands/execute";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { foldOf } from "../../commands/stream-states";
import { alert } from "../../http/alert";
import { TOTAL_COUNT } from "../../http/paging";
import { NoBody } from "../../http/responses";
import { type Caller, callerOf } from "./lesson-commands";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };
const lessonState = foldOf(lessonStreams, lessonDecider);

/** One administrator's command on the lesson a feedback was given on; the decider checks it is still there. */
const onLesson = (app: FastifyInstance, caller: Caller, lessonId: number, command: (now: Date) => LessonCommand) =>
  executeOnStates(
    app,
    { lesson: lessonState(lessonId) },
    ({ lesson }) => ({
      appends: [
        { streamId: lessonStreams.id(lessonId), events: lessonDecider.decide(command(app.clock.now()), lesson) },
      ],
      result: null,
    }),
    { userId: String(caller.id), correlationId: caller.requestId },
  );

const studentRevision = (
  feedbackId: number,
  body: z.infer<typeof StudentFeedbackRevision>,
  by: string,
  now: Date,
): LessonCommand => ({
  type: "ReviseStudentFeedback",
  feedbackId,
  note: body.note ?? null,
  information: body.information ?? "",
  by,
  now,
});

const teacherRevision = (
  feedbackId: number,
  body: z.infer<typeof TeacherFeedbackRevision>,
  by: string,
  now: Date,
): LessonCommand => ({
  type: "ReviseTeacherFeedback",
  feedbackId,
  status: body.status ?? null,
  note: body.note ?? null,
  information: body.information ?? "",
  sugestions: body.sugestions ?? "",
  productSugestions: body.productSugestions ?? "",
  studentInformation: body.studentInformation ?? "",
  partialyHeld: body.partialyHeld ?? null,
  by,
  now,
});

const sortOf = (query: z.output<typeof FeedbackListQuery>) => ({
  page: query.page,
  size: query.size,
  sort: query.sort.map(({ field, direction }) => `${field},${direction}`),
});

/** The id a PUT names: the path's, or the body's (JHipster's `PUT api/student-feedbacks`); both must agree. */
const idToRevise = (pathId: number | undefined, bodyId: number | null | undefined) => {
  if (pathId === undefined) {
    if (!bodyId) throw invalid("error.idnull", "id");
    return bodyId;
  }
  if (bodyId && bodyId !== pathId) throw invalid("error.idinvalid", "id");
  return pathId;
};

/**
 * The back office's student and teacher feedback (spec section 7: list, `_search`, one, PUT, DELETE),
 * administrators only. Students and teachers give theirs with the POSTs of the lesson routes; a
 * correction or a deletion is an event on the lesson the feedback belongs to.
 */
export const feedbacksRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const existing = async <View>(find: (sql: Sql, id: number) => Promise<View | null>, id: number) => {
    const feedback = await find(app.db, id);
    if (!feedback) throw notFound(lessonErrors.feedbackNotFound);
    return feedback;
  };

  /** Decides on the feedback's lesson, then reads the feedback back as its list now shows it. */
  const revise = async <View extends { lessonId: number }>(
    path: string,
    find: (sql: Sql, id: number) => Promise<View | null>,
    id: number,
    request: Parameters<typeof callerOf>[0],
    command: (by: string, now: Date) => LessonCommand,
  ) => {
    const { lessonId } = await existing(find, id);
    const caller = callerOf(request);
    const committed = await onLesson(app, caller, lessonId, (now) => command(caller.login, now));
    return readBack(committed, `/api/${path}/${id}`, () => existing(find, id));
  };

  const remove = async (
    of: "student" | "teacher",
    find: (sql: Sql, id: number) => Promise<{ lessonId: number } | null>,
    id: number,
    request: Parameters<typeof callerOf>[0],
  ) => {
    const { lessonId } = await existing(find, id);
    const caller = callerOf(request);
    await onLesson(app, caller, lessonId, (now) => ({
      type: "DeleteFeedback",
      of,
      feedbackId: id,
      by: caller.login,
      now,
    }));
  };

  const answer = <View>(view: z.ZodType<View>) => ({ 200: view, 202: PendingAnswer });

  for (const url of ["/api/student-feedbacks", "/api/_search/student-feedbacks"])
    app.get(
      url,
      { config: ADMIN, schema: { querystring: FeedbackListQuery, response: { 200: z.array(StudentFeedbackView) } } },
      async (request, reply) => {
        const page = await pageStudentFeedbacks(app.db, request.query.query, sortOf(request.query));
        return reply.header(TOTAL_COUNT, String(page.total)).send(page.items);
      },
    );

  for (const url of ["/api/teacher-feedbacks", "/api/_search/teacher-feedbacks"])
    app.get(
      url,
      { config: ADMIN, schema: { querystring: FeedbackListQuery, response: { 200: z.array(TeacherFeedbackView) } } },
      async (request, reply) => {
        const page = await pageTeacherFeedbacks(app.db, request.query.query, sortOf(request.query));
        return reply.header(TOTAL_COUNT, String(page.total)).send(page.items);
      },
    );

  app.get(
    "/api/student-feedbacks/:id",
    { config: ADMIN, schema: { params: PositiveIdParams, response: { 200: StudentFeedbackView } } },
    async (request) => existing(findStudentFeedback, request.params.id),
  );

  app.get(
    "/api/teacher-feedbacks/:id",
    { config: ADMIN, schema: { params: PositiveIdParams, response: { 200: TeacherFeedbackView } } },
    async (request) => existing(findTeacherFeedback, request.params.id),
  );

  for (const url of ["/api/student-feedbacks", "/api/student-feedbacks/:id"])
    app.put(
      url,
      {
        config: ADMIN,
        schema: {
          params: PositiveIdParams.partial(),
          body: StudentFeedbackRevision,
          response: answer(StudentFeedbackView),
        },
      },
      async (request, reply) => {
        const id = idToRevise(request.params.id, request.body.id);
        const revised = await revise("student-feedbacks", findStudentFeedback, id, request, (by, now) =>
          studentRevision(id, request.body, by, now),
        );
        alert(reply, "englishLessonsApp.studentFeedback.updated", id);
        return revised.projected ? reply.send(revised.view) : sendPending(reply, revised);
      },
    );

  for (const url of ["/api/teacher-feedbacks", "/api/teacher-feedbacks/:id"])
    app.put(
      url,
      {
        config: ADMIN,
        schema: {
          params: PositiveIdParams.partial(),
          body: TeacherFeedbackRevision,
          response: answer(TeacherFeedbackView),
        },
      },
      async (request, reply) => {
        const id = idToRevise(request.params.id, request.body.id);
        const revised = await revise("teacher-feedbacks", findTeacherFeedback, id, request, (by, now) =>
          teacherRevision(id, request.body, by, now),
        );
        alert(reply, "englishLessonsApp.teacherFeedback.updated", id);
        return revised.projected ? reply.send(revised.view) : sendPending(reply, revised);
      },
    );

  app.delete(
    "/api/student-feedbacks/:id",
    { config: ADMIN, schema: { params: PositiveIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      await remove("student", findStudentFeedback, request.params.id, request);
      return alert(reply.code(204), "englishLessonsApp.studentFeedback.deleted", request.params.id).send();
    },
  );

  app.delete(
    "/api/teacher-feedbacks/:id",
    { config: ADMIN, schema: { params: PositiveIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      await remove("teacher", findTeacherFeedback, request.params.id, request);
      return alert(reply.code(204), "englishLessonsApp.teacherFeedback.deleted", request.params.id).send();
    },
  );
};
