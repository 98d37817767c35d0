import { useTranslation } from "react-i18next";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useResource } from "../../../lib/use-resource";
import { getPendingLessons } from "../api/pending-lessons-api";

/** /gerencia/agendamento: lessons scheduled that no teacher has claimed yet, read-only, dates in São Paulo. */
export const PendingLessonsPage = () => {
  const { t } = useTranslation();
  const list = useResource(getPendingLessons, "pending");
  return (
    <section>
      <h2>{t("adminCatalog.pending.title")}</h2>
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.length === 0 && <Empty>{t("adminCatalog.pending.empty")}</Empty>}
      {list.status === "ready" && list.data.length > 0 && (
        <div className="table-wrapper">
          <table className="table">
            <thead>
              <tr>
                <th>{t("adminCatalog.pending.date")}</th>
                <th>{t("adminCatalog.pending.student")}</th>
                <th>{t("adminCatalog.pending.level")}</th>
                <th>{t("adminCatalog.pending.trail")}</th>
                <th>{t("adminCatalog.pending.objective")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((scheduling) => (
                <tr key={scheduling.id}>
                  <td>{`${formatDay(scheduling.date)} ${formatTime(scheduling.date)}`}</td>
                  <td>{[scheduling.student.firstName, scheduling.student.lastName].filter(Boolean).join(" ")}</td>
                  <td>{scheduling.level.name}</td>
                  <td>{`${scheduling.trail.number} - ${scheduling.trail.title}`}</td>
                  <td>{t(`lessons.objective.${scheduling.objective}`, { defaultValue: scheduling.objective })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
