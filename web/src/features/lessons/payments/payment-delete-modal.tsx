import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { undoPayment } from "../api/payments-api";

/** /gerencia/pagamento/{id}/delete: undoing a payment, confirmed over the list it returns to. */
export const PaymentDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/pagamento"
      title={t("adminSections.payments.undoTitle")}
      question={t("adminSections.payments.undoQuestion")}
      confirmLabel={t("adminSections.payments.undo")}
      onConfirm={() => undoPayment(id)}
    />
  );
};
