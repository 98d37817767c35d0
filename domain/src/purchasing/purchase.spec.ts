import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { type PurchaseEvent, purchaseDecider, purchaseErrors, type StartPurchase, totalsOf } from "./purchase";

const given = specFor(purchaseDecider);
const now = new Date("2026-11-24T15:00:00.000Z");
const later = new Date("2026-11-24T16:00:00.000Z");
const student = { id: 1001, login: "ana@example.com", firstName: "Ana", lastName: "Souza" };
const fourLessons = { packageId: 2, amount: 4, unitCents: 180_00, quantity: 1 };

const start = (overrides: Partial<StartPurchase> = {}): StartPurchase => ({
  type: "StartPurchase",
  id: 7,
  student,
  orders: [fourLessons],
  coupon: null,
  method: "CREDIT",
  installments: 2,
  card: { brand: "Visa", last4: "1111" },
  sessionId: "session-1",
  now,
  ...overrides,
});

const started = (
  overrides: Partial<Extract<PurchaseEvent, { type: "PurchaseStarted" }>["data"]> = {},
): PurchaseEvent => ({
  type: "PurchaseStarted",
  data: {
    id: 7,
    student,
    orders: [fourLessons],
    listCents: 180_00,
    coupon: null,
    totalCents: 180_00,
    credits: 4,
    method: "CREDIT",
    installments: 2,
    card: { brand: "Visa", last4: "1111" },
    sessionId: "session-1",
    startedAt: now.toISOString(),
    ...overrides,
  },
});
const paid = (by = "gateway", paymentId: string | null = "pay-1"): PurchaseEvent => ({
  type: "PurchasePaid",
  data: { paymentId, by, credits: 4, paidAt: later.toISOString() },
});
const pixAwaited = (expiresAt = "2026-11-24T15:30:00.000Z"): PurchaseEvent => ({
  type: "PurchasePaymentAwaited",
  data: { paymentId: "pix-1", payment: { kind: "PIX", qrCode: "000201…", expiresAt } },
});
const startedByPix = started({ method: "PIX", installments: 1, card: null });

