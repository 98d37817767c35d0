import type { CheckoutResult, DebitAuthorizationData, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { PurchaseNotFound } from "../api/get-my-purchases";
import { abandonDebit, paySandboxPurchase } from "../api/payment-step";
import { isBoleto, isDebitAuthorization, isPix } from "../checkout/checkout.machine";

export type OrderOutcome = "approved" | "paid" | "expired" | "failed" | "awaitingPayment";

const CopyButton = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t("purchasing.result.copied") : t("purchasing.result.copy")}
    </button>
  );
};

/** '2026-12-01' as '01/12/2026'. */
const formatDueDate = (date: string) => date.split("-").reverse().join("/");

/** What the waiting purchase's screen can do besides waiting. */
export interface PaymentStepActions {
  /** The sandbox sells: its Pix and boletos are paid from here. */
  sandbox: boolean;
  /** Opens the bank's page of a debit again. */
  onOpenBank?: (purchaseId: number, authorization: DebitAuthorizationData) => void;
  /** The student gave the debit up; the purchase as it now stands. */
  onAbandoned?: (purchase: PurchaseView) => void;
}

/** A request from a button: busy while it runs, its failure shown beside it. */
const useAction = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = <T,>(request: () => Promise<T>, done?: (value: T) => void) => {
    setBusy(true);
    setError(null);
    request().then(
      (value) => {
        setBusy(false);
        done?.(value);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure);
      },
    );
  };
  return { busy, error, run };
};

/** "Pagar (sandbox)": the sandbox's payer pays; the purchase's push turns the screen paid. */
const SandboxPayButton = ({ purchaseId }: { purchaseId: number }) => {
  const { t } = useTranslation();
  const action = useAction();
  return (
    <>
      {action.error !== null && <ErrorAlert error={action.error} />}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={action.busy}
        onClick={() => action.run(() => paySandboxPurchase(purchaseId))}
      >
        {t("purchasing.result.sandboxPay")}
      </button>
    </>
  );
};

/** A debit the bank has not answered: its page again, or the purchase given up. */
const DebitWaiting = ({
  purchaseId,
  authorization,
  actions,
}: {
  purchaseId: number;
  authorization: DebitAuthorizationData;
  actions: PaymentStepActions;
}) => {
  const { t } = useTranslation();
  const abandon = useAction();
  return (
    <div className="payment-pending">
      <p className="alert alert-info" role="status">
        {t("purchasing.result.authorising")}
      </p>
      <p className="payment-note">{t("purchasing.result.debitStuck")}</p>
      {abandon.error !== null && <ErrorAlert error={abandon.error} />}
      <div className="actions">
        {actions.onOpenBank && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => actions.onOpenBank?.(purchaseId, authorization)}
          >
            {t("purchasing.result.debitRetry")}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline"
          disabled={abandon.busy}
          onClick={() =>
            abandon.run(
              () => abandonDebit(purchaseId),
              (purchase) => purchase && actions.onAbandoned?.(purchase),
            )
          }
        >
          {t("purchasing.result.debitAbandon")}
        </button>
      </div>
    </div>
  );
};

const AwaitingPayment = ({ result, actions }: { result: CheckoutResult; actions: PaymentStepActions }) => {
  const { t } = useTranslation();
  const data = result.additionalData;
  if (isPix(data)) {
    return (
      <div className="payment-pending">
        <h3>{t("purchasing.result.pixTitle")}</h3>
        <p>{t("purchasing.result.pixHelp")}</p>
        <img className="pix-qr" src={data.qr_image} alt={t("purchasing.result.pixImage")} width={220} height={220} />
        <label className="form-field">
          <span>{t("purchasing.result.pixCode")}</span>
          <textarea readOnly rows={3} value={data.qr_code} onFocus={(event) => event.target.select()} />
        </label>
        <CopyButton text={data.qr_code} />
        <p className="payment-note">
          {t("purchasing.result.pixExpires", {
            time: `${formatDay(data.expires_at)} ${formatTime(data.expires_at)}`,
          })}
        </p>
        <p className="payment-note" role="status">
          {t("purchasing.result.waitingPayment")}
        </p>
        {actions.sandbox && <SandboxPayButton purchaseId={result.purchaseId} />}
      </div>
    );
  }
  if (isBoleto(data)) {
    return (
      <div className="payment-pending">
        <h3>{t("purchasing.result.boletoTitle")}</h3>
        <label className="form-field">
          <span>{t("purchasing.result.boletoLine")}</span>
          <input readOnly value={data.digitable_line} onFocus={(event) => event.target.select()} />
        </label>
        <CopyButton text={data.digitable_line} />
        <p>{t("purchasing.result.boletoDue", { date: formatDueDate(data.due_date) })}</p>
        <a className="btn btn-primary" href={data.pdf_url} target="_blank" rel="noreferrer">
          {t("purchasing.result.boletoPdf")}
        </a>
        <p className="payment-note">{t("purchasing.result.boletoHelp")}</p>
        {actions.sandbox && <SandboxPayButton purchaseId={result.purchaseId} />}
      </div>
    );
  }
  if (isDebitAuthorization(data)) {
    return <DebitWaiting purchaseId={result.purchaseId} authorization={data} actions={actions} />;
  }
  if (result.status === "PENDING") {
    return (
      <p className="alert alert-info" role="status">
        {t("purchasing.result.confirming")}
      </p>
    );
  }
  return (
    <p className="alert alert-info" role="status">
      {t("purchasing.result.authorising")}
    </p>
  );
};

/**
 * The order's outcome (spec section 4): approved, a Pix or boleto to pay that turns paid (or expired)
 * live, or why it failed, in the server's words. A failure may be tried again with the same cart.
 */
export const OrderResultModal = ({
  outcome,
  result,
  error,
  onClose,
  onRetry,
  actions = { sandbox: false },
}: {
  outcome: OrderOutcome;
  result: CheckoutResult | null;
  error: unknown;
  onClose: () => void;
  onRetry?: () => void;
  actions?: PaymentStepActions;
}) => {
  const { t } = useTranslation();
  const title = outcome === "expired" ? t("purchasing.result.expiredTitle") : t("purchasing.result.title");
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <div className="actions">
          {outcome === "failed" && onRetry && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t("purchasing.result.retry")}
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("purchasing.result.close")}
          </button>
        </div>
      }
    >
      {outcome === "approved" && (
        <div className="alert alert-success" role="status">
          <strong>{t("purchasing.result.approved")}</strong> {t("purchasing.result.credits")}
        </div>
      )}
      {outcome === "paid" && (
        <div className="alert alert-success" role="status">
          <strong>{t("purchasing.result.paid")}</strong> {t("purchasing.result.credits")}
        </div>
      )}
      {outcome === "expired" && (
        <div className="alert alert-warning" role="status">
          {t("purchasing.result.expired")}
        </div>
      )}
      {outcome === "failed" && <FailureText result={result} error={error} />}
      {outcome === "awaitingPayment" && result && <AwaitingPayment result={result} actions={actions} />}
    </Modal>
  );
};

const FailureText = ({ result, error }: { result: CheckoutResult | null; error: unknown }) => {
  const { t } = useTranslation();
  if (error instanceof PurchaseNotFound) {
    return (
      <div className="alert alert-danger" role="alert">
        {t("purchasing.result.notFound")}
      </div>
    );
  }
  if (error !== null && error !== undefined) return <ErrorAlert error={error} />;
  return (
    <div className="alert alert-danger" role="alert">
      {result?.message ? result.message : t("purchasing.result.failed")}
    </div>
  );
};
