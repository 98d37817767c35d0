import type { LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { api } from "../../../lib/api";
import { lessonReportPath } from "./get-lesson-report";

/** The student says the report's homework is done. */
export const markHomeworkDone = (lessonId: number) =>
  api.post<LessonReportView>(`${lessonReportPath(lessonId)}/homework-done`, undefined, { successAlert: false });
