import { notFound } from "@el/domain";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { LessonHistoryFilters, LessonHistoryTotals, LessonHistoryView } from "@el/domain/lessons/lesson-history-view";
import { LessonHistoryQuery, PositiveIdParams } from "@el/domain/lessons/lesson-requests";
import { findLessonHistory, lessonHistoryTotals, pageLessonHistory } from "@el/projections/lessons/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { TOTAL_COUNT } from "../../http/paging";

const ADMIN = { roles: ["ROLE_ADMIN"] as const };

/**
 * The lesson history (spec section 7, Lesson histories: list with paging and `/{id}`, read-only), for
 * administrators: the lessons that took place, with the year, month, teacher and student filters of the
 * history screen and its totals panel (`/totalAmount`, as the payments' totals are read).
 */
export const lessonHistoryRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/lesson-histories",
    {
      config: ADMIN,
      schema: {
        querystring: LessonHistoryQuery,
        response: { 200: z.array(LessonHistoryView) },
      },
    },
    async (request, reply) => {
      const { page, size, sort, ...filters } = request.query;
      const found = await pageLessonHistory(
        app.db,
        filters,
        { page, size, sort: sort.map(({ field, direction }) => `${field},${direction}`) },
        app.clock.now(),
      );
      return reply.header(TOTAL_COUNT, String(found.total)).send(found.items);
    },
  );

  app.get(
    "/api/lesson-histories/totalAmount",
    { config: ADMIN, schema: { querystring: LessonHistoryFilters, response: { 200: LessonHistoryTotals } } },
    async (request) => lessonHistoryTotals(app.db, request.query, app.clock.now()),
  );

  app.get(
    "/api/lesson-histories/:id",
    {
      config: ADMIN,
      schema: { params: PositiveIdParams, response: { 200: LessonHistoryView } },
    },
    async (request) => {
      const lesson = await findLessonHistory(app.db, request.params.id, app.clock.now());
      if (!lesson) throw notFound(lessonErrors.notFound);
      return lesson;
    },
  );
};
