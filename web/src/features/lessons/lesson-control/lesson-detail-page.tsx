import type {
  LessonDetailView,
  LessonStudentFeedback,
  LessonTeacherFeedback,
} from "@el/domain/lessons/lesson-detail-view";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { ApiError } from "../../../lib/api";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getLessonDetail, nameOf } from "../api/lesson-control-api";
import "./lesson-detail.css";

const K = "adminLessons.detail";

/**
 * /gerencia/aula/{id}: one lesson for the back office: who and when (with links to the student's and the
 * teacher's records), each step of its history, the teacher's payout, both feedbacks, and its event history.
 */
export const LessonDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const valid = /^\d{1,15}$/.test(id) && Number(id) > 0;
  const detail = useResource(
    () => (valid ? getLessonDetail(Number(id)) : Promise.reject(new ApiError(404, "error.lesson.notFound", []))),
    id,
  );
  const notFound = detail.status === "failed" && detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <section className="card lesson-detail">
      <h2>
        {t(`${K}.title`)} [<b>{id}</b>]
      </h2>
      {detail.status === "loading" && <Loading />}
      {notFound && (
        <p className="alert alert-warning" role="alert">
          {t(`${K}.notFound`)}
        </p>
      )}
      {detail.status === "failed" && !notFound && <ErrorAlert error={detail.error} />}
      {detail.status === "ready" && <LessonDetail detail={detail.data} />}
      <div className="actions">
        <Link to={`/gerencia/aula${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {detail.status === "ready" && (
          <>
            <Link to={`/gerencia/aula/${id}/edit${search}`} className="btn btn-outline">
              {t("gerencia.actions.edit")}
            </Link>
            <HistoryLink of={{ lesson: detail.data.lesson.id }} className="btn btn-outline" />
          </>
        )}
      </div>
    </section>
  );
};

const LessonDetail = ({ detail }: { detail: LessonDetailView }) => {
  const { t } = useTranslation();
  const { lesson, studentLogin, teacherLogin } = detail;
  return (
    <>
      <h3>{t(`${K}.who`)}</h3>
      <dl className="details">
        <dt>{t(`${K}.student`)}</dt>
        <dd>
          {studentLogin ? (
            <Link to={`/gerencia/aluno/${encodeURIComponent(studentLogin)}`}>{nameOf(lesson.student)}</Link>
          ) : (
            nameOf(lesson.student)
          )}
        </dd>
        <dt>{t(`${K}.teacher`)}</dt>
        <dd>
          {lesson.teacher && teacherLogin ? (
            <Link to={`/gerencia/professor/${encodeURIComponent(teacherLogin)}`}>{nameOf(lesson.teacher)}</Link>
          ) : lesson.teacher ? (
            nameOf(lesson.teacher)
          ) : (
            t("adminLessons.noTeacher")
          )}
        </dd>
        <dt>{t(`${K}.level`)}</dt>
        <dd>{lesson.level.name}</dd>
        <dt>{t(`${K}.trail`)}</dt>
        <dd>
          {lesson.trail.number} - {lesson.trail.title}
        </dd>
        <dt>{t(`${K}.objective`)}</dt>
        <dd>{t(`lessons.objective.${lesson.objective}`, { defaultValue: lesson.objective })}</dd>
        <dt>{t(`${K}.date`)}</dt>
        <dd>{formatDay(lesson.startsAt)}</dd>
        <dt>{t(`${K}.time`)}</dt>
        <dd>{formatTime(lesson.startsAt)}</dd>
        {lesson.meetUrl && (
          <>
            <dt>{t(`${K}.meetUrl`)}</dt>
            <dd>
              <a href={lesson.meetUrl} target="_blank" rel="noreferrer">
                {lesson.meetUrl}
              </a>
            </dd>
          </>
        )}
        <dt>{t(`${K}.state`)}</dt>
        <dd>{t(lesson.cancelled ? `${K}.cancelled` : `${K}.active`)}</dd>
      </dl>

      <h3>{t(`${K}.history`)}</h3>
      <ol className="lesson-detail-steps">
        {detail.history.map((step) => (
          <li key={`${step.type}-${step.at}`}>
            <time dateTime={step.at}>
              {formatDay(step.at)} {formatTime(step.at)}
            </time>{" "}
            — {t(`${K}.steps.${step.type}`)}
            {step.teacher && ` (${nameOf(step.teacher)})`}
          </li>
        ))}
      </ol>

      <h3>{t(`${K}.payout`)}</h3>
      <p>
        {lesson.payment
          ? t(`${K}.paidOn`, { value: formatReais(lesson.payment.value), date: formatDay(lesson.payment.date) })
          : t(`${K}.notPaid`)}
      </p>

      <h3>{t(`${K}.studentFeedback`)}</h3>
      <StudentFeedback feedback={detail.studentFeedback} />
      <h3>{t(`${K}.teacherFeedback`)}</h3>
      <TeacherFeedback feedback={detail.teacherFeedback} />
    </>
  );
};

const StudentFeedback = ({ feedback }: { feedback: LessonStudentFeedback | null }) => {
  const { t } = useTranslation();
  if (!feedback) return <p>{t(`${K}.noFeedback`)}</p>;
  return (
    <dl className="details">
      <dt>{t(`${K}.note`)}</dt>
      <dd>{feedback.note ?? t(`${K}.noNote`)}</dd>
      <dt>{t(`${K}.information`)}</dt>
      <dd>{feedback.information}</dd>
    </dl>
  );
};

const TeacherFeedback = ({ feedback }: { feedback: LessonTeacherFeedback | null }) => {
  const { t } = useTranslation();
  if (!feedback) return <p>{t(`${K}.noFeedback`)}</p>;
  if (feedback.status === null) return <p>{t(`${K}.skipped`)}</p>;
  const texts = [
    ["teacher.feedback.partialyHeld", feedback.partialyHeld],
    [`${K}.information`, feedback.information],
    ["teacher.feedback.sugestions", feedback.sugestions],
    ["teacher.feedback.productSugestions", feedback.productSugestions],
    ["teacher.feedback.studentInformation", feedback.studentInformation],
  ] as const;
  return (
    <dl className="details">
      <dt>{t("teacher.feedback.status")}</dt>
      <dd>{t(`teacher.feedback.statuses.${feedback.status}`)}</dd>
      <dt>{t(`${K}.note`)}</dt>
      <dd>{feedback.note ?? t(`${K}.noNote`)}</dd>
      {texts
        .filter(([, text]) => text)
        .map(([label, text]) => (
          <Fragment key={label}>
            <dt>{t(label)}</dt>
            <dd>{text}</dd>
          </Fragment>
        ))}
    </dl>
  );
};