describe("a purchase", () => {
  describe("starting it", () => {
    it("prices the packages, counts the credits and keeps only the card's brand and last four digits", () => {
      given([])
        .when(start({ orders: [fourLessons, { packageId: 1, amount: 1, unitCents: 47_00, quantity: 2 }] }))
        .then([
          started({
            orders: [fourLessons, { packageId: 1, amount: 1, unitCents: 47_00, quantity: 2 }],
            listCents: 274_00,
            totalCents: 274_00,
            credits: 6,
          }),
        ]);
    });

    it("takes the coupon's discount off, never below R$ 1,00", () => {
      given([])
        .when(start({ coupon: { id: 3, code: "TUDO", discountCents: 500_00 } }))
        .then([started({ coupon: { id: 3, code: "TUDO", discountCents: 179_00 }, totalCents: 1_00 })]);
    });

    it("refuses an empty cart with the spec's message", () => {
      given([])
        .when(start({ orders: [] }))
        .thenThrows(purchaseErrors.emptyOrder, "validation");
    });

    it("pays in up to 4 installments, by credit card only", () => {
      given([])
        .when(start({ installments: 5 }))
        .thenThrows(purchaseErrors.installments);
      given([])
        .when(start({ method: "DEBIT", installments: 2 }))
        .thenThrows(purchaseErrors.installments);
      given([])
        .when(start({ method: "PIX", installments: 3, card: null }))
        .thenThrows(purchaseErrors.installments);
    });

    it("is started once however often the same decision is retried", () => {
      given([started()]).when(start()).then([]);
    });
  });

  describe("paying", () => {
    it("records the payment with the credits it gives", () => {
      given([started()]).when({ type: "ConfirmPayment", paymentId: "pay-1", by: "gateway", now: later }).then([paid()]);
    });

    it("gives the credits once however many times, and by whichever path, the payment is confirmed", () => {
      given([started(), paid()])
        .when({ type: "ConfirmPayment", paymentId: "pay-1", by: "gateway", now: later })
        .then([]);
    });

    it("tells an administrator who marks a paid purchase paid that it already is, and records nothing", () => {
      given([startedByPix, pixAwaited(), paid("gateway", "pix-1")])
        .when({ type: "MarkPaid", by: "admin", now: later })
        .thenThrows(purchaseErrors.settled, "validation");
    });

    it("takes a Pix paid late, after its QR code expired: the money arrived", () => {
      const expired: PurchaseEvent = { type: "PurchaseExpired", data: { expiredAt: later.toISOString() } };
      given([startedByPix, pixAwaited(), expired])
        .when({ type: "ConfirmPayment", paymentId: "pix-1", by: "gateway", now: later })
        .then([paid("gateway", "pix-1")]);
    });

    it("lets an administrator mark a boleto, Pix or transfer paid by hand, never a card", () => {
      given([startedByPix, pixAwaited()])
        .when({ type: "MarkPaid", by: "admin@englishlessons.test", now: later })
        .then([paid("admin@englishlessons.test", "pix-1")]);
      given([started()]).when({ type: "MarkPaid", by: "admin", now: later }).thenThrows(purchaseErrors.notMarkable);
    });

    it("does not pay a failed purchase", () => {
      const failed: PurchaseEvent = {
        type: "PurchaseFailed",
        data: { reason: "Transação não autorizada", failedAt: now.toISOString() },
      };
      given([started(), failed])
        .when({ type: "ConfirmPayment", paymentId: "pay-1", by: "gateway", now: later })
        .thenThrows(purchaseErrors.settled, "conflict");
    });
  });

  describe("waiting for a Pix", () => {
    it("expires only once its time is over", () => {
      given([startedByPix, pixAwaited("2026-11-24T15:30:00.000Z")])
        .when({ type: "ExpirePurchase", now: new Date("2026-11-24T15:29:00.000Z") })
        .then([]);
      given([startedByPix, pixAwaited("2026-11-24T15:30:00.000Z")])
        .when({ type: "ExpirePurchase", now: later })
        .then([{ type: "PurchaseExpired", data: { expiredAt: later.toISOString() } }]);
    });

    it("never expires a paid one", () => {
      given([startedByPix, pixAwaited(), paid("gateway", "pix-1")])
        .when({ type: "ExpirePurchase", now: later })
        .then([]);
    });

    it("shows what the student must pay while waiting", () => {
      const state = stateFrom(purchaseDecider, [startedByPix, pixAwaited()]);
      expect(state.status).toBe("AWAIT_PAYMENT");
      expect(state.status !== "none" && state.awaited?.kind).toBe("PIX");
    });
  });

  describe("refunding", () => {
    it("refunds a paid purchase once", () => {
      const refunded: PurchaseEvent = {
        type: "PurchaseRefunded",
        data: { by: "admin", credits: 4, refundedAt: later.toISOString() },
      };
      given([started(), paid()]).when({ type: "RefundPurchase", by: "admin", now: later }).then([refunded]);
      given([started(), paid(), refunded]).when({ type: "RefundPurchase", by: "admin", now: later }).then([]);
    });

    it("refuses to refund what was never paid", () => {
      given([started()])
        .when({ type: "RefundPurchase", by: "admin", now: later })
        .thenThrows(purchaseErrors.notPaid, "conflict");
    });
  });

  it("totals: R$ 1,00 is the floor, and the discount shown is what was really taken off", () => {
    expect(totalsOf([fourLessons], 200_00)).toEqual({ listCents: 180_00, discountCents: 179_00, totalCents: 1_00 });
    expect(totalsOf([fourLessons], 18_00)).toEqual({ listCents: 180_00, discountCents: 18_00, totalCents: 162_00 });
  });
});
