import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deactivateMaterial } from "../api/materials-api";

/**
 * /gerencia/materiais/{id}/delete: the spec's confirmation over the list. The server keeps the material
 * and marks it inactive, so it can be activated again from the list.
 */
export const MaterialDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/materiais"
      title={t("adminCatalog.delete.title")}
      question={t("adminCatalog.materials.deleteQuestion")}
      confirmLabel={t("adminCatalog.deactivate")}
      onConfirm={() => deactivateMaterial(id)}
    />
  );
};
