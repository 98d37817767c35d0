import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../components/modal/confirm-route-modal";
import { deleteCoupon } from "./api/delete-coupon";

/** /gerencia/cupom/{id}/delete: the spec's confirmation over the list, which it returns to (query kept). */
export const CouponDeleteModal = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <ConfirmRouteModal
      listPath="/gerencia/cupom"
      title={t("adminPurchasing.coupons.deleteTitle")}
      question={t("adminPurchasing.coupons.deleteQuestion")}
      confirmLabel={t("gerencia.actions.delete")}
      onConfirm={() => deleteCoupon(id)}
    />
  );
};
