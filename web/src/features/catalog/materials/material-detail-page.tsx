import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { downloadMaterial } from "../../../lib/catalog/download-material";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getMaterial } from "../api/materials-api";

/** /gerencia/materiais/{id}: one material, read-only, with its file to download and its edit button. */
export const MaterialDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const material = useResource(() => getMaterial(Number(id)), id);
  const download = useMutation((materialId: number) => downloadMaterial(materialId));
  return (
    <section className="card">
      <h2>
        {t("adminCatalog.materials.detail")} [<b>{id}</b>]
      </h2>
      {material.status === "loading" && <Loading />}
      {material.status === "failed" && <ErrorAlert error={material.error} />}
      {download.status === "error" && <ErrorAlert error={download.error} />}
      {material.status === "ready" && (
        <dl className="details">
          <dt>{t("adminCatalog.materials.level")}</dt>
          <dd>{material.data.level.name ?? material.data.level.id}</dd>
          <dt>{t("adminCatalog.materials.classNumber")}</dt>
          <dd>{material.data.classNumber}</dd>
          <dt>{t("adminCatalog.materials.className")}</dt>
          <dd>{material.data.className}</dd>
          <dt>{t("adminCatalog.materials.file")}</dt>
          <dd>
            {material.data.fileContentType}{" "}
            <button
              type="button"
              className="btn btn-small btn-outline"
              disabled={download.status === "running"}
              onClick={() => download.run(material.data.id)}
            >
              {t("adminCatalog.materials.download")}
            </button>
          </dd>
          <dt>{t("adminCatalog.materials.active")}</dt>
          <dd>{t(material.data.active ? "adminCatalog.active" : "adminCatalog.inactive")}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/materiais${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {material.status === "ready" && (
          <Link to={`/gerencia/materiais/${id}/edit${search}`} className="btn btn-primary">
            {t("gerencia.actions.edit")}
          </Link>
        )}
      </div>
    </section>
  );
};
