import type { MaterialView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ListHeading } from "../../../components/list/list-heading";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { ErrorAlert } from "../../../components/status/error-alert";
import { downloadMaterial } from "../../../lib/catalog/download-material";
import { useListParams } from "../../../lib/list-params";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { activateMaterial, getMaterialPage } from "../api/materials-api";

export const MATERIAL_PAGE_SIZE = 20;
const SORTABLE = ["id", "level", "className", "classNumber", "active"] as const;

/**
 * /gerencia/materiais: every material, active or not, sortable and paged with 5 buttons; rows download
 * the file, edit, and deactivate (after confirmation) or activate.
 */
export const MaterialsPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = useListParams("id");
  const list = useResource(() => getMaterialPage(params.apiQuery(MATERIAL_PAGE_SIZE)), params.key);
  const activate = useMutation(async (material: MaterialView) => {
    await activateMaterial(material);
    list.reload();
  });
  const download = useMutation(downloadMaterial);
  const sortMark = (column: string) => (column === params.field ? (params.order === "asc" ? " ▲" : " ▼") : "");

  return (
    <section>
      <ListHeading title={t("adminCatalog.materials.title")} createLabel={t("adminCatalog.materials.create")} />
      {activate.status === "error" && <ErrorAlert error={activate.error} />}
      {download.status === "error" && <ErrorAlert error={download.error} />}
      <ListTable
        list={list}
        empty={t("adminCatalog.materials.empty")}
        columns={
          <>
            {SORTABLE.map((column) => (
              <th key={column} aria-sort={params.ariaSort(column)}>
                <button type="button" onClick={() => params.sortBy(column)}>
                  {t(`adminCatalog.materials.${column}`)}
                  {sortMark(column)}
                </button>
              </th>
            ))}
            <th>{t("adminCatalog.materials.file")}</th>
            <th />
          </>
        }
        row={(material) => (
          <tr key={material.id}>
            <td>{material.id}</td>
            <td>{material.level.name ?? material.level.id}</td>
            <td>{material.className}</td>
            <td>{material.classNumber}</td>
            <td>
              <span className={`badge ${material.active ? "badge-success" : "badge-danger"}`}>
                {t(material.active ? "adminCatalog.active" : "adminCatalog.inactive")}
              </span>
            </td>
            <td>
              <button
                type="button"
                className="btn btn-small btn-outline"
                disabled={download.status === "running"}
                onClick={() => download.run(material.id)}
              >
                {t("adminCatalog.materials.download")}
              </button>
            </td>
            <td>
              <RowActions id={material.id} remove={false}>
                {material.active ? (
                  <Link to={`${material.id}/delete${search}`} className="btn btn-small btn-danger">
                    {t("adminCatalog.deactivate")}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={activate.status === "running"}
                    onClick={() => activate.run(material)}
                  >
                    {t("adminCatalog.activate")}
                  </button>
                )}
              </RowActions>
            </td>
          </tr>
        )}
        paging={{ params, pageSize: MATERIAL_PAGE_SIZE }}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
