import type { LessonReportView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { formatDay } from "../../lib/lessons/lesson-time";
import { useLivePush } from "../../lib/socket";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { fetchLessonReport } from "./api/get-lesson-report";
import { saveLessonReport } from "./api/put-lesson-report";
import { LessonLine } from "./lesson-heading";
import { VocabularyEditor } from "./vocabulary-editor";
import "./lesson-reports.css";

type Draft = Pick<LessonReportView, "covered" | "vocabulary" | "corrections" | "homework">;
const EMPTY: Draft = { covered: "", vocabulary: [], corrections: "", homework: "" };

const ReportForm = ({
  lessonId,
  report,
  onSaved,
}: {
  lessonId: number;
  report: LessonReportView | null;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(report ?? EMPTY);
  const [blank, setBlank] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const save = useMutation((body: Draft) => saveLessonReport(lessonId, body));
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLTextAreaElement>) => {
    setDraft({ ...draft, [field]: event.target.value });
    setSaved(null);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBlank(draft.covered.trim() === "");
    if (draft.covered.trim() === "") return;
    const result = await save.run(draft);
    if (!result) return;
    setSaved(result.version);
    onSaved();
  };
  return (
    <form className="lesson-report-form" onSubmit={submit} noValidate>
      <div className="form-field">
        <label htmlFor="report-covered">{t("lessonReports.fields.covered")}</label>
        <textarea
          id="report-covered"
          rows={4}
          value={draft.covered}
          onChange={set("covered")}
          required
          aria-invalid={blank || undefined}
          aria-describedby={blank ? "report-covered-error" : undefined}
        />
        {blank && (
          <span id="report-covered-error" className="field-error" role="alert">
            {t("lessonReports.error.coveredRequired")}
          </span>
        )}
      </div>
      <VocabularyEditor
        words={draft.vocabulary}
        onChange={(vocabulary) => {
          setDraft({ ...draft, vocabulary });
          setSaved(null);
        }}
      />
      <div className="form-field">
        <label htmlFor="report-corrections">{t("lessonReports.fields.corrections")}</label>
        <textarea id="report-corrections" rows={3} value={draft.corrections} onChange={set("corrections")} />
      </div>
      <div className="form-field">
        <label htmlFor="report-homework">{t("lessonReports.fields.homework")}</label>
        <textarea id="report-homework" rows={3} value={draft.homework} onChange={set("homework")} />
      </div>
      {save.status === "error" && <ErrorAlert error={save.error} />}
      {saved !== null && (
        <div className="alert alert-success" role="status">
          {t("lessonReports.teacher.saved", { version: saved })}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.status === "running"}>
        {save.status === "running" ? t("lessonReports.teacher.saving") : t("lessonReports.teacher.save")}
      </button>
    </form>
  );
};

/** "Escrever relatório": the teacher writes (or edits) a lesson's report and sees when the homework is done. */
export const TeacherReportPage = () => {
  const { t } = useTranslation();
  const lessonId = Number(useParams().id);
  const report = useResource(() => fetchLessonReport(lessonId), `report-${lessonId}`);
  useLivePush("lesson:homework-done", (push) => {
    if (push.lessonId === lessonId) report.reload();
  });
  const shown = report.status === "ready" ? report.data : null;
  return (
    <section className="lesson-report">
      <h1>{t("lessonReports.teacher.title")}</h1>
      {shown && <LessonLine report={shown} />}
      <p>{t("lessonReports.teacher.intro")}</p>
      {report.status === "loading" && <Loading />}
      {report.status === "failed" && <ErrorAlert error={report.error} />}
      {report.status === "ready" && (
        <>
          {shown &&
            (shown.homeworkDoneAt ? (
              <div className="alert alert-success" role="status">
                {t("lessonReports.teacher.homeworkDone", { date: formatDay(shown.homeworkDoneAt) })}
              </div>
            ) : (
              shown.homework !== "" && (
                <p className="lesson-report-muted">{t("lessonReports.teacher.homeworkPending")}</p>
              )
            ))}
          <ReportForm lessonId={lessonId} report={report.data} onSaved={report.reload} />
        </>
      )}
      <Link to="/teacher">{t("lessonReports.back")}</Link>
    </section>
  );
};
