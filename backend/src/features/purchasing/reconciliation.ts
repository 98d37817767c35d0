import { DomainError } from "@el/domain";
import { accountErrors } from "@el/domain/accounts/index";
import {
  cancelledInstead,
  needsReconciliation,
  RECONCILIATION_GRACE_MS,
  type ReconciliationPlan,
  reconciliationPlan,
} from "@el/domain/purchasing/index";
import { purchasesToReconcile } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import { asSystem } from "../../event-store";
import { GatewayUnavailable } from "../../integrations/payments/payment-gateway";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { readPurchase, reconcilePurchaseCommand } from "./purchase-commands";

/**
 * A purchase still `PENDING` past `RECONCILIATION_GRACE_MS` never recorded the gateway's answer: its checkout's
 * process died between asking the gateway and recording the answer. It is settled by asking the gateway for the
 * charge made for its order id (the purchase id every charge request carries): approved, it is paid and the
 * credits granted; none, declined or expired, it fails and the coupon's use comes back; pending (nobody can finish
 * it), or approved for a student erased meanwhile, the charge is cancelled at the gateway and it fails. The outcome
 * is recorded as any other (the student's push and e-mails follow) with a `PurchaseReconciled` beside it.
 * Answers the outcome recorded, or undefined when there was nothing to do (or another process was first).
 */
export const reconcilePurchase = async (app: FastifyInstance, purchaseId: number) => {
  const purchase = await readPurchase(app, purchaseId);
  if (!needsReconciliation(purchase, app.clock.now())) return undefined;
  let plan: ReconciliationPlan = reconciliationPlan((await app.payments.findCharge(String(purchaseId))) ?? null);
  if (plan.outcome === "PAID") {
    try {
      return (await reconcilePurchaseCommand(app, purchaseId, plan)).result ? plan.outcome : undefined;
    } catch (error) {
      if (!(error instanceof DomainError && error.messageKey === accountErrors.deleted)) throw error;
      plan = cancelledInstead(plan.paymentId);
    }
  }
  // Cancelled before the failure is recorded: a failure recorded while the money stays taken would be the worst end.
  if (plan.outcome === "CANCELLED") await app.payments.cancelCharge(plan.paymentId, purchase.started.totalCents);
  return (await reconcilePurchaseCommand(app, purchaseId, plan)).result ? plan.outcome : undefined;
};

/**
 * The work list (purchases still `PENDING` past the grace period) is in PostgreSQL, so every process looks at it
 * and a purchase left by a crashed one is found by the others or by the same one restarted. Two processes settling
 * the same purchase record one outcome (the decider decides nothing for a purchase no longer `PENDING`).
 */
export const sweepPurchasesToReconcile = async (app: FastifyInstance) => {
  const now = app.clock.now();
  for (const purchaseId of await purchasesToReconcile(app.db, new Date(now.getTime() - RECONCILIATION_GRACE_MS))) {
    try {
      const outcome = await reconcilePurchase(app, purchaseId);
      if (outcome) app.log.warn({ purchaseId, outcome }, "purchase reconciled with the payment gateway");
    } catch (error) {
      // The purchase is looked at again at the next sweep; the others are not held up by it.
      if (error instanceof GatewayUnavailable) {
        app.log.warn({ purchaseId }, "payment gateway unavailable while reconciling a purchase");
      } else {
        app.log.error({ purchaseId, err: error }, "purchase reconciliation failed");
      }
    }
  }
};

export const startPurchaseReconciliation = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("purchase-reconciliation", () => sweepPurchasesToReconcile(app)),
    onError: (error) => app.log.error({ err: error }, "purchase reconciliation sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
