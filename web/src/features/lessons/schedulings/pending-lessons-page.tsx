import { fullName } from "@el/domain/shared/full-name";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router-dom";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { LiveFeedProvider, useLiveFeed, useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { getPendingLessons } from "../api/pending-lessons-api";

/**
 * /gerencia/agendamento: lessons scheduled that no teacher has claimed yet, read-only, dates in São Paulo.
 * Live: a lesson claimed, given to a teacher or cancelled leaves the list at once (`board:changed`); a new
 * or moved one has the list read again; so has a connection that came back after a drop.
 */
export const PendingLessonsPage = () => (
  // The back office has no connection of its own: the list opens one while it is shown.
  <LiveFeedProvider>
    <PendingLessons />
  </LiveFeedProvider>
);

const PendingLessons = () => {
  const { t } = useTranslation();
  const list = useResource(getPendingLessons, "pending");
  const { reload } = list;
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const known = list.status === "ready" ? list.data : [];
  useLivePush("board:changed", ({ lessonId, card }) => {
    if (card?.status === "pending") {
      const shown = known.find((lesson) => lesson.id === lessonId);
      setGone((ids) => new Set([...ids].filter((id) => id !== lessonId)));
      if (!shown || shown.date !== card.date) reload();
    } else setGone((ids) => new Set(ids).add(lessonId));
  });
  const feed = useLiveFeed();
  useEffect(() => feed?.onReconnect(reload), [feed, reload]);
  const pending = known.filter((lesson) => !gone.has(lesson.id));
  return (
    <section>
      <h2>{t("adminCatalog.pending.title")}</h2>
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && pending.length === 0 && <Empty>{t("adminCatalog.pending.empty")}</Empty>}
      {list.status === "ready" && pending.length > 0 && (
        <div className="table-wrapper">
          <table className="table">
            <thead>
              <tr>
                <th>{t("adminCatalog.pending.date")}</th>
                <th>{t("adminCatalog.pending.student")}</th>
                <th>{t("adminCatalog.pending.level")}</th>
                <th>{t("adminCatalog.pending.trail")}</th>
                <th>{t("adminCatalog.pending.objective")}</th>
                <th aria-label={t("adminCatalog.pending.actions")} />
              </tr>
            </thead>
            <tbody>
              {pending.map((scheduling) => (
                <tr key={scheduling.id}>
                  <td>{`${formatDay(scheduling.date)} ${formatTime(scheduling.date)}`}</td>
                  <td>{fullName(scheduling.student)}</td>
                  <td>{scheduling.level.name}</td>
                  <td>{`${scheduling.trail.number} - ${scheduling.trail.title}`}</td>
                  <td>{t(`lessons.objective.${scheduling.objective}`, { defaultValue: scheduling.objective })}</td>
                  <td className="row-actions">
                    <Link className="btn btn-small" to={`/gerencia/agendamento/${scheduling.id}`}>
                      {t("adminCatalog.scheduling.view")}
                    </Link>
                    <Link className="btn btn-small" to={`/gerencia/aula/${scheduling.id}/edit`}>
                      {t("adminCatalog.scheduling.edit")}
                    </Link>
                    <Link className="btn btn-small btn-danger" to={`/gerencia/agendamento/${scheduling.id}/delete`}>
                      {t("adminCatalog.scheduling.delete")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet context={{ reload }} />
    </section>
  );
};
