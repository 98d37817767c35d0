import { notFound } from "@el/domain";
import { LessonSeriesBody, LessonSeriesStatus, LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { seriesErrors } from "@el/domain/directory/lesson-series";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { lessonSeriesOf, type SeriesViewer } from "@el/projections/lesson-series/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import type { CurrentUser } from "../../plugins/auth";
import { callerOf, contextOf } from "../../shared/lesson-streams";
import {
  cancelSeriesCommand,
  createSeriesCommand,
  endSeriesCommand,
  readSeries,
  seriesViewOf,
} from "./series-commands";
import { sweepSeries } from "./series-sweep";

const SeriesQuery = z.object({ status: LessonSeriesStatus.optional() });
const SeriesAnswer = z.object({ id: z.number().int() });

/** An administrator sees every series, a teacher those with them, a student their own. */
const viewerOf = (user: CurrentUser): SeriesViewer =>
  user.authorities.includes("ROLE_ADMIN")
    ? { role: "admin" }
    : { role: user.authorities.includes("ROLE_TEACHER") ? "teacher" : "student", id: user.id };

/** Weekly series with a chosen teacher; each route maps to one command or one query. */
export const lessonSeriesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/lesson-series",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { body: LessonSeriesBody, response: { 201: LessonSeriesView } },
    },
    async (request, reply) => {
      const user = callerOf(request);
      const seriesId = await createSeriesCommand(app, user, request.body, commandIdOf(request));
      // The other occurrences already within reach are booked now, not at the next sweep. The series is stored
      // whatever happens to them: a failure is left to the sweep, and the answer is still the series.
      await sweepSeries(app, seriesId, contextOf(user)).catch((error) =>
        request.log.error({ err: error, seriesId }, "booking a new series' occurrences failed"),
      );
      const series = await readSeries(app, seriesId);
      if (series.status === "none") throw notFound(seriesErrors.notFound);
      alert(reply, "lessonSeries.alerts.created", seriesId);
      return reply.code(201).send(seriesViewOf(series));
    },
  );

  app.get(
    "/api/lesson-series",
    {
      config: { roles: ["ROLE_STUDENT", "ROLE_TEACHER", "ROLE_ADMIN"] },
      schema: { querystring: SeriesQuery, response: { 200: z.array(LessonSeriesView) } },
    },
    async (request, reply) => {
      const series = await lessonSeriesOf(app.db, viewerOf(request.currentUser), request.query);
      return reply.header("X-Total-Count", series.length).send(series);
    },
  );

  app.delete(
    "/api/lesson-series/:id",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { params: SafeIdParams, response: { 200: SeriesAnswer } },
    },
    async (request, reply) => {
      const id = await cancelSeriesCommand(app, callerOf(request), request.params.id);
      alert(reply, "lessonSeries.alerts.cancelled", id);
      return { id };
    },
  );

  app.post(
    "/api/lesson-series/:id/end",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: SafeIdParams, response: { 200: SeriesAnswer } },
    },
    async (request, reply) => {
      const id = await endSeriesCommand(app, callerOf(request), request.params.id);
      alert(reply, "lessonSeries.alerts.ended", id);
      return { id };
    },
  );
};
