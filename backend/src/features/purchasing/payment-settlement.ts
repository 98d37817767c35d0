import { duePurchases } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import { asSystem } from "../../event-store";
import { GatewayUnavailable } from "../../integrations/payments/payment-gateway";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { confirmPaymentCommand, expirePurchaseCommand, failPurchaseCommand, readPurchase } from "./purchase-commands";
import { startPurchaseReconciliation } from "./reconciliation";

export const PAYMENT_REFUSED = "Pagamento não autorizado";

/**
 * What a notification, the sandbox's "pay now" and the expiry job all do: ask the gateway, by the payment
 * id the purchase recorded, how the payment stands, and record that. A notification only says "look
 * again" (anyone can forge one); each outcome is recorded once however often or concurrently it is told.
 * Answers the purchase's status afterwards.
 */
export const settlePurchase = async (
  app: FastifyInstance,
  purchaseId: number,
  options: { expireIfDue?: boolean } = {},
) => {
  const purchase = await readPurchase(app, purchaseId);
  if (
    purchase.paymentId &&
    (purchase.status === "AWAIT_PAYMENT" || purchase.status === "EXPIRED" || purchase.status === "AWAIT_AUTHORIZATION")
  ) {
    const status = await app.payments.paymentStatus(purchase.paymentId);
    if (status === "APPROVED") {
      await confirmPaymentCommand(app, purchaseId, { paymentId: purchase.paymentId, by: "gateway" });
    } else if (status === "DENIED" && purchase.status !== "EXPIRED") {
      await failPurchaseCommand(app, purchaseId, PAYMENT_REFUSED);
    } else if ((status === "EXPIRED" || options.expireIfDue) && purchase.status === "AWAIT_PAYMENT") {
      await expirePurchaseCommand(app, purchaseId);
    }
  }
  return (await readPurchase(app, purchaseId)).status;
};

/**
 * The work list of unpaid Pix and boletos past their time lives in PostgreSQL (the purchases read model),
 * so what is due survives any restart; every process looks at it every `intervalMs` (settling is idempotent,
 * so two processes doing the same one cost a lost race, not a second outcome). A payment that arrived just
 * before its expiry is still found paid by the gateway and credited.
 */
export const sweepDuePurchases = async (app: FastifyInstance) => {
  for (const purchaseId of await duePurchases(app.db, app.clock.now())) {
    try {
      await settlePurchase(app, purchaseId, { expireIfDue: true });
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      // The gateway will be asked again at the next sweep.
      app.log.warn({ purchaseId }, "payment gateway unavailable while expiring a purchase");
    }
  }
};

/**
 * The purchases' periodic work, every `intervalMs` in each process: expiring unpaid Pix and boletos, and
 * reconciling purchases whose checkout never recorded the gateway's answer (`reconciliation.ts`).
 */
export const startPurchaseExpiry = (app: FastifyInstance, intervalMs: number) => {
  startPurchaseReconciliation(app, intervalMs);
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("purchase-expiry", () => sweepDuePurchases(app)),
    onError: (error) => app.log.error({ err: error }, "purchase expiry sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
