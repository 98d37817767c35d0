import type { HealthDetails } from "@el/domain/shared/health-views";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getHealth } from "../api/health-api";
import { useAutoRefresh } from "./use-auto-refresh";

/** How often the health and the projectors' lag are read again while the box is ticked. */
export const HEALTH_REFRESH_MS = 5_000;

const StatusBadge = ({ status }: { status: "UP" | "DEGRADED" | "DOWN" }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${status === "UP" ? "badge-success" : "badge-danger"}`}>
      {t(`adminTools.health.statuses.${status}`)}
    </span>
  );
};

const Components = ({ health }: { health: HealthDetails }) => {
  const { t } = useTranslation();
  const { db, projections } = health.components;
  return (
    <div className="table-wrapper">
      <table className="table" aria-label={t("adminTools.health.title")}>
        <thead>
          <tr>
            <th>{t("adminTools.health.component")}</th>
            <th>{t("adminTools.health.status")}</th>
            <th>{t("adminTools.health.details")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t("adminTools.health.db")}</td>
            <td>
              <StatusBadge status={db.status} />
            </td>
            <td>{db.error ? `${db.driver}: ${db.error}` : db.driver}</td>
          </tr>
          <tr>
            <td>{t("adminTools.health.projections")}</td>
            <td>
              <StatusBadge status={projections.status} />
            </td>
            <td>{projections.details.length}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
};

const Projections = ({ health }: { health: HealthDetails }) => {
  const { t } = useTranslation();
  const projectors = health.components.projections.details;
  if (projectors.length === 0) return <Empty>{t("adminTools.projections.empty")}</Empty>;
  return (
    <div className="table-wrapper">
      <table className="table" aria-label={t("adminTools.projections.title")}>
        <thead>
          <tr>
            <th>{t("adminTools.projections.name")}</th>
            <th>{t("adminTools.projections.state")}</th>
            <th>{t("adminTools.projections.position")}</th>
            <th>{t("adminTools.projections.lag")}</th>
            <th>{t("adminTools.projections.error")}</th>
          </tr>
        </thead>
        <tbody>
          {projectors.map((projector) => (
            <tr key={projector.name}>
              <td>{projector.name}</td>
              <td>
                <span className={`badge ${projector.state === "stalled" ? "badge-danger" : "badge-success"}`}>
                  {t(`adminTools.projections.states.${projector.state}`)}
                </span>
              </td>
              <td>{projector.position.globalPosition}</td>
              <td>{projector.lag}</td>
              <td>{projector.error ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * The health JHipster's admin shows, on our data: the database and each read model's projector with its
 * position and how many events it still has to read, read again every few seconds or on demand.
 */
export const HealthSection = () => {
  const { t } = useTranslation();
  const health = useResource(getHealth, "health");
  const [autoRefresh, setAutoRefresh] = useState(true);
  useAutoRefresh(health.reload, HEALTH_REFRESH_MS, autoRefresh);
  return (
    <section className="card" aria-labelledby="admin-health-title">
      <h2 id="admin-health-title">
        {t("adminTools.health.title")} {health.status === "ready" && <StatusBadge status={health.data.status} />}
      </h2>
      <div className="actions">
        <button type="button" className="btn btn-small btn-outline" onClick={health.reload}>
          {t("adminTools.health.refresh")}
        </button>
        <label className="form-check">
          <input type="checkbox" checked={autoRefresh} onChange={(event) => setAutoRefresh(event.target.checked)} />
          {t("adminTools.health.autoRefresh", { seconds: HEALTH_REFRESH_MS / 1000 })}
        </label>
      </div>
      {health.status === "loading" && <Loading />}
      {health.status === "failed" && <ErrorAlert error={health.error} />}
      {health.status === "ready" && (
        <>
          <Components health={health.data} />
          <h3>{t("adminTools.projections.title")}</h3>
          <Projections health={health.data} />
        </>
      )}
    </section>
  );
};
