import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getPurchasePayment } from "../api/get-purchase-payment";
import { dateText } from "./purchase-texts";

/**
 * The purchase's payment as the gateway and the back office moved it: the gateway's reference (to find it
 * in the gateway's own panel; no card data) and each status with when and by whom, oldest first.
 */
export const PurchasePaymentSection = ({ purchaseId }: { purchaseId: number }) => {
  const { t } = useTranslation();
  const payment = useResource(() => getPurchasePayment(purchaseId), String(purchaseId));
  const title = t("adminPurchasing.purchases.payment.title");
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {payment.status === "loading" && <Loading />}
      {payment.status === "failed" && <ErrorAlert error={payment.error} />}
      {payment.status === "ready" && (
        <>
          <p>
            {t("adminPurchasing.purchases.payment.reference")}{" "}
            {payment.data.gatewayReference ? (
              <code>{payment.data.gatewayReference}</code>
            ) : (
              t("adminPurchasing.purchases.payment.noReference")
            )}
          </p>
          <div className="table-wrapper">
            <table className="table">
              <caption>{t("adminPurchasing.purchases.payment.history")}</caption>
              <thead>
                <tr>
                  <th>{t("adminPurchasing.purchases.status")}</th>
                  <th>{t("adminPurchasing.purchases.date")}</th>
                  <th>{t("adminPurchasing.purchases.payment.by")}</th>
                </tr>
              </thead>
              <tbody>
                {payment.data.history.map((change) => (
                  <tr key={`${change.status}-${change.at}`}>
                    <td>{t(`adminPurchasing.status.${change.status}`)}</td>
                    <td>{dateText(change.at)}</td>
                    <td>
                      {change.by === null
                        ? "—"
                        : change.by === "gateway" || change.by === "reconciliation"
                          ? t(`adminPurchasing.purchases.payment.${change.by}`)
                          : change.by}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
};
