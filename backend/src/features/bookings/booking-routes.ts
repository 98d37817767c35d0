import { BookingBody, RebookAnswer } from "@el/domain/directory/directory-contracts";
import { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { SafeIdParams } from "@el/domain/shared/page-query";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { commandIdOf } from "../../commands/idempotency-key";
import { alert } from "../../http/alert";
import { callerOf } from "../../shared/lesson-streams";
import { bookLessonCommand } from "./booking-commands";
import { rebookLessonCommand } from "./rebook-command";

/** Booking a chosen teacher in their free slots; each route maps to one command. */
export const bookingRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/teachers/:id/bookings",
    {
      // Decides on streams alone: it need not wait for the read models to show earlier writes.
      config: { roles: ["ROLE_STUDENT"], waitForWrites: false },
      schema: { params: SafeIdParams, body: BookingBody, response: { 201: SchedulingView } },
    },
    async (request, reply) => {
      const { start, trailId } = request.body;
      const lesson = await bookLessonCommand(
        app,
        callerOf(request),
        { teacherId: request.params.id, start, trailId },
        commandIdOf(request),
      );
      alert(reply, "lessons.alerts.scheduled", lesson.id);
      return reply.code(201).send(lesson);
    },
  );

  app.post(
    "/api/lessons/:id/rebook",
    {
      // Not free next week, it answers the teacher's free starts from their read model.
      config: { roles: ["ROLE_STUDENT"] },
      schema: { params: SafeIdParams, response: { 200: RebookAnswer, 201: RebookAnswer } },
    },
    async (request, reply) => {
      const answer = await rebookLessonCommand(app, callerOf(request), request.params.id, commandIdOf(request));
      if (!answer.booked) return reply.code(200).send(answer);
      alert(reply, "lessons.alerts.scheduled", answer.lesson.id);
      return reply.code(201).send(answer);
    },
  );
};
