import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteScheduling } from "../api/pending-lessons-api";

/** /gerencia/agendamento/{id}/delete: the confirmation over the pending list; it closes back to the list. */
export const SchedulingDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/agendamento"
      title={t("adminCatalog.scheduling.deleteTitle")}
      question={t("adminCatalog.scheduling.deleteQuestion", { id })}
      confirmLabel={t("adminCatalog.scheduling.delete")}
      onConfirm={() => deleteScheduling(id)}
    />
  );
};
