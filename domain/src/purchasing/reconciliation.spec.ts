import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import { type PurchaseEvent, purchaseDecider, RECONCILIATION_GRACE_MS, type ReconcilePurchase } from "./purchase";
import { purchaseMessages } from "./purchase-views";
import { cancelledInstead, reconciliationPlan, reconciliationReasons } from "./reconciliation";

const given = specFor(purchaseDecider);
const startedAt = new Date("2026-11-24T15:00:00.000Z");
const afterGrace = new Date(startedAt.getTime() + RECONCILIATION_GRACE_MS);
const withinGrace = new Date(afterGrace.getTime() - 1);

const started: PurchaseEvent = {
  type: "PurchaseStarted",
  data: {
    id: 7,
    student: { id: 1001, login: "ana@example.com", firstName: "Ana", lastName: "Souza" },
    orders: [{ packageId: 2, amount: 4, unitCents: 180_00, quantity: 1 }],
    listCents: 180_00,
    coupon: { id: 3, code: "UMAVEZ", discountCents: 18_00 },
    totalCents: 162_00,
    credits: 4,
    method: "CREDIT",
    installments: 1,
    card: { brand: "Visa", last4: "1111" },
    sessionId: "session-1",
    startedAt: startedAt.toISOString(),
  },
};

const reconcile = (overrides: Partial<ReconcilePurchase> = {}): ReconcilePurchase => ({
  type: "ReconcilePurchase",
  outcome: "PAID",
  paymentId: "pay-1",
  reason: "",
  now: afterGrace,
  ...overrides,
});
const reconciled = (outcome: "PAID" | "FAILED" | "CANCELLED", paymentId: string | null = "pay-1"): PurchaseEvent => ({
  type: "PurchaseReconciled",
  data: { outcome, paymentId, reconciledAt: afterGrace.toISOString() },
});
const paid: PurchaseEvent = {
  type: "PurchasePaid",
  data: { paymentId: "pay-1", by: "reconciliation", credits: 4, paidAt: afterGrace.toISOString() },
};
const failed = (reason: string): PurchaseEvent => ({
  type: "PurchaseFailed",
  data: { reason, failedAt: afterGrace.toISOString() },
});

describe("reconciling a purchase whose checkout never recorded the gateway's answer", () => {
  describe("what the gateway's charge for our order id decides", () => {
    it("an approved charge pays the purchase", () => {
      expect(reconciliationPlan({ paymentId: "pay-1", status: "APPROVED" })).toEqual({
        outcome: "PAID",
        paymentId: "pay-1",
      });
    });

    it("no charge, a declined or an expired one fails it: nothing was charged", () => {
      expect(reconciliationPlan(null)).toEqual({
        outcome: "FAILED",
        paymentId: null,
        reason: reconciliationReasons.notCharged,
      });
      expect(reconciliationPlan({ paymentId: "pay-1", status: "DENIED" })).toEqual({
        outcome: "FAILED",
        paymentId: "pay-1",
        reason: purchaseMessages.declined,
      });
      expect(reconciliationPlan({ paymentId: "pix-1", status: "EXPIRED" }).outcome).toBe("FAILED");
    });

    it("a charge still pending (nobody was shown how to finish it) is cancelled at the gateway", () => {
      expect(reconciliationPlan({ paymentId: "debit-1", status: "PENDING" })).toEqual({
        outcome: "CANCELLED",
        paymentId: "debit-1",
        reason: reconciliationReasons.cancelled,
      });
      expect(cancelledInstead("pay-1")).toEqual({
        outcome: "CANCELLED",
        paymentId: "pay-1",
        reason: reconciliationReasons.cancelled,
      });
    });
  });

  describe("recording it", () => {
    it("pays with the purchase's credits, saying it was reconciled", () => {
      given([started])
        .when(reconcile())
        .then([reconciled("PAID"), paid]);
    });

    it("fails with the reason the student is told", () => {
      given([started])
        .when(reconcile({ outcome: "FAILED", paymentId: null, reason: reconciliationReasons.notCharged }))
        .then([reconciled("FAILED", null), failed(reconciliationReasons.notCharged)]);
      given([started])
        .when(reconcile({ outcome: "CANCELLED", reason: reconciliationReasons.cancelled }))
        .then([reconciled("CANCELLED"), failed(reconciliationReasons.cancelled)]);
    });

    it("leaves a purchase still within its checkout's time alone", () => {
      given([started])
        .when(reconcile({ now: withinGrace }))
        .then([]);
    });

    it("decides nothing once the purchase has its outcome: the checkout was only slow, or another process was first", () => {
      const gatewayPaid: PurchaseEvent = {
        type: "PurchasePaid",
        data: { paymentId: "pay-1", by: "gateway", credits: 4, paidAt: startedAt.toISOString() },
      };
      given([started, gatewayPaid]).when(reconcile()).then([]);
      given([started, reconciled("PAID"), paid])
        .when(reconcile())
        .then([]);
      given([started, reconciled("FAILED", null), failed(reconciliationReasons.notCharged)])
        .when(reconcile({ outcome: "FAILED", paymentId: null }))
        .then([]);
    });
  });
});
