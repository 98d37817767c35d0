import { lessonSeriesEventDefinitions } from "@el/domain/directory/lesson-series";
import { lessonSeriesProjectors } from "@el/projections/lesson-series/index";
import type { Feature } from "../feature";
import { lessonSeriesRoutes } from "./series-routes";
import { startLessonSeriesSweep } from "./series-sweep";

/**
 * Weekly series with a chosen teacher ("toda terça às 19:00 com Ana, 8 semanas"): each occurrence an
 * ordinary lesson booked with that teacher as it comes within two weeks, paused for want of credits and
 * resumed once credited, cancelled by the student or ended by an administrator.
 */
export const lessonSeriesFeature: Feature = {
  name: "lesson-series",
  events: lessonSeriesEventDefinitions,
  projectors: lessonSeriesProjectors,
  routes: async (app) => {
    await app.register(lessonSeriesRoutes);
    startLessonSeriesSweep(app, app.config.lessonSeriesIntervalMs);
  },
};
