import type { LevelView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ActivationBadge } from "../../../components/list/activation-badge";
import { ListHeading } from "../../../components/list/list-heading";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useListParams } from "../../../lib/list-params";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getLevelPage, toggleLevel } from "../api/levels-api";

export const LEVEL_PAGE_SIZE = 20;

/** /gerencia/niveis: the levels by name, each with edit and the Ativo/Inativo toggle (spec section 2). */
export const LevelsPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = useListParams("id");
  const list = useResource(() => getLevelPage(params.apiQuery(LEVEL_PAGE_SIZE)), params.key);
  const toggle = useMutation(async (level: LevelView) => {
    await toggleLevel(level);
    list.reload();
  });

  return (
    <section>
      <ListHeading title={t("adminCatalog.levels.title")} createLabel={t("adminCatalog.levels.create")} />
      {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.items.length === 0 && <Empty>{t("adminCatalog.levels.empty")}</Empty>}
      {list.status === "ready" && list.data.items.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table">
              <thead>
                <tr>
                  <th aria-sort={params.ariaSort("name")}>
                    <button type="button" onClick={() => params.sortBy("name")}>
                      {t("adminCatalog.levels.name")}
                    </button>
                  </th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((level) => (
                  <tr key={level.id}>
                    <td>{level.name}</td>
                    <td>
                      <div className="actions">
                        <Link to={`${level.id}${search}`} className="btn btn-small btn-outline">
                          {t("gerencia.actions.view")}
                        </Link>
                        <Link to={`${level.id}/edit${search}`} className="btn btn-small btn-outline">
                          {t("gerencia.actions.edit")}
                        </Link>
                        {level.active && (
                          <Link to={`${level.id}/delete${search}`} className="btn btn-small btn-danger">
                            {t("gerencia.actions.delete")}
                          </Link>
                        )}
                        <ActivationBadge
                          activated={level.active}
                          disabled={toggle.status === "running"}
                          onToggle={() => toggle.run(level)}
                          labels={{ on: "adminCatalog.active", off: "adminCatalog.inactive" }}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={params.page - 1}
            totalItems={list.data.total}
            pageSize={LEVEL_PAGE_SIZE}
            maxButtons={5}
            onPage={(index) => params.go({ page: index + 1 })}
          />
        </>
      )}
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
