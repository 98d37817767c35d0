import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { type FeedbackKind, getStudentFeedback, getTeacherFeedback } from "../api/feedbacks-api";
import { type AnyFeedback, authorText, feedbackPath, kindText, lessonText, noteText } from "./feedback-texts";

/** /gerencia/feedback-aluno/{id} and /gerencia/feedback-professor/{id}: one feedback, read-only, with edit. */
export const FeedbackDetailPage = ({ kind }: { kind: FeedbackKind }) => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const feedback = useResource<AnyFeedback>(
    () => (kind === "student" ? getStudentFeedback(Number(id)) : getTeacherFeedback(Number(id))),
    `${kind}|${id}`,
  );
  const list = `/gerencia/${feedbackPath(kind)}`;
  return (
    <section className="card">
      <h2>
        {kindText(t, kind, "detail")} [<b>{id}</b>]
      </h2>
      {feedback.status === "loading" && <Loading />}
      {feedback.status === "failed" && <ErrorAlert error={feedback.error} />}
      {feedback.status === "ready" && (
        <dl className="details">
          <dt>{t("adminSections.feedback.lesson")}</dt>
          <dd>{lessonText(feedback.data)}</dd>
          <dt>{t(kind === "student" ? "adminSections.feedback.student" : "adminSections.feedback.teacher")}</dt>
          <dd>{authorText(kind, feedback.data)}</dd>
          {"status" in feedback.data && (
            <>
              <dt>{t("adminSections.feedback.status")}</dt>
              <dd>
                {feedback.data.skipped
                  ? t("adminSections.feedback.skipped")
                  : t(`adminSections.feedback.statuses.${feedback.data.status}`)}
              </dd>
            </>
          )}
          <dt>{t("adminSections.feedback.note")}</dt>
          <dd>{noteText(t, feedback.data.note)}</dd>
          <dt>{t("adminSections.feedback.information")}</dt>
          <dd>{feedback.data.information}</dd>
          {"status" in feedback.data && (
            <>
              {feedback.data.partialyHeld && (
                <>
                  <dt>{t("adminSections.feedback.partialyHeld")}</dt>
                  <dd>{feedback.data.partialyHeld}</dd>
                </>
              )}
              <dt>{t("adminSections.feedback.sugestions")}</dt>
              <dd>{feedback.data.sugestions}</dd>
              <dt>{t("adminSections.feedback.productSugestions")}</dt>
              <dd>{feedback.data.productSugestions}</dd>
              <dt>{t("adminSections.feedback.studentInformation")}</dt>
              <dd>{feedback.data.studentInformation}</dd>
            </>
          )}
        </dl>
      )}
      <div className="actions">
        <Link to={`${list}${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {feedback.status === "ready" && (
          <Link to={`${list}/${id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
