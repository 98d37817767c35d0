import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deactivateLevel } from "../api/levels-api";

/**
 * /gerencia/niveis/{id}/delete: the spec's confirmation over the list. The server keeps the level (its
 * trails and lessons name it) and marks it inactive, so it leaves the forms and can be turned on again.
 */
export const LevelDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/niveis"
      title={t("adminCatalog.delete.title")}
      question={t("adminCatalog.levels.deleteQuestion")}
      confirmLabel={t("adminCatalog.deactivate")}
      onConfirm={() => deactivateLevel(id)}
    />
  );
};
