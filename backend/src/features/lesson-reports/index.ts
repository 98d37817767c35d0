import { lessonReportEventDefinitions } from "@el/domain/lessons/reports/lesson-report";
import { lessonReportsProjector, progressLessonsProjector } from "@el/projections/lesson-reports/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { lessonReportRoutes } from "./lesson-report-routes";
import { progressRoutes } from "./progress-routes";

/** What the teacher writes after a lesson (covered, vocabulary, corrections, homework) and the student's progress. */
export const lessonReportsFeature: Feature = {
  name: "lesson-reports",
  events: lessonReportEventDefinitions,
  projectors: [lessonReportsProjector, progressLessonsProjector],
  routes: async (app: FastifyInstance) => {
    await app.register(lessonReportRoutes);
    await app.register(progressRoutes);
  },
};
