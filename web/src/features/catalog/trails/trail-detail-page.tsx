import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getTrail } from "../api/trails-api";

/** /gerencia/trilha/{id}: one trail with its content, application and techniques, read-only. */
export const TrailDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const trail = useResource(() => getTrail(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminSections.trails.detail")} [<b>{trail.status === "ready" ? trail.data.title : id}</b>]
      </h2>
      {trail.status === "loading" && <Loading />}
      {trail.status === "failed" && <ErrorAlert error={trail.error} />}
      {trail.status === "ready" && (
        <dl className="details">
          <dt>{t("adminSections.trails.level")}</dt>
          <dd>{trail.data.level.name ?? trail.data.level.id}</dd>
          <dt>{t("adminSections.trails.number")}</dt>
          <dd>{trail.data.number}</dd>
          <dt>{t("adminSections.trails.trailTitle")}</dt>
          <dd>{trail.data.title}</dd>
          <dt>{t("adminSections.trails.content")}</dt>
          <dd>{trail.data.content}</dd>
          <dt>{t("adminSections.trails.application")}</dt>
          <dd>{trail.data.application}</dd>
          <dt>{t("adminSections.trails.techniques")}</dt>
          <dd>{trail.data.techniques}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/trilha${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {trail.status === "ready" && (
          <Link to={`/gerencia/trilha/${id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
