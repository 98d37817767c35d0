import type { ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Empty } from "../../components/status/empty";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { downloadCertificate } from "./api/download-certificate";
import { fetchProgress } from "./api/get-progress";
import "./lesson-reports.css";

const LevelTest = ({ test }: { test: ProgressView["levelTest"] }) => {
  const { t } = useTranslation();
  const text =
    test.lastTakenAt === null
      ? t("lessonReports.progress.neverTaken")
      : test.due
        ? t("lessonReports.progress.retakeDue", { count: test.lessonsSince })
        : t("lessonReports.progress.retakeIn", { count: test.retakeAfter - test.lessonsSince });
  return (
    <section className="progress-card" aria-labelledby="progress-level-test">
      <h2 id="progress-level-test">{t("lessonReports.progress.levelTest")}</h2>
      <p>{text}</p>
      {test.due && (
        <Link className="btn btn-secondary" to="/student/teste-de-nivel">
          {t("lessonReports.progress.takeTest")}
        </Link>
      )}
    </section>
  );
};

const Progress = ({ progress }: { progress: ProgressView }) => {
  const { t } = useTranslation();
  const certificate = useMutation(downloadCertificate);
  return (
    <>
      <section className="progress-card" aria-labelledby="progress-totals">
        <h2 id="progress-totals">
          {t("lessonReports.progress.hoursTotal", { count: progress.hours })}{" "}
          {t("lessonReports.progress.lessonsTotal", { count: progress.lessons })}
        </h2>
        {progress.lessons === 0 ? (
          <Empty>{t("lessonReports.progress.noLessons")}</Empty>
        ) : (
          <div className="table-wrapper">
            <table className="table">
              <caption>{t("lessonReports.progress.byTrail")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("lessonReports.progress.level")}</th>
                  <th scope="col">{t("lessonReports.progress.trail")}</th>
                  <th scope="col">{t("lessonReports.progress.lessons")}</th>
                  <th scope="col">{t("lessonReports.progress.hours")}</th>
                </tr>
              </thead>
              <tbody>
                {progress.byTrail.map((row) => (
                  <tr key={`${row.level.id}-${row.trail.id}`}>
                    <td>{row.level.name}</td>
                    <td>
                      {row.trail.number} - {row.trail.title}
                    </td>
                    <td>{row.lessons}</td>
                    <td>{row.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => certificate.run(undefined)}
          disabled={certificate.status === "running"}
        >
          {certificate.status === "running"
            ? t("lessonReports.progress.downloading")
            : t("lessonReports.progress.certificate")}
        </button>
        {certificate.status === "error" && <ErrorAlert error={certificate.error} />}
      </section>
      <section className="progress-card" aria-labelledby="progress-streak">
        <h2 id="progress-streak">{t("lessonReports.progress.streak")}</h2>
        <p>
          {progress.streakWeeks > 0
            ? t("lessonReports.progress.streakWeeks", { count: progress.streakWeeks })
            : t("lessonReports.progress.noStreak")}
        </p>
      </section>
      <LevelTest test={progress.levelTest} />
      <section className="progress-card" aria-labelledby="progress-vocabulary">
        <h2 id="progress-vocabulary">{t("lessonReports.progress.vocabulary")}</h2>
        {progress.vocabulary.length === 0 ? (
          <p className="lesson-report-muted">{t("lessonReports.progress.noVocabulary")}</p>
        ) : (
          <ul className="lesson-report-words">
            {progress.vocabulary.map((entry) => (
              <li key={entry.text}>{entry.text}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
};

/** Progresso: the student's hours and lessons by level and trail, vocabulary, streak, level test and certificate. */
export const ProgressPage = () => {
  const { t } = useTranslation();
  const progress = useResource(fetchProgress, "progress");
  return (
    <div className="progress-page">
      <h1>{t("lessonReports.progress.title")}</h1>
      {progress.status === "loading" && <Loading />}
      {progress.status === "failed" && <ErrorAlert error={progress.error} />}
      {progress.status === "ready" && <Progress progress={progress.data} />}
    </div>
  );
};
