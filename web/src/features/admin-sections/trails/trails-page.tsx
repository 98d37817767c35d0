import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ListHeading } from "../../../components/list/list-heading";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getTrails } from "../api/trails-api";

/** /gerencia/trilha: every trail by level and number, with Criar trilha and each row's view, edit and delete. */
export const TrailsPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const list = useResource(getTrails, "trails");
  return (
    <section>
      <ListHeading title={t("adminSections.trails.title")} createLabel={t("adminSections.trails.create")} />
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.length === 0 && <Empty>{t("adminSections.trails.empty")}</Empty>}
      {list.status === "ready" && list.data.length > 0 && (
        <div className="table-wrapper">
          <table className="table">
            <thead>
              <tr>
                <th>{t("adminSections.trails.level")}</th>
                <th>{t("adminSections.trails.number")}</th>
                <th>{t("adminSections.trails.trailTitle")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.map((trail) => (
                <tr key={trail.id}>
                  <td>{trail.level.name ?? trail.level.id}</td>
                  <td>{trail.number}</td>
                  <td>{trail.title}</td>
                  <td>
                    <div className="actions">
                      <Link to={`${trail.id}${search}`} className="btn btn-small btn-outline">
                        {t("gerencia.actions.view")}
                      </Link>
                      <Link to={`${trail.id}/edit${search}`} className="btn btn-small btn-outline">
                        {t("gerencia.actions.edit")}
                      </Link>
                      <Link to={`${trail.id}/delete${search}`} className="btn btn-small btn-danger">
                        {t("gerencia.actions.delete")}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
