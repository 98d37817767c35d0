import type { TrailMaterialView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { downloadMaterial } from "../../lib/catalog/download-material";
import { useMutation } from "../../lib/use-mutation";
import { ErrorAlert } from "../status/error-alert";

/**
 * The active materials of a trail, each a button that saves its file (students, teachers and
 * administrators may download them; the server keeps deactivated ones for administrators).
 */
export const MaterialDownloads = ({ materials }: { materials: readonly TrailMaterialView[] }) => {
  const { t } = useTranslation();
  const download = useMutation((id: number) => downloadMaterial(id));
  return (
    <div className="trail-materials">
      <h3>{t("trails.materials")}</h3>
      {download.status === "error" && <ErrorAlert error={download.error} />}
      {materials.length === 0 ? (
        <p>{t("trails.noMaterials")}</p>
      ) : (
        <ul>
          {materials.map((material) => (
            <li key={material.id}>
              <button
                type="button"
                className="btn btn-small btn-outline"
                disabled={download.status === "running"}
                onClick={() => download.run(material.id)}
              >
                {t("trails.download", { name: `${material.classNumber} - ${material.className}` })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
