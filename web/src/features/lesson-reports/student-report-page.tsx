import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { Empty } from "../../components/status/empty";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { formatDay } from "../../lib/lessons/lesson-time";
import { useLivePush } from "../../lib/socket";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { fetchLessonReport } from "./api/get-lesson-report";
import { markHomeworkDone } from "./api/mark-homework-done";
import { LessonLine } from "./lesson-heading";
import "./lesson-reports.css";

/** The student reads a lesson's report and marks its homework done; a report written meanwhile shows at once. */
export const StudentReportPage = () => {
  const { t } = useTranslation();
  const lessonId = Number(useParams().id);
  const report = useResource(() => fetchLessonReport(lessonId), `report-${lessonId}`);
  const [updated, setUpdated] = useState(false);
  const done = useMutation(() => markHomeworkDone(lessonId));
  useLivePush("lesson:report-written", (push) => {
    if (push.lessonId !== lessonId) return;
    setUpdated(true);
    report.reload();
  });
  const mark = async () => {
    if (await done.run(undefined)) report.reload();
  };
  return (
    <section className="lesson-report">
      <h1>{t("lessonReports.student.title")}</h1>
      {report.status === "loading" && <Loading />}
      {report.status === "failed" && <ErrorAlert error={report.error} />}
      {report.status === "ready" && report.data === null && <Empty>{t("lessonReports.student.none")}</Empty>}
      {report.status === "ready" && report.data && (
        <article className="lesson-report-view">
          <LessonLine report={report.data} />
          <p>{t("lessonReports.student.teacher", { name: report.data.teacherName })}</p>
          {updated && (
            <div className="alert alert-info" role="status">
              {t("lessonReports.student.updated")}
            </div>
          )}
          <h2>{t("lessonReports.fields.covered")}</h2>
          <p className="lesson-report-text">{report.data.covered}</p>
          {report.data.vocabulary.length > 0 && (
            <>
              <h2>{t("lessonReports.fields.vocabulary")}</h2>
              <ul className="lesson-report-words">
                {report.data.vocabulary.map((word) => (
                  <li key={word}>{word}</li>
                ))}
              </ul>
            </>
          )}
          {report.data.corrections !== "" && (
            <>
              <h2>{t("lessonReports.fields.corrections")}</h2>
              <p className="lesson-report-text">{report.data.corrections}</p>
            </>
          )}
          <h2>{t("lessonReports.fields.homework")}</h2>
          {report.data.homework === "" ? (
            <p className="lesson-report-muted">{t("lessonReports.student.noHomework")}</p>
          ) : (
            <>
              <p className="lesson-report-text">{report.data.homework}</p>
              {report.data.homeworkDoneAt ? (
                <div className="alert alert-success" role="status">
                  {t("lessonReports.student.homeworkDone", { date: formatDay(report.data.homeworkDoneAt) })}
                </div>
              ) : (
                <button type="button" className="btn btn-primary" onClick={mark} disabled={done.status === "running"}>
                  {t("lessonReports.student.markDone")}
                </button>
              )}
              {done.status === "error" && <ErrorAlert error={done.error} />}
            </>
          )}
        </article>
      )}
      <Link to="/student">{t("lessonReports.back")}</Link>
    </section>
  );
};
