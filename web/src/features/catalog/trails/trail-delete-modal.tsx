import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteTrail } from "../api/trails-api";

/** /gerencia/trilha/{id}/delete: the spec's confirmation over the list, which it returns to. */
export const TrailDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/trilha"
      title={t("adminSections.trails.deleteTitle")}
      question={t("adminSections.trails.deleteQuestion")}
      confirmLabel={t("gerencia.actions.delete")}
      onConfirm={() => deleteTrail(id)}
    />
  );
};
