import { purchaseMessages } from "./purchase-views";

/**
 * Settling a purchase whose checkout never recorded the gateway's answer (the process died in between): what
 * the gateway says of the charge made for our order id decides the outcome. Pure: the sweep asks the gateway,
 * this decides, the purchase decider records it (`ReconcilePurchase`).
 */

/** A charge as the gateway knows it, found by our order id (the purchase id); null when it has none. */
export type ChargeFinding = { paymentId: string; status: "PENDING" | "APPROVED" | "DENIED" | "EXPIRED" } | null;

/** What the student is told, in Portuguese. */
export const reconciliationReasons = {
  /** The gateway never charged: nothing to give back but the coupon's use. */
  notCharged: "Pagamento não concluído. Nada foi cobrado; tente novamente.",
  /** A charge was found and cancelled at the gateway: the money goes back to the payer. */
  cancelled: "Pagamento não concluído. A cobrança foi cancelada no meio de pagamento e nada fica cobrado.",
} as const;

export type ReconciliationPlan =
  | { outcome: "PAID"; paymentId: string }
  | { outcome: "FAILED"; paymentId: string | null; reason: string }
  /** Cancel the charge at the gateway first, then record the failure. */
  | { outcome: "CANCELLED"; paymentId: string; reason: string };

export const reconciliationPlan = (finding: ChargeFinding): ReconciliationPlan => {
  if (finding === null) return { outcome: "FAILED", paymentId: null, reason: reconciliationReasons.notCharged };
  switch (finding.status) {
    case "APPROVED":
      return { outcome: "PAID", paymentId: finding.paymentId };
    case "DENIED":
      return { outcome: "FAILED", paymentId: finding.paymentId, reason: purchaseMessages.declined };
    case "EXPIRED":
      return { outcome: "FAILED", paymentId: finding.paymentId, reason: reconciliationReasons.notCharged };
    case "PENDING":
      // A debit waiting for an authentication, a Pix or boleto nobody was shown: nobody can finish it now.
      return { outcome: "CANCELLED", paymentId: finding.paymentId, reason: reconciliationReasons.cancelled };
  }
};

/** An approved charge whose credits cannot be granted (the student was erased meanwhile) is cancelled instead. */
export const cancelledInstead = (paymentId: string): ReconciliationPlan => ({
  outcome: "CANCELLED",
  paymentId,
  reason: reconciliationReasons.cancelled,
});
