import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getReplay, getReplayLessons, getReplayTotals } from "../api/replays-api";
import { formatInstant } from "../sao-paulo-instant";
import "../audit.css";

const PAGE_SIZE = 100;

/**
 * /auditoria/replays/{id}: the lesson-control list and totals as they stood at the replay's instant, read
 * through the live endpoints with `replay=<id>`.
 */
export const ReplayLessonsPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const view = useResource(async () => {
    const [replay, totals, lessons] = await Promise.all([
      getReplay(id),
      getReplayTotals(id),
      getReplayLessons(id, 0, PAGE_SIZE),
    ]);
    return { replay, totals, lessons };
  }, id);
  return (
    <section className="card audit-replay-lessons" aria-labelledby="audit-replay-lessons-title">
      <p>
        <Link to="/auditoria/replays">{t("audit.replays.lessons.back")}</Link>
      </p>
      {view.status === "loading" && <Loading />}
      {view.status === "failed" && <ErrorAlert error={view.error} />}
      {view.status === "ready" && (
        <>
          <h2 id="audit-replay-lessons-title">
            {t("audit.replays.lessons.title", { at: formatInstant(view.data.replay.at) })}
          </h2>
          <dl className="audit-replay-totals">
            <dt>{t("audit.replays.lessons.lessons")}</dt>
            <dd>{view.data.totals.lessons}</dd>
            <dt>{t("audit.replays.lessons.teacherCost")}</dt>
            <dd>{formatReais(view.data.totals.teacherCost)}</dd>
            <dt>{t("audit.replays.lessons.revenue")}</dt>
            <dd>{formatReais(view.data.totals.revenue)}</dd>
          </dl>
          {view.data.lessons.content.length === 0 ? (
            <Empty>{t("audit.replays.lessons.empty")}</Empty>
          ) : (
            <div className="table-wrapper">
              <table
                className="table"
                aria-label={t("audit.replays.lessons.title", { at: formatInstant(view.data.replay.at) })}
              >
                <thead>
                  <tr>
                    <th>{t("audit.replays.lessons.date")}</th>
                    <th>{t("audit.replays.lessons.time")}</th>
                    <th>{t("audit.replays.lessons.student")}</th>
                    <th>{t("audit.replays.lessons.teacher")}</th>
                    <th>{t("audit.replays.lessons.trail")}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.data.lessons.content.map((lesson) => (
                    <tr key={lesson.id}>
                      <td>{lesson.date}</td>
                      <td>{lesson.time}</td>
                      <td>{fullName(lesson.student)}</td>
                      <td>{lesson.teacher ? fullName(lesson.teacher) : t("audit.replays.lessons.noTeacher")}</td>
                      <td>{`${lesson.trail.number} - ${lesson.trail.title}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
};
