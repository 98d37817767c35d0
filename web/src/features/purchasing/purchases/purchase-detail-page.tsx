import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { studentName } from "../../../lib/accounts/get-students";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getPurchase } from "../api/get-purchase";
import { PurchasePaymentSection } from "./purchase-payment-section";
import { dateText, methodText, packagesText } from "./purchase-texts";
import { canMarkPaid, canRefund } from "./purchases-page";

/** What the student was given to pay with, while the purchase waits for it. */
const PaymentDetails = ({ payment }: { payment: NonNullable<PurchaseView["payment"]> }) => {
  const { t } = useTranslation();
  if ("qr_code" in payment)
    return (
      <>
        <dt>{t("adminPurchasing.purchases.pixCode")}</dt>
        <dd>
          <code>{payment.qr_code}</code>
        </dd>
        <dt>{t("adminPurchasing.purchases.expiresAt")}</dt>
        <dd>{dateText(payment.expires_at)}</dd>
      </>
    );
  if ("digitable_line" in payment)
    return (
      <>
        <dt>{t("adminPurchasing.purchases.digitableLine")}</dt>
        <dd>
          <code>{payment.digitable_line}</code>
        </dd>
        <dt>{t("adminPurchasing.purchases.dueDate")}</dt>
        <dd>{payment.due_date.split("-").reverse().join("/")}</dd>
        <dt>{t("adminPurchasing.purchases.boleto")}</dt>
        <dd>
          <a href={payment.pdf_url} target="_blank" rel="noreferrer">
            {t("adminPurchasing.purchases.openBoleto")}
          </a>
        </dd>
      </>
    );
  return null;
};

/**
 * /gerencia/compra/{id}: one purchase, read-only (its packages, the student, what was paid and how), its
 * payment's gateway reference and status history, with the corrections its status allows.
 */
export const PurchaseDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const purchase = useResource(() => getPurchase(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminPurchasing.purchases.detail")} [<b>{id}</b>]
      </h2>
      {purchase.status === "loading" && <Loading />}
      {purchase.status === "failed" && <ErrorAlert error={purchase.error} />}
      {purchase.status === "ready" && (
        <dl className="details">
          <dt>{t("adminPurchasing.purchases.id")}</dt>
          <dd>{purchase.data.id}</dd>
          <dt>{t("adminPurchasing.purchases.status")}</dt>
          <dd>{t(`adminPurchasing.status.${purchase.data.status}`)}</dd>
          <dt>{t("adminPurchasing.purchases.date")}</dt>
          <dd>{dateText(purchase.data.date)}</dd>
          <dt>{t("adminPurchasing.purchases.paidAt")}</dt>
          <dd>{purchase.data.paidAt ? dateText(purchase.data.paidAt) : "—"}</dd>
          <dt>{t("adminPurchasing.purchases.student")}</dt>
          <dd>
            {studentName(purchase.data.student)} ({purchase.data.student.login})
          </dd>
          <dt>{t("adminPurchasing.purchases.packages")}</dt>
          <dd>{packagesText(t, purchase.data)}</dd>
          <dt>{t("adminPurchasing.purchases.credits")}</dt>
          <dd>{purchase.data.credits}</dd>
          <dt>{t("adminPurchasing.purchases.listPrice")}</dt>
          <dd>{formatReais(purchase.data.listPrice)}</dd>
          <dt>{t("adminPurchasing.purchases.discount")}</dt>
          <dd>{formatReais(purchase.data.discount)}</dd>
          <dt>{t("adminPurchasing.purchases.total")}</dt>
          <dd>{formatReais(purchase.data.total)}</dd>
          <dt>{t("adminPurchasing.purchases.coupon")}</dt>
          <dd>{purchase.data.coupon?.code ?? "—"}</dd>
          <dt>{t("adminPurchasing.purchases.method")}</dt>
          <dd>{methodText(t, purchase.data)}</dd>
          {purchase.data.card && (
            <>
              <dt>{t("adminPurchasing.purchases.card")}</dt>
              <dd>
                {purchase.data.card.brand} •••• {purchase.data.card.last4}
              </dd>
            </>
          )}
          {purchase.data.failure && (
            <>
              <dt>{t("adminPurchasing.purchases.failure")}</dt>
              <dd>{purchase.data.failure}</dd>
            </>
          )}
          {purchase.data.payment && <PaymentDetails payment={purchase.data.payment} />}
        </dl>
      )}
      {purchase.status === "ready" && <PurchasePaymentSection purchaseId={purchase.data.id} />}
      <div className="actions">
        <Link to={`/gerencia/compra${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {purchase.status === "ready" && canMarkPaid(purchase.data) && (
          <Link to={`/gerencia/compra/${purchase.data.id}/paid${search}`} className="btn btn-primary">
            {t("adminPurchasing.purchases.markPaid")}
          </Link>
        )}
        {purchase.status === "ready" && canRefund(purchase.data) && (
          <Link to={`/gerencia/compra/${purchase.data.id}/refund${search}`} className="btn btn-danger">
            {t("adminPurchasing.purchases.refund")}
          </Link>
        )}
        {purchase.status === "ready" && <HistoryLink of={{ purchase: purchase.data.id }} className="btn btn-outline" />}
      </div>
    </section>
  );
};
