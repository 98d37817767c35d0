import { DebitAuthorizationData, type PurchaseStatus } from "@el/domain/purchasing/purchase-views";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { z } from "zod";
import { ErrorAlert } from "../../components/status/error-alert";
import { LiveFeedProvider, useLivePush } from "../../lib/socket";
import { abandonDebit } from "./api/payment-step";
import "./purchasing.css";

/** What the purchase page hands over through the router; read as input, since history state outlives the app. */
const DebitConfirmationState = z.object({
  purchaseId: z.number().int().positive(),
  authorization: DebitAuthorizationData,
});

const ISSUER_FRAME = "issuer-authentication";
const SETTLED: ReadonlySet<PurchaseStatus> = new Set(["PAID", "FAILED", "EXPIRED"]);

/**
 * `/debit/confirmation`: the bank's 3-D Secure page in a frame. A form posts MD, PaReq and TermUrl into
 * it as soon as the page opens; the bank posts its answer to TermUrl on our server, which settles the
 * purchase and sends the whole window to `/student/contratar-aulas?purchase={id}`. The purchase's push
 * goes there too, should the frame's navigation not reach the window. The bank's page may never answer
 * (refused, closed, lost): it can be opened again, or the purchase abandoned.
 * TermUrl is made whole with the address the app is on, so the bank's answer comes back to this very origin.
 */
export const DebitConfirmationPage = () => (
  <LiveFeedProvider>
    <IssuerStep />
  </LiveFeedProvider>
);

const IssuerStep = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = DebitConfirmationState.safeParse(location.state);
  const data = parsed.success ? parsed.data : null;
  const formRef = useRef<HTMLFormElement>(null);
  const [abandoning, setAbandoning] = useState(false);
  const [abandonError, setAbandonError] = useState<unknown>(null);

  const purchaseId = data?.purchaseId;
  useEffect(() => {
    if (purchaseId !== undefined) formRef.current?.submit();
  }, [purchaseId]);
  useLivePush("purchase:updated", (push) => {
    if (push.purchaseId === purchaseId && SETTLED.has(push.status)) {
      navigate(`/student/contratar-aulas?purchase=${push.purchaseId}`, { replace: true });
    }
  });

  if (!data) {
    return (
      <div className="page">
        <div className="alert alert-warning" role="status">
          {t("purchasing.debit.missing")}
        </div>
        <Link className="btn btn-primary" to="/student/contratar-aulas">
          {t("purchasing.debit.back")}
        </Link>
      </div>
    );
  }
  const { authorization } = data;
  const backToPurchase = `/student/contratar-aulas?purchase=${data.purchaseId}`;
  const abandon = () => {
    setAbandoning(true);
    setAbandonError(null);
    abandonDebit(data.purchaseId).then(
      () => navigate(backToPurchase, { replace: true }),
      (error: unknown) => {
        setAbandoning(false);
        setAbandonError(error);
      },
    );
  };
  return (
    <div className="page">
      <h1>{t("purchasing.debit.title")}</h1>
      <p>{t("purchasing.debit.help")}</p>
      <form ref={formRef} method="POST" action={authorization.redirect_url} target={ISSUER_FRAME} hidden>
        <input type="hidden" name="MD" value={authorization.post_data.issuer_payment_id} />
        <input type="hidden" name="PaReq" value={authorization.post_data.payer_authentication_request} />
        <input type="hidden" name="TermUrl" value={new URL(authorization.term_url, window.location.origin).href} />
      </form>
      <iframe name={ISSUER_FRAME} title={t("purchasing.debit.frame")} className="issuer-frame" />
      <p className="payment-note">{t("purchasing.debit.stuck")}</p>
      {abandonError !== null && (
        <>
          <ErrorAlert error={abandonError} />
          <Link to={backToPurchase}>{t("purchasing.debit.back")}</Link>
        </>
      )}
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={() => formRef.current?.submit()}>
          {t("purchasing.debit.retry")}
        </button>
        <button type="button" className="btn btn-outline" disabled={abandoning} onClick={abandon}>
          {t("purchasing.debit.abandon")}
        </button>
      </div>
    </div>
  );
};
