import { notFound } from "@el/domain";
import { lessonErrors } from "@el/domain/lessons/lesson";
import {
  ClaimLessonBody,
  LessonIdParams,
  LessonPageQuery,
  ScheduleLessonBody,
  StudentFeedbackBody,
  TeacherFeedbackBody,
  TeacherFinanceParams,
} from "@el/domain/lessons/lesson-requests";
import { ClaimedLessonView, FinanceMonthView, LessonPage, SchedulingView } from "@el/domain/lessons/scheduling-view";
import { lastWithoutFeedback, lessonsOf, pendingLessons, schedulingsOf } from "@el/projections/lessons/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import {
  acceptLessonCommand,
  callerOf,
  cancelLessonCommand,
  giveStudentFeedbackCommand,
  giveTeacherFeedbackCommand,
  scheduleLessonCommand,
} from "./lesson-commands";
import { schedulingFor, teacherFinanceFor, viewerOf } from "./lesson-queries";

/** Routes of the lesson loop (spec section 7, "Lessons and schedulings"); each maps to one command or query. */
export const lessonRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/schedulings",
    {
      // Decides on streams alone: it need not wait for the read models to show earlier writes.
      config: { roles: ["ROLE_STUDENT"], waitForWrites: false },
      schema: { body: ScheduleLessonBody, response: { 201: SchedulingView } },
    },
    async (request, reply) => {
      const { trail, level, date, objective } = request.body;
      const scheduling = await scheduleLessonCommand(
        app,
        callerOf(request),
        { trailId: trail.id, levelId: level?.id ?? null, date, objective },
        commandIdOf(request),
      );
      alert(reply, "lessons.alerts.scheduled", scheduling.id);
      return reply.code(201).send(scheduling);
    },
  );

  app.get(
    "/api/schedulings/authenticatedUser",
    { config: { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] }, schema: { response: { 200: z.array(SchedulingView) } } },
    async (request, reply) => {
      const schedulings = await schedulingsOf(app.db, viewerOf(request.currentUser));
      return reply.header("X-Total-Count", schedulings.length).send(schedulings);
    },
  );

  app.get(
    "/api/schedulings/authenticatedUser/lastWithoutFeedback",
    {
      config: { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] },
      schema: { response: { 200: SchedulingView.nullable() } },
    },
    async (request) => lastWithoutFeedback(app.db, viewerOf(request.currentUser), app.clock.now()),
  );

  app.get(
    "/api/schedulings/withoutLesson",
    { config: { roles: ["ROLE_TEACHER", "ROLE_ADMIN"] }, schema: { response: { 200: z.array(SchedulingView) } } },
    async (_request, reply) => {
      const pending = await pendingLessons(app.db);
      return reply.header("X-Total-Count", pending.length).send(pending);
    },
  );

  app.get(
    "/api/schedulings/withoutLesson/fromNow",
    { config: { roles: ["ROLE_TEACHER", "ROLE_ADMIN"] }, schema: { response: { 200: z.array(SchedulingView) } } },
    async (_request, reply) => {
      const pending = await pendingLessons(app.db, app.clock.now());
      return reply.header("X-Total-Count", pending.length).send(pending);
    },
  );

  app.get(
    "/api/schedulings/:id",
    { config: { roles: "authenticated" }, schema: { params: LessonIdParams, response: { 200: SchedulingView } } },
    async (request) => schedulingFor(app.db, request.currentUser, request.params.id),
  );

  app.delete(
    "/api/schedulings/:id",
    {
      config: { roles: ["ROLE_STUDENT", "ROLE_ADMIN"] },
      schema: { params: LessonIdParams, response: { 200: z.object({ id: z.number(), refunded: z.boolean() }) } },
    },
    async (request, reply) => {
      const { refunded } = await cancelLessonCommand(app, callerOf(request), request.params.id);
      alert(reply, refunded ? "lessons.alerts.cancelledRefunded" : "lessons.alerts.cancelled", request.params.id);
      return { id: request.params.id, refunded };
    },
  );

  app.get(
    "/api/lessons/authenticatedUser",
    {
      config: { roles: ["ROLE_STUDENT", "ROLE_TEACHER"] },
      schema: {
        querystring: LessonPageQuery,
        response: { 200: LessonPage },
      },
    },
    async (request) => lessonsOf(app.db, viewerOf(request.currentUser), { ...request.query, now: app.clock.now() }),
  );

  app.post(
    "/api/lessons",
    {
      // Decides on streams alone: it need not wait for the read models to show earlier writes.
      config: { roles: ["ROLE_TEACHER"], waitForWrites: false },
      schema: {
        body: ClaimLessonBody,
        response: { 201: ClaimedLessonView },
      },
    },
    async (request, reply) => {
      // The API names the lesson by its scheduling, the same number.
      const lessonId = request.body.schedulingId;
      const scheduling = await acceptLessonCommand(app, app.meetings, callerOf(request), lessonId);
      const lesson = scheduling.lesson;
      if (!lesson) throw notFound(lessonErrors.notFound);
      alert(reply, "lessons.alerts.accepted", lessonId);
      return reply.code(201).send({ id: lessonId, meetUrl: lesson.meetUrl, teacher: lesson.teacher, scheduling });
    },
  );

  app.get(
    "/api/lessons/teacher/:login",
    {
      config: { roles: ["ROLE_TEACHER", "ROLE_ADMIN"] },
      schema: { params: TeacherFinanceParams, response: { 200: z.array(FinanceMonthView) } },
    },
    async (request) => teacherFinanceFor(app.db, request.currentUser, request.params.login, app.clock.now()),
  );

  app.post(
    "/api/student-feedbacks",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { body: StudentFeedbackBody, response: { 201: z.object({ id: z.number(), lessonId: z.number() }) } },
    },
    async (request, reply) => {
      const { lessonId, note, information } = request.body;
      const id = await giveStudentFeedbackCommand(app, callerOf(request), {
        lessonId,
        note: note ?? null,
        information: information ?? "",
      });
      alert(reply, "englishLessonsApp.studentFeedback.created", id);
      return reply.code(201).send({ id, lessonId });
    },
  );

  app.post(
    "/api/teacher-feedbacks",
    {
      config: { roles: ["ROLE_TEACHER"] },
      schema: { body: TeacherFeedbackBody, response: { 201: z.object({ id: z.number(), lessonId: z.number() }) } },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await giveTeacherFeedbackCommand(app, callerOf(request), {
        lessonId: body.lessonId,
        skipped: body.skipped,
        status: body.status ?? null,
        note: body.note ?? null,
        information: body.information ?? "",
        sugestions: body.sugestions ?? "",
        productSugestions: body.productSugestions ?? "",
        studentInformation: body.studentInformation ?? "",
        partialyHeld: body.partialyHeld ?? null,
      });
      alert(reply, "englishLessonsApp.teacherFeedback.created", id);
      return reply.code(201).send({ id, lessonId: body.lessonId });
    },
  );
};
