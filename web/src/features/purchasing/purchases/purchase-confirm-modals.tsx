import { useTranslation } from "react-i18next";
import { useOutletContext, useParams } from "react-router-dom";
import { ConfirmRouteModal } from "../../../components/modal/confirm-route-modal";
import { studentName } from "../../../lib/accounts/get-students";
import { formatReais } from "../../../lib/money";
import { markPurchasePaid } from "../api/mark-purchase-paid";
import { refundPurchase } from "../api/refund-purchase";
import type { PurchasesOutlet } from "./purchases-page";

/** Whose purchase and how much, when the list behind the modal shows it (a deep link may come first). */
const usePurchaseInQuestion = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { purchases } = useOutletContext<PurchasesOutlet>();
  const purchase = purchases.find((candidate) => candidate.id === id);
  const of = purchase
    ? t("adminPurchasing.purchases.of", { name: studentName(purchase.student), total: formatReais(purchase.total) })
    : "";
  return { id, of, purchase };
};

/** /gerencia/compra/{id}/paid: the confirmation before a boleto or Pix is marked paid by hand. */
export const MarkPaidModal = () => {
  const { t } = useTranslation();
  const { id, of, purchase } = usePurchaseInQuestion();
  return (
    <ConfirmRouteModal
      listPath="/gerencia/compra"
      title={t("adminPurchasing.purchases.paid.title")}
      question={t("adminPurchasing.purchases.paid.question", { id, of })}
      confirmLabel={t("adminPurchasing.purchases.markPaid")}
      onConfirm={() => markPurchasePaid(id, purchase)}
    />
  );
};

/** /gerencia/compra/{id}/refund: the confirmation before a paid purchase is refunded. */
export const RefundModal = () => {
  const { t } = useTranslation();
  const { id, of, purchase } = usePurchaseInQuestion();
  return (
    <ConfirmRouteModal
      listPath="/gerencia/compra"
      title={t("adminPurchasing.purchases.refunded.title")}
      question={t("adminPurchasing.purchases.refunded.question", { id, of })}
      confirmLabel={t("adminPurchasing.purchases.refund")}
      onConfirm={() => refundPurchase(id, purchase)}
    />
  );
};
