import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { deleteItemPackage } from "../api/delete-item-package";

/** /gerencia/pacote/{id}/delete: the spec's confirmation over the list, which it returns to (query kept). */
export const ItemPackageDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/pacote"
      title={t("adminPurchasing.itemPackages.deleteTitle")}
      question={t("adminPurchasing.itemPackages.deleteQuestion")}
      confirmLabel={t("gerencia.actions.delete")}
      onConfirm={() => deleteItemPackage(id)}
    />
  );
};
