import { lessonEventDefinitions } from "@el/domain/lessons/lesson";
import { studentSlotEventDefinitions } from "@el/domain/lessons/student-slot";
import { teacherSlotEventDefinitions } from "@el/domain/lessons/teacher-slot";
import {
  lessonControlCountsProjector,
  lessonFeedbacksProjector,
  lessonSchedulingsProjector,
} from "@el/projections/lessons/index";
import { withBoardPushes } from "@el/projections/lessons/lesson-board/lesson-board";
import type { Feature } from "../feature";
import { boardRoutes } from "./board-routes";
import { feedbacksRoutes } from "./feedbacks-routes";
import { lessonControlRoutes } from "./lesson-control-routes";
import { lessonDetailRoutes } from "./lesson-detail-routes";
import { lessonHistoryRoutes } from "./lesson-history-routes";
import { lessonRoutes } from "./lesson-routes";
import { paymentsRoutes } from "./payments-routes";

/**
 * The lesson loop: scheduling with a credit, claiming by a teacher with a video link, cancelling, feedback,
 * and paying the teacher for it.
 */
export const lessonsFeature: Feature = {
  name: "lessons",
  events: [...lessonEventDefinitions, ...teacherSlotEventDefinitions, ...studentSlotEventDefinitions],
  // The schedulings' read model also moves the lesson's card on every administrator's live board.
  projectors: [withBoardPushes(lessonSchedulingsProjector), lessonFeedbacksProjector, lessonControlCountsProjector],
  routes: async (app) => {
    await app.register(lessonRoutes);
    await app.register(lessonControlRoutes);
    await app.register(lessonDetailRoutes);
    await app.register(paymentsRoutes);
    await app.register(boardRoutes);
    await app.register(feedbacksRoutes);
    await app.register(lessonHistoryRoutes);
  },
};
