import type { DebitAuthorizationData } from "@el/domain/purchasing/purchase-views";
import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useLiveFeed } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { fetchItemPackages } from "../api/get-item-packages";
import { fetchBuyerDetails, fetchPaymentGateway } from "../api/payment-step";
import { checkoutMachine } from "../checkout/checkout.machine";
import { PurchaseHistory } from "../history/purchase-history";
import { CartSummary, priceCart } from "./cart-summary";
import { CouponField } from "./coupon-field";
import { useDeviceFingerprint } from "./device-fingerprint";
import { type OrderOutcome, OrderResultModal } from "./order-result-modal";
import { PackageCards } from "./package-cards";
import { PaymentForm } from "./payment-form";
import "../purchasing.css";

/** What `/debit/confirmation` receives through the router to open the bank's page. */
export interface DebitConfirmationState {
  purchaseId: number;
  authorization: DebitAuthorizationData;
}

const OUTCOMES: readonly OrderOutcome[] = ["approved", "paid", "expired", "failed", "awaitingPayment"];
const PROGRESS = ["preordering", "waitingFingerprint", "submitting", "awaitingAuthorisation"] as const;
const PROGRESS_TEXT: Record<(typeof PROGRESS)[number], string> = {
  preordering: "purchasing.progress.preordering",
  waitingFingerprint: "purchasing.progress.waiting",
  submitting: "purchasing.progress.submitting",
  awaitingAuthorisation: "purchasing.progress.submitting",
};

/** `?purchase=41`: back from the bank's page, the purchase whose outcome to show. */
const purchaseIdOf = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Contratar aulas (spec section 2): the packs with their counters, the cart, the payment form once the
 * purchase is started, the order's result and the purchase history. The flow is checkout.machine.ts.
 */
export const BuyLessonsPage = () => {
  const { t } = useTranslation();
  const feed = useLiveFeed();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const packages = useResource(fetchItemPackages, "item-packages");
  const gateway = useResource(fetchPaymentGateway, "payment-gateway");
  const sandbox = gateway.status === "ready" && gateway.data.sandbox;

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [machine] = useState(() =>
    checkoutMachine.provide({
      actions: {
        openIssuerStep: (_, { purchaseId, authorization }) => {
          if (!authorization) return;
          const state: DebitConfirmationState = { purchaseId, authorization };
          navigateRef.current("/debit/confirmation", { state });
        },
      },
    }),
  );
  const checkout = useActorRef(machine, {
    input: { feed, returningPurchaseId: purchaseIdOf(searchParams.get("purchase")) },
  });
  const snapshot = useSelector(checkout, (state) => state);
  const { cart, coupon, couponError, emptyCartWarning, result, error } = snapshot.context;
  // Read again after each order: the checkout keeps what was typed for the next one.
  const buyer = useResource(fetchBuyerDetails, `buyer-${result?.purchaseId ?? "none"}`);
  useDeviceFingerprint(
    gateway.status === "ready" ? gateway.data.fingerprint : null,
    snapshot.context.preorder?.sessionId ?? null,
  );

  const selecting = snapshot.matches("selecting");
  const outcome = OUTCOMES.find((candidate) => snapshot.matches(candidate)) ?? null;
  const progress = PROGRESS.find((candidate) => snapshot.matches(candidate)) ?? null;
  const formShown = !selecting && !snapshot.matches("returning") && cart.length > 0;
  const priced = priceCart(cart, packages.status === "ready" ? packages.data : []);
  const total = coupon ? coupon.total : priced.total;

  const closeResult = () => {
    checkout.send({ type: "result.closed" });
    if (searchParams.has("purchase")) setSearchParams({}, { replace: true });
  };

  return (
    <div className="buy-lessons">
      <section className="card buy-packages" aria-labelledby="buy-packages-title">
        <h2 id="buy-packages-title">{t("purchasing.packages.title")}</h2>
        {packages.status === "loading" && <Loading />}
        {packages.status === "failed" && (
          <>
            <ErrorAlert error={packages.error} />
            <button type="button" className="btn btn-outline" onClick={packages.reload}>
              {t("purchasing.packages.retry")}
            </button>
          </>
        )}
        {packages.status === "ready" && packages.data.length === 0 && <Empty>{t("purchasing.packages.none")}</Empty>}
        {packages.status === "ready" && packages.data.length > 0 && (
          <PackageCards
            packages={packages.data}
            cart={cart}
            locked={!selecting}
            onAdd={(packageId) => checkout.send({ type: "cart.packageAdded", packageId })}
            onRemove={(packageId) => checkout.send({ type: "cart.packageRemoved", packageId })}
          />
        )}
      </section>

      <section className="card buy-cart" aria-labelledby="buy-cart-title">
        <h2 id="buy-cart-title">{t("purchasing.cart.title")}</h2>
        <CartSummary cart={cart} packages={packages.status === "ready" ? packages.data : []} coupon={coupon} />
        {selecting ? (
          <>
            {emptyCartWarning && (
              <p className="alert alert-warning" role="alert">
                {t("purchasing.warnings.emptyCart")}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary"
              disabled={packages.status !== "ready"}
              onClick={() => checkout.send({ type: "checkout.started" })}
            >
              {t("purchasing.cart.start")}
            </button>
          </>
        ) : (
          formShown && <p className="payment-note">{t("purchasing.cart.locked")}</p>
        )}
      </section>

      {formShown && (
        <section className="card buy-payment" aria-labelledby="buy-payment-title">
          <h2 id="buy-payment-title">{t("purchasing.form.title")}</h2>
          <CouponField
            coupon={coupon}
            error={couponError}
            validating={snapshot.matches({ locked: "validatingCoupon" })}
            disabled={!snapshot.matches("locked")}
            onApply={(code) => checkout.send({ type: "coupon.applied", code })}
            onRemove={() => checkout.send({ type: "coupon.removed" })}
          />
          <PaymentForm
            total={total}
            busy={!snapshot.matches({ locked: "idle" })}
            cancellable={snapshot.matches("locked") || progress === "preordering" || progress === "waitingFingerprint"}
            saved={buyer.status === "ready" ? buyer.data : null}
            onSubmit={(details) => checkout.send({ type: "checkout.submitted", details })}
            onCancel={() => checkout.send({ type: "checkout.cancelled" })}
          />
          {progress && (
            <div className="status" role="status" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              {t(PROGRESS_TEXT[progress])}
            </div>
          )}
        </section>
      )}

      {snapshot.matches("returning") && <Loading />}

      <PurchaseHistory
        version={`${outcome ?? "none"}-${result?.purchaseId ?? ""}`}
        sandbox={sandbox}
        onPay={selecting ? (purchase) => checkout.send({ type: "purchase.reviewed", purchase }) : undefined}
      />

      {outcome && (
        <OrderResultModal
          outcome={outcome}
          result={result}
          error={error}
          onClose={closeResult}
          onRetry={cart.length > 0 ? () => checkout.send({ type: "checkout.retried" }) : undefined}
          actions={{
            sandbox,
            onOpenBank: (purchaseId, authorization) => {
              const state: DebitConfirmationState = { purchaseId, authorization };
              navigate("/debit/confirmation", { state });
            },
            onAbandoned: (purchase) => checkout.send({ type: "purchase.abandoned", purchase }),
          }}
        />
      )}
    </div>
  );
};
