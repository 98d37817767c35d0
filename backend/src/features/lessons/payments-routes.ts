import { notFound } from "@el/domain";
import { lessonErrors } from "@el/domain/lessons/lesson";
import {
  LessonPaymentBody,
  MonthPaymentBody,
  PaymentCancelQuery,
  PaymentFilters,
  PaymentIdParams,
  PaymentListQuery,
  TeacherLoginParams,
  TeacherMonthQuery,
} from "@el/domain/lessons/lesson-requests";
import {
  MonthPaidView,
  PaymentSummary,
  PaymentsTotalView,
  PaymentView,
  TeacherLessonPaymentView,
} from "@el/domain/lessons/payment-view";
import type { Sql } from "@el/projections";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import {
  findPayment,
  pagePayments,
  paymentsTotal,
  paymentView,
  teacherLessonsToPay,
} from "@el/projections/lessons/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alert } from "../../http/alert";
import { TOTAL_COUNT } from "../../http/paging";
import { callerOf } from "./lesson-commands";
import { cancelLessonPaymentCommand, payLessonCommand, payTeacherMonthCommand } from "./payments-commands";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };

const PaymentAnswer = PaymentSummary.extend({ lesson: z.object({ id: z.number().int() }) });

/** The teacher a login names; anyone else (or no one) is not found. */
const teacherByLogin = async (sql: Sql, login: string) => {
  const user = await findUserByLogin(sql, login);
  if (user?.kind !== "teacher") throw notFound();
  return user;
};

/** Teacher payouts (spec section 7, Payments): administrators only, each route one command or query. */
export const paymentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/payments",
    {
      config: ADMIN,
      schema: {
        querystring: PaymentListQuery,
        response: { 200: z.array(PaymentView) },
      },
    },
    async (request, reply) => {
      const { payments, total } = await pagePayments(app.db, request.query);
      return reply.header(TOTAL_COUNT, String(total)).send(payments);
    },
  );

  app.get(
    "/api/payments/totalAmount",
    { config: ADMIN, schema: { querystring: PaymentFilters, response: { 200: PaymentsTotalView } } },
    async (request) => paymentsTotal(app.db, request.query),
  );

  app.get(
    "/api/payments/teacher/:login",
    {
      config: ADMIN,
      schema: {
        params: TeacherLoginParams,
        querystring: TeacherMonthQuery,
        response: { 200: z.array(TeacherLessonPaymentView) },
      },
    },
    async (request, reply) => {
      const teacher = await teacherByLogin(app.db, request.params.login);
      const lessons = await teacherLessonsToPay(app.db, teacher.id, request.query, app.clock.now());
      return reply.header(TOTAL_COUNT, String(lessons.length)).send(lessons);
    },
  );

  app.get(
    "/api/payments/:id",
    {
      config: ADMIN,
      schema: { params: PaymentIdParams, response: { 200: PaymentView } },
    },
    async (request) => {
      const payment = await paymentView(app.db, request.params.id);
      if (!payment) throw notFound(lessonErrors.paymentNotFound);
      return payment;
    },
  );

  app.post(
    "/api/payments",
    { config: ADMIN, schema: { body: LessonPaymentBody, response: { 200: PaymentAnswer, 201: PaymentAnswer } } },
    async (request, reply) => {
      const { lesson, teacher } = request.body;
      const teacherId = teacher ? (await teacherByLogin(app.db, teacher.login)).id : null;
      const { payment, created } = await payLessonCommand(app, callerOf(request), {
        lessonId: lesson.id,
        teacherId,
      });
      alert(reply, "englishLessonsApp.payment.created", payment.id);
      return reply.code(created ? 201 : 200).send({ ...payment, lesson: { id: lesson.id } });
    },
  );

  app.post(
    "/api/payments/month",
    { config: ADMIN, schema: { body: MonthPaymentBody, response: { 200: MonthPaidView } } },
    async (request, reply) => {
      const { teacher, year, month } = request.body;
      const { id: teacherId } = await teacherByLogin(app.db, teacher.login);
      const paid = await payTeacherMonthCommand(app, callerOf(request), { teacherId, year, month });
      alert(reply, "englishLessonsApp.payment.monthPaid", paid.paid);
      return paid;
    },
  );

  app.delete(
    "/api/payments/:id",
    {
      config: ADMIN,
      schema: {
        params: PaymentIdParams,
        /** The spec's form names the teacher too: the payment must be one of theirs. */
        querystring: PaymentCancelQuery,
        response: { 200: z.object({ id: z.number().int(), lesson: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request, reply) => {
      const paymentId = request.params.id;
      const payment = await findPayment(app.db, paymentId);
      if (!payment) throw notFound(lessonErrors.paymentNotFound);
      const { login } = request.query;
      if (login !== undefined && (await teacherByLogin(app.db, login)).id !== payment.teacherId)
        throw notFound(lessonErrors.paymentNotFound);
      await cancelLessonPaymentCommand(app, callerOf(request), { lessonId: payment.lessonId, paymentId });
      alert(reply, "englishLessonsApp.payment.deleted", paymentId);
      return { id: paymentId, lesson: { id: payment.lessonId } };
    },
  );
};
