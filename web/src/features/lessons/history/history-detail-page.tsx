import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getLessonHistoryEntry } from "../api/lesson-history-api";
import { brazilianDate } from "./year-options";

/** /gerencia/historico/{id}: one lesson that took place, read-only (spec section 2: list and /{id} only). */
export const HistoryDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const lesson = useResource(() => getLessonHistoryEntry(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminSections.history.detail")} [<b>{id}</b>]
      </h2>
      {lesson.status === "loading" && <Loading />}
      {lesson.status === "failed" && <ErrorAlert error={lesson.error} />}
      {lesson.status === "ready" && (
        <dl className="details">
          <dt>{t("adminSections.history.teacher")}</dt>
          <dd>{lesson.data.teacherName}</dd>
          <dt>{t("adminSections.history.student")}</dt>
          <dd>{lesson.data.studentName}</dd>
          <dt>{t("adminSections.history.level")}</dt>
          <dd>{lesson.data.level.name}</dd>
          <dt>{t("adminSections.history.objective")}</dt>
          <dd>{t(`adminSections.objective.${lesson.data.objective}`, { defaultValue: lesson.data.objective })}</dd>
          <dt>{t("adminSections.history.classTitle")}</dt>
          <dd>{lesson.data.classTitle}</dd>
          <dt>{t("adminSections.history.date")}</dt>
          <dd>{brazilianDate(lesson.data.date)}</dd>
          <dt>{t("adminSections.history.hour")}</dt>
          <dd>{lesson.data.hour}</dd>
          <dt>{t("adminSections.history.teacherValue")}</dt>
          <dd>{formatReais(lesson.data.teacherValue)}</dd>
          <dt>{t("adminSections.history.totalValue")}</dt>
          <dd>{formatReais(lesson.data.totalValue)}</dd>
          <dt>{t("adminSections.history.payment")}</dt>
          <dd>{t(lesson.data.payment ? "adminSections.paid" : "adminSections.pending")}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/historico${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {lesson.status === "ready" && <HistoryLink of={{ lesson: lesson.data.id }} className="btn btn-outline" />}
      </div>
    </section>
  );
};
