import { notFound } from "@el/domain";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import { LessonDetailView, lessonRecordOf } from "@el/domain/lessons/lesson-detail-view";
import { PositiveIdParams } from "@el/domain/lessons/lesson-requests";
import { findUserById } from "@el/projections/accounts/users/index";
import { findLessonControl } from "@el/projections/lessons/index";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * `/gerencia/aula/{id}`'s data, for administrators: the lesson control's row, its history and feedbacks folded
 * from the lesson's own stream, and its people's logins (the links to their records; null once erased).
 */
export const lessonDetailRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/lessons/:id/detail",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: PositiveIdParams, response: { 200: LessonDetailView } },
    },
    async (request) => {
      const { id } = request.params;
      const [lesson, recorded] = await Promise.all([
        findLessonControl(app.db, id),
        app.eventStore.readStream(lessonStreams.id(id)),
      ]);
      if (!lesson || recorded.length === 0) throw notFound(lessonErrors.notFound);
      const [student, teacher] = await Promise.all([
        findUserById(app.db, lesson.student.id),
        lesson.teacher ? findUserById(app.db, lesson.teacher.id) : undefined,
      ]);
      return {
        lesson,
        studentLogin: student?.login ?? null,
        teacherLogin: teacher?.login ?? null,
        ...lessonRecordOf(lessonStreams.events(recorded)),
      };
    },
  );
};
