import { DebitAuthorizationData, type PurchaseStatus } from "@el/domain/purchasing/purchase-views";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { z } from "zod";
import { LiveFeedProvider, useLivePush } from "../../lib/socket";
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
 * goes there too, should the frame's navigation not reach the window.
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
  return (
    <div className="page">
      <h1>{t("purchasing.debit.title")}</h1>
      <p>{t("purchasing.debit.help")}</p>
      <form ref={formRef} method="POST" action={authorization.redirect_url} target={ISSUER_FRAME} hidden>
        <input type="hidden" name="MD" value={authorization.post_data.issuer_payment_id} />
        <input type="hidden" name="PaReq" value={authorization.post_data.payer_authentication_request} />
        <input type="hidden" name="TermUrl" value={authorization.term_url} />
      </form>
      <iframe name={ISSUER_FRAME} title={t("purchasing.debit.frame")} className="issuer-frame" />
    </div>
  );
};
