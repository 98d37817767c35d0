import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getLevel } from "../api/levels-api";

/** /gerencia/niveis/{id}: one level, read-only, with its edit button. */
export const LevelDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const level = useResource(() => getLevel(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminCatalog.levels.detail")} [<b>{level.status === "ready" ? level.data.name : id}</b>]
      </h2>
      {level.status === "loading" && <Loading />}
      {level.status === "failed" && <ErrorAlert error={level.error} />}
      {level.status === "ready" && (
        <dl className="details">
          <dt>ID</dt>
          <dd>{level.data.id}</dd>
          <dt>{t("adminCatalog.levels.name")}</dt>
          <dd>{level.data.name}</dd>
          <dt>{t("adminCatalog.materials.active")}</dt>
          <dd>{t(level.data.active ? "adminCatalog.active" : "adminCatalog.inactive")}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/niveis${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {level.status === "ready" && (
          <Link to={`/gerencia/niveis/${id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
