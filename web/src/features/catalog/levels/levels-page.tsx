import type { LevelView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ActivationBadge } from "../../../components/list/activation-badge";
import { ListHeading } from "../../../components/list/list-heading";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useListParams } from "../../../lib/list-params";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getLevelPage, toggleLevel } from "../api/levels-api";

export const LEVEL_PAGE_SIZE = 20;

/** /gerencia/niveis: the levels by name, each with edit and the Ativo/Inativo toggle (spec section 2). */
export const LevelsPage = () => {
  const { t } = useTranslation();
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
      <ListTable
        list={list}
        empty={t("adminCatalog.levels.empty")}
        columns={
          <>
            <th aria-sort={params.ariaSort("name")}>
              <button type="button" onClick={() => params.sortBy("name")}>
                {t("adminCatalog.levels.name")}
              </button>
            </th>
            <th />
          </>
        }
        row={(level) => (
          <tr key={level.id}>
            <td>{level.name}</td>
            <td>
              <RowActions id={level.id} remove={level.active}>
                <ActivationBadge
                  activated={level.active}
                  disabled={toggle.status === "running"}
                  onToggle={() => toggle.run(level)}
                  labels={{ on: "adminCatalog.active", off: "adminCatalog.inactive" }}
                />
              </RowActions>
            </td>
          </tr>
        )}
        paging={{ params, pageSize: LEVEL_PAGE_SIZE }}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
