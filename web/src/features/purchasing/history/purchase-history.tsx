import type { PurchaseStatus, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { formatReais } from "../../../lib/pricing/package-pricing";
import { useLiveFeed, useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { fetchMyPurchases } from "../api/get-my-purchases";
import { paySandboxPurchase } from "../api/payment-step";

/** A pending Pix or boleto can be opened again to pay it, a debit the bank has not answered to go back or give up. */
const canPay = (purchase: PurchaseView) =>
  (purchase.status === "AWAIT_PAYMENT" || purchase.status === "AWAIT_AUTHORIZATION") && purchase.payment !== null;

/**
 * The student's purchases, newest first. `version` changes when this page knows a purchase changed (an
 * order placed, a result closed). A `purchase:updated` push is the newest word on a purchase's status:
 * shown over the list at once, since reading the list again could still answer the status before it.
 * Only a connection that came back without the pushes sent meanwhile reloads the list.
 */
export const PurchaseHistory = ({
  version,
  sandbox = false,
  onPay,
}: {
  version: string;
  /** The sandbox sells: a waiting Pix or boleto is paid from its row ("Pagar (sandbox)"). */
  sandbox?: boolean;
  /** Opens a pending payment; absent while another purchase is under way. */
  onPay?: (purchase: PurchaseView) => void;
}) => {
  const { t } = useTranslation();
  const purchases = useResource(fetchMyPurchases, `my-purchases-${version}`);
  const [pushed, setPushed] = useState<ReadonlyMap<number, PurchaseStatus>>(new Map());
  const [sandboxPaying, setSandboxPaying] = useState<number | null>(null);
  const [sandboxError, setSandboxError] = useState<unknown>(null);
  const paySandbox = (purchaseId: number) => {
    setSandboxPaying(purchaseId);
    setSandboxError(null);
    paySandboxPurchase(purchaseId).then(
      (paid) => {
        setSandboxPaying(null);
        setPushed((known) => new Map(known).set(paid.id, paid.status));
      },
      (error: unknown) => {
        setSandboxPaying(null);
        setSandboxError(error);
      },
    );
  };
  useLivePush("purchase:updated", (push) => setPushed((known) => new Map(known).set(push.purchaseId, push.status)));
  const feed = useLiveFeed();
  const { reload } = purchases;
  useEffect(
    () =>
      feed?.onReconnect(() => {
        setPushed(new Map());
        reload();
      }),
    [feed, reload],
  );

  return (
    <section className="card purchase-history" aria-labelledby="purchase-history-title">
      <h2 id="purchase-history-title">{t("purchasing.history.title")}</h2>
      {purchases.status === "loading" && <Loading />}
      {purchases.status === "failed" && (
        <>
          <ErrorAlert error={purchases.error} />
          <button type="button" className="btn btn-outline" onClick={purchases.reload}>
            {t("purchasing.history.retry")}
          </button>
        </>
      )}
      {purchases.status === "ready" && purchases.data.length === 0 && <Empty>{t("purchasing.history.empty")}</Empty>}
      {sandboxError !== null && <ErrorAlert error={sandboxError} />}
      {purchases.status === "ready" && purchases.data.length > 0 && (
        // Wider than a phone: it scrolls sideways, so it takes the keyboard's focus to be scrolled.
        <div className="table-wrapper" role="group" aria-labelledby="purchase-history-title" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("purchasing.history.date")}</th>
                <th scope="col">{t("purchasing.history.packages")}</th>
                <th scope="col">{t("purchasing.history.method")}</th>
                <th scope="col">{t("purchasing.history.status")}</th>
                <th scope="col">{t("purchasing.history.total")}</th>
                <th scope="col" aria-label={t("purchasing.history.pay")} />
              </tr>
            </thead>
            <tbody>
              {purchases.data.map((loaded) => {
                const purchase = { ...loaded, status: pushed.get(loaded.id) ?? loaded.status };
                return (
                  <tr key={purchase.id}>
                    <td>
                      {formatDay(purchase.date)} {formatTime(purchase.date)}
                    </td>
                    <td>
                      {purchase.orders
                        .map((order) =>
                          t("purchasing.history.line", { quantity: order.quantity, count: order.itemPackage.amount }),
                        )
                        .join(", ")}
                    </td>
                    <td>
                      {t(`purchasing.form.methods.${purchase.method}`)}
                      {purchase.method === "CREDIT" && purchase.installments > 1 && (
                        <> ({t("purchasing.history.installments", { count: purchase.installments })})</>
                      )}
                    </td>
                    <td>
                      <span className={`purchase-status purchase-status-${purchase.status.toLowerCase()}`}>
                        {t(`purchasing.history.statuses.${purchase.status}`)}
                      </span>
                    </td>
                    <td>{formatReais(purchase.total)}</td>
                    <td>
                      {onPay && canPay(purchase) && (
                        <button type="button" className="btn btn-secondary btn-small" onClick={() => onPay(purchase)}>
                          {t("purchasing.history.pay")}
                        </button>
                      )}
                      {sandbox && purchase.status === "AWAIT_PAYMENT" && purchase.payment !== null && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          disabled={sandboxPaying !== null}
                          onClick={() => paySandbox(purchase.id)}
                        >
                          {t("purchasing.history.sandboxPay")}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
