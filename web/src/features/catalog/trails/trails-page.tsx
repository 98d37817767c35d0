import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ListHeading } from "../../../components/list/list-heading";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { useResource } from "../../../lib/use-resource";
import { getTrails } from "../api/trails-api";

/** /gerencia/trilha: every trail by level and number, with Criar trilha and each row's view, edit and delete. */
export const TrailsPage = () => {
  const { t } = useTranslation();
  const list = useResource(getTrails, "trails");
  return (
    <section>
      <ListHeading title={t("adminSections.trails.title")} createLabel={t("adminSections.trails.create")} />
      <ListTable
        list={list}
        empty={t("adminSections.trails.empty")}
        columns={
          <>
            <th>{t("adminSections.trails.level")}</th>
            <th>{t("adminSections.trails.number")}</th>
            <th>{t("adminSections.trails.trailTitle")}</th>
            <th />
          </>
        }
        row={(trail) => (
          <tr key={trail.id}>
            <td>{trail.level.name ?? trail.level.id}</td>
            <td>{trail.number}</td>
            <td>{trail.title}</td>
            <td>
              <RowActions id={trail.id} />
            </td>
          </tr>
        )}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
