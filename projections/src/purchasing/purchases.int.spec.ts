import { type PurchaseEvent, purchaseStreams } from "@el/domain/purchasing/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import {
  duePurchases,
  findPurchase,
  findPurchaseByPaymentId,
  pagePurchases,
  purchasesOfStudent,
  purchasesProjector,
  purchasesToReconcile,
  totalPaid,
} from "./purchases";

const purchase = (id: number, event: PurchaseEvent, at?: string) => on(purchaseStreams.id(id), event, at);
const started = (id: number, studentId: number, method: "CREDIT" | "PIX" = "CREDIT", totalCents = 180_00) =>
  purchase(id, {
    type: "PurchaseStarted",
    data: {
      id,
      student: { id: studentId, login: `student${studentId}@example.com`, firstName: "Ana", lastName: "Souza" },
      orders: [{ packageId: 2, amount: 4, unitCents: 180_00, quantity: 1 }],
      listCents: 180_00,
      coupon: totalCents < 180_00 ? { id: 3, code: "BEMVINDO", discountCents: 180_00 - totalCents } : null,
      totalCents,
      credits: 4,
      method,
      installments: 1,
      card: method === "CREDIT" ? { brand: "Visa", last4: "1111" } : null,
      sessionId: "s",
      startedAt: `2026-11-${String(10 + (id % 10)).padStart(2, "0")}T15:00:00.000Z`,
    },
  });
const paid = (id: number) =>
  purchase(id, {
    type: "PurchasePaid",
    data: { paymentId: `pay-${id}`, by: "gateway", credits: 4, paidAt: "2026-11-20T15:00:00.000Z" },
  });
const pix = (id: number, expiresAt: string) =>
  purchase(id, {
    type: "PurchasePaymentAwaited",
    data: { paymentId: `pix-${id}`, payment: { kind: "PIX", qrCode: "000201…6304ABCD", expiresAt } },
  });

describe("purchases read model", () => {
  const spec = projectionSpec(purchasesProjector);
  afterAll(() => spec.close());

  it("shows a student their purchases newest first, with the coupon's discount and the card's last four digits", () =>
    spec
      .given(started(1, 1001), started(2, 1001, "CREDIT", 162_00), started(3, 2002))
      .when(paid(2))
      .then(async ({ sql }) => {
        const mine = await purchasesOfStudent(sql, 1001);
        expect(mine.map((row) => [row.id, row.status])).toEqual([
          [2, "PAID"],
          [1, "PENDING"],
        ]);
        expect(mine[0]).toMatchObject({
          discountCents: 18_00,
          totalCents: 162_00,
          couponCode: "BEMVINDO",
          card: { last4: "1111" },
        });
      }));

  it("tells the student each time a purchase moves on", () =>
    spec
      .given(started(1, 1001, "PIX"))
      .when(pix(1, "2026-11-11T15:30:00.000Z"), paid(1))
      .then(({ pushes }) =>
        expect(pushes).toEqual([
          { room: "user:1001", event: "purchase:updated", payload: { purchaseId: 1, status: "AWAIT_PAYMENT" } },
          { room: "user:1001", event: "purchase:updated", payload: { purchaseId: 1, status: "PAID" } },
        ]),
      ));

  it("keeps what a Pix buyer must pay until it is paid, and finds the purchase by the gateway's payment id", () =>
    spec
      .given(started(1, 1001, "PIX"))
      .when(pix(1, "2026-11-11T15:30:00.000Z"))
      .then(async ({ sql }) => {
        expect((await findPurchase(sql, 1))?.payment).toMatchObject({ kind: "PIX", qrCode: "000201…6304ABCD" });
        expect((await findPurchaseByPaymentId(sql, "pix-1"))?.id).toBe(1);
      }));

  it("lists for the expiry job only the unpaid Pix whose time is over", () =>
    spec
      .given(started(1, 1001, "PIX"), started(2, 1001, "PIX"), started(3, 1001, "PIX"))
      .when(
        pix(1, "2026-11-11T15:30:00.000Z"),
        pix(2, "2026-11-12T15:30:00.000Z"),
        pix(3, "2026-11-11T15:00:00.000Z"),
        paid(3),
      )
      .then(async ({ sql }) => expect(await duePurchases(sql, new Date("2026-11-12T00:00:00.000Z"))).toEqual([1])));

  it("lists for the reconciliation the purchases still without an answer, and marks those it settled", () =>
    spec
      .given(started(1, 1001), started(2, 1001), started(3, 1001), started(4, 1001))
      .when(
        paid(2),
        purchase(3, {
          type: "PurchaseReconciled",
          data: { outcome: "CANCELLED", paymentId: "pay-3", reconciledAt: "2026-11-20T15:00:00.000Z" },
        }),
        purchase(3, {
          type: "PurchaseFailed",
          data: { reason: "Pagamento não concluído.", failedAt: "2026-11-20T15:00:00.000Z" },
        }),
      )
      .then(async ({ sql, pushes }) => {
        // Purchases 1 to 4 started on 2026-11-11 to 14: the 4th is still within its time.
        expect(await purchasesToReconcile(sql, new Date("2026-11-14T14:00:00.000Z"))).toEqual([1]);
        expect((await findPurchase(sql, 3))?.reconciled).toBe(true);
        expect((await findPurchase(sql, 2))?.reconciled).toBe(false);
        // The charge it found (and cancelled) stays the purchase's reference at the gateway.
        expect((await findPurchase(sql, 3))?.paymentId).toBe("pay-3");
        // The mark alone tells nobody; the outcome after it tells the student.
        expect(pushes.map((push) => push.payload)).toEqual([
          { purchaseId: 2, status: "PAID" },
          { purchaseId: 3, status: "FAILED" },
        ]);
      }));

  it("filters the back office's list and sums only what was paid", () =>
    spec
      .given(started(1, 1001), started(2, 1001, "PIX", 100_00), started(3, 2002), started(4, 2002))
      .when(paid(1), paid(2), paid(3))
      .then(async ({ sql }) => {
        const byStudent = await pagePurchases(sql, { studentId: 2002 }, { page: 0, size: 10 });
        expect([byStudent.total, byStudent.items.map((row) => row.id)]).toEqual([2, [4, 3]]);
        expect((await pagePurchases(sql, { method: "PIX" }, { page: 0, size: 10 })).items.map((row) => row.id)).toEqual(
          [2],
        );
        expect(await totalPaid(sql, {})).toEqual({ cents: 460_00, count: 3 });
        // 2026-11-12 and 2026-11-13, São Paulo days: purchases 2 and 3.
        expect(await totalPaid(sql, { from: "2026-11-12", to: "2026-11-13" })).toEqual({ cents: 280_00, count: 2 });
      }));
});
