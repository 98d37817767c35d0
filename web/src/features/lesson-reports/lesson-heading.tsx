import type { LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { useTranslation } from "react-i18next";
import { formatDay, formatTime } from "../../lib/lessons/lesson-time";

/** When the lesson was and on which trail, under the page's title. */
export const LessonLine = ({ report }: { report: Pick<LessonReportView, "date" | "trail"> }) => {
  const { t } = useTranslation();
  return (
    <p className="lesson-report-lesson">
      {t("lessonReports.lesson", {
        day: formatDay(report.date),
        time: formatTime(report.date),
        trail: `${report.trail.number} - ${report.trail.title}`,
      })}
    </p>
  );
};
