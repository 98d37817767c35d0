import type { LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { ApiError, api } from "../../../lib/api";

export const lessonReportPath = (lessonId: number) => `api/lessons/${lessonId}/report`;

/** The lesson's report; null while its teacher has not written one (or the lesson is not the user's). */
export const fetchLessonReport = async (lessonId: number): Promise<LessonReportView | null> => {
  try {
    return await api.get<LessonReportView>(lessonReportPath(lessonId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};
