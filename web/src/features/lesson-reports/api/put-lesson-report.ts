import type { LessonReportBody, LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { api } from "../../../lib/api";
import { lessonReportPath } from "./get-lesson-report";

/** The teacher writes the whole report (again: a new version). */
export const saveLessonReport = (lessonId: number, body: LessonReportBody) =>
  api.put<LessonReportView>(lessonReportPath(lessonId), body, { successAlert: false });
