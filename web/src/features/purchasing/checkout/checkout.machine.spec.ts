import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import {
  CHECKOUT_DELAY_MS,
  type CheckoutBody,
  type CheckoutResult,
  type DebitAuthorizationData,
  type PackageLine,
  type PreorderView,
  type PurchaseView,
} from "@el/domain/purchasing/purchase-views";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { ApiError } from "../../../lib/api";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { APPROVED, COUPON, DEBIT, DETAILS, PIX, PREORDER, purchase } from "../test/checkout-fixtures";
import { checkoutMachine, resultOfPurchase } from "./checkout.machine";

interface Calls {
  coupons: { code: string; cart: PackageLine[] }[];
  preorders: PackageLine[][];
  /** Each checkout request's body and `Idempotency-Key`, as they went over the wire. */
  readonly checkouts: [CheckoutBody, string | null][];
  purchaseLoads: number[];
  issuerSteps: { purchaseId: number; authorization: DebitAuthorizationData | null }[];
}

const CHECKOUT_PATH = "/api/purchases/checkout";

/**
 * The checkout goes out through the real request (`fetch` answered by `fakeApi`), so the test sees the
 * body and key the machine builds; the other requests are replaced with `provide`.
 */
const start = (
  options: {
    checkout?: (request: FakeRequest) => Response | Promise<Response>;
    preorder?: () => Promise<PreorderView>;
    coupon?: () => Promise<CouponValidationView>;
    purchase?: () => Promise<PurchaseView>;
    returningPurchaseId?: number;
  } = {},
) => {
  const live = createManualFeed();
  const requests = fakeApi({ [`POST ${CHECKOUT_PATH}`]: options.checkout ?? (() => json(APPROVED)) });
  const calls: Calls = {
    coupons: [],
    preorders: [],
    get checkouts() {
      return requests
        .filter((request) => request.method === "POST" && request.path === CHECKOUT_PATH)
        .map((request): [CheckoutBody, string | null] => [
          request.body as CheckoutBody,
          request.headers.get("Idempotency-Key"),
        ]);
    },
    purchaseLoads: [],
    issuerSteps: [],
  };
  const machine = checkoutMachine.provide({
    actors: {
      validateCoupon: fromPromise(async ({ input }) => {
        calls.coupons.push(input);
        return (options.coupon ?? (async () => COUPON))();
      }),
      preorder: fromPromise(async ({ input }) => {
        calls.preorders.push(input.cart);
        return (options.preorder ?? (async () => PREORDER))();
      }),
      loadPurchase: fromPromise(async ({ input }) => {
        calls.purchaseLoads.push(input.purchaseId);
        return (options.purchase ?? (async () => purchase({})))();
      }),
    },
    actions: {
      openIssuerStep: (_, params) => {
        calls.issuerSteps.push(params);
      },
    },
  });
  const actor = createActor(machine, {
    input: { feed: live.feed, returningPurchaseId: options.returningPurchaseId },
  }).start();
  return { actor, live, calls };
};

/** Lets answered promises land without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Adds the 4-lesson pack, starts the purchase and submits the form; the pre-order is answered. */
const submitted = async (run: ReturnType<typeof start>) => {
  run.actor.send({ type: "cart.packageAdded", packageId: 2 });
  run.actor.send({ type: "checkout.started" });
  run.actor.send({ type: "checkout.submitted", details: DETAILS });
  await settle();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("buying lessons", () => {
  it("counts packages in the cart, up and down, and drops a package counted back to zero", () => {
    const { actor } = start();
    actor.send({ type: "cart.packageAdded", packageId: 2 });
    actor.send({ type: "cart.packageAdded", packageId: 1 });
    actor.send({ type: "cart.packageAdded", packageId: 2 });
    expect(actor.getSnapshot().context.cart).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 2 },
    ]);
    actor.send({ type: "cart.packageRemoved", packageId: 1 });
    actor.send({ type: "cart.packageRemoved", packageId: 1 });
    expect(actor.getSnapshot().context.cart).toEqual([{ id: 2, quantity: 2 }]);
  });

  it("will not start with an empty cart, and warns until a package is chosen", () => {
    const { actor } = start();
    actor.send({ type: "checkout.started" });
    expect(actor.getSnapshot().matches("selecting")).toBe(true);
    expect(actor.getSnapshot().context.emptyCartWarning).toBe(true);
    actor.send({ type: "cart.packageAdded", packageId: 1 });
    expect(actor.getSnapshot().context.emptyCartWarning).toBe(false);
  });

  it("locks the cart once the purchase is started, and unlocks it on cancel without the coupon", async () => {
    const { actor } = start();
    actor.send({ type: "cart.packageAdded", packageId: 2 });
    actor.send({ type: "checkout.started" });
    expect(actor.getSnapshot().matches("locked")).toBe(true);
    actor.send({ type: "cart.packageAdded", packageId: 1 });
    actor.send({ type: "cart.packageRemoved", packageId: 2 });
    expect(actor.getSnapshot().context.cart).toEqual([{ id: 2, quantity: 1 }]);

    actor.send({ type: "coupon.applied", code: "BEMVINDO" });
    await settle();
    expect(actor.getSnapshot().context.coupon).toEqual(COUPON);
    actor.send({ type: "checkout.cancelled" });
    expect(actor.getSnapshot().matches("selecting")).toBe(true);
    expect(actor.getSnapshot().context.coupon).toBeNull();
    actor.send({ type: "cart.packageAdded", packageId: 1 });
    expect(actor.getSnapshot().context.cart).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 1 },
    ]);
  });

  it("validates a coupon against the locked cart, keeps the refusal to show, and removes a coupon", async () => {
    const refused = new ApiError(400, "Cupom não é válido.");
    let answer: () => Promise<CouponValidationView> = () => Promise.reject(refused);
    const run = start({ coupon: () => answer() });
    run.actor.send({ type: "cart.packageAdded", packageId: 2 });
    run.actor.send({ type: "cart.packageAdded", packageId: 2 });
    run.actor.send({ type: "checkout.started" });
    run.actor.send({ type: "coupon.applied", code: " NOPE " });
    expect(run.actor.getSnapshot().matches({ locked: "validatingCoupon" })).toBe(true);
    await settle();
    expect(run.calls.coupons).toEqual([{ code: "NOPE", cart: [{ id: 2, quantity: 2 }] }]);
    expect(run.actor.getSnapshot().context.couponError).toBe(refused);
    expect(run.actor.getSnapshot().context.coupon).toBeNull();

    answer = async () => COUPON;
    run.actor.send({ type: "coupon.applied", code: "BEMVINDO" });
    await settle();
    expect(run.actor.getSnapshot().context.coupon).toEqual(COUPON);
    expect(run.actor.getSnapshot().context.couponError).toBeNull();
    run.actor.send({ type: "coupon.removed" });
    expect(run.actor.getSnapshot().context.coupon).toBeNull();
  });

  it("pre-orders, waits the 5 s of the device fingerprint after the answer, then checks out once", async () => {
    const run = start();
    run.actor.send({ type: "cart.packageAdded", packageId: 2 });
    run.actor.send({ type: "checkout.started" });
    run.actor.send({ type: "coupon.applied", code: "BEMVINDO" });
    await settle();
    run.actor.send({ type: "checkout.submitted", details: DETAILS });
    expect(run.actor.getSnapshot().matches("preordering")).toBe(true);
    await settle();
    expect(run.calls.preorders).toEqual([[{ id: 2, quantity: 1 }]]);
    expect(run.actor.getSnapshot().matches("waitingFingerprint")).toBe(true);

    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS - 1);
    expect(run.calls.checkouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.calls.checkouts).toHaveLength(1);
    const [body, key] = run.calls.checkouts[0] ?? [];
    expect(body).toEqual({
      ...DETAILS,
      coupon: { code: "BEMVINDO" },
      packages: [{ id: 2, quantity: 1 }],
      orders: PREORDER.orders,
      sessionId: "fp-session-1",
    });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(run.actor.getSnapshot().matches("approved")).toBe(true);
    expect(run.actor.getSnapshot().context.result).toEqual(APPROVED);
  });

  it("starts the 5 s only once the pre-order answered", async () => {
    let answerPreorder: (view: PreorderView) => void = () => {};
    const run = start({ preorder: () => new Promise((resolve) => (answerPreorder = resolve)) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS * 2);
    expect(run.actor.getSnapshot().matches("preordering")).toBe(true);
    answerPreorder(PREORDER);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS - 1);
    expect(run.calls.checkouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.calls.checkouts).toHaveLength(1);
  });

  it("sends nothing when the student cancels during the wait, and keeps the cart locked for another try", async () => {
    const run = start();
    await submitted(run);
    run.actor.send({ type: "checkout.cancelled" });
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS * 2);
    expect(run.calls.checkouts).toEqual([]);
    expect(run.actor.getSnapshot().matches("locked")).toBe(true);
  });

  it("closing the result empties the cart and the coupon", async () => {
    const run = start();
    run.actor.send({ type: "cart.packageAdded", packageId: 2 });
    run.actor.send({ type: "checkout.started" });
    run.actor.send({ type: "coupon.applied", code: "BEMVINDO" });
    await settle();
    run.actor.send({ type: "checkout.submitted", details: DETAILS });
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("approved")).toBe(true);
    run.actor.send({ type: "result.closed" });
    const { context } = run.actor.getSnapshot();
    expect(run.actor.getSnapshot().matches("selecting")).toBe(true);
    expect(context.cart).toEqual([]);
    expect(context.coupon).toBeNull();
    expect(context.result).toBeNull();
  });

  it("sends a debit card to the bank's 3-D Secure page with what the issuer needs", async () => {
    const run = start({
      checkout: () => json({ purchaseId: 41, status: "AWAIT_AUTHORIZATION", message: "", additionalData: DEBIT }),
    });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("awaitingAuthorisation")).toBe(true);
    expect(run.calls.issuerSteps).toEqual([{ purchaseId: 41, authorization: DEBIT }]);
  });

  it("shows a Pix awaiting payment and turns it paid live, ignoring other purchases' pushes", async () => {
    const run = start({ checkout: () => json(PIX) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("awaitingPayment")).toBe(true);
    expect(run.live.listenerCount("purchase:updated")).toBe(1);

    run.live.push("purchase:updated", { purchaseId: 7, status: "PAID" });
    expect(run.actor.getSnapshot().matches("awaitingPayment")).toBe(true);
    run.live.push("purchase:updated", { purchaseId: 42, status: "PAID" });
    expect(run.actor.getSnapshot().matches("paid")).toBe(true);
    // The watch ends with the wait.
    expect(run.live.listenerCount("purchase:updated")).toBe(0);
  });

  it("watches a card charge the server is still confirming, and ends where the server's reconciliation settles it", async () => {
    const pending: CheckoutResult = { purchaseId: 46, status: "PENDING", message: "", additionalData: null };
    const run = start({ checkout: () => json(pending) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("awaitingPayment")).toBe(true);
    run.live.push("purchase:updated", { purchaseId: 46, status: "FAILED" });
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
  });

  it("reads a purchase still PENDING back as being confirmed, not as a debit", () => {
    expect(resultOfPurchase(purchase({ id: 46, method: "CREDIT", status: "PENDING", payment: null }))).toEqual({
      purchaseId: 46,
      status: "PENDING",
      message: "",
      additionalData: null,
    });
  });

  it("tells when a Pix expired unpaid", async () => {
    const run = start({ checkout: () => json(PIX) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    run.live.push("purchase:updated", { purchaseId: 42, status: "EXPIRED" });
    expect(run.actor.getSnapshot().matches("expired")).toBe(true);
  });

  it("reads the purchase again when the connection came back without the pushes sent meanwhile", async () => {
    const run = start({ checkout: () => json(PIX), purchase: async () => purchase({ status: "PAID" }) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    run.live.reconnect();
    await settle();
    expect(run.calls.purchaseLoads).toEqual([42]);
    expect(run.actor.getSnapshot().matches("paid")).toBe(true);
  });

  it("keeps waiting when the purchase read after a reconnection is still unpaid", async () => {
    const run = start({ checkout: () => json(PIX), purchase: async () => purchase({}) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    run.live.reconnect();
    await settle();
    expect(run.actor.getSnapshot().matches({ awaitingPayment: "watching" })).toBe(true);
  });

  it("shows the gateway's refusal, and a retry goes back to the locked form with a new key", async () => {
    let answer = () =>
      json({ purchaseId: 43, status: "ERROR", message: "Transação não autorizada", additionalData: null });
    const run = start({ checkout: () => answer() });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
    expect(run.actor.getSnapshot().context.result?.message).toBe("Transação não autorizada");

    run.actor.send({ type: "checkout.retried" });
    expect(run.actor.getSnapshot().matches("locked")).toBe(true);
    expect(run.actor.getSnapshot().context.cart).toEqual([{ id: 2, quantity: 1 }]);
    answer = () => json(APPROVED);
    run.actor.send({ type: "checkout.submitted", details: DETAILS });
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("approved")).toBe(true);
    const keys = run.calls.checkouts.map(([, key]) => key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("sends a checkout whose answer was lost again as it was, same key, without a new pre-order", async () => {
    let attempts = 0;
    const run = start({
      checkout: () => {
        attempts += 1;
        // The connection dropped: `fetch` itself fails, as it does in a browser.
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return json(APPROVED);
      },
    });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
    expect(run.actor.getSnapshot().context.error).toMatchObject({
      status: 0,
      messageKey: "error.server.not.reachable",
    });
    run.actor.send({ type: "checkout.retried" });
    await settle();
    expect(run.actor.getSnapshot().matches("approved")).toBe(true);
    expect(run.calls.preorders).toHaveLength(1);
    expect(run.calls.checkouts).toHaveLength(2);
    const [first, second] = run.calls.checkouts;
    expect(second).toEqual(first);
  });

  it("after a checkout refused as invalid (4xx), a retry goes back to the form for a new attempt", async () => {
    const run = start({ checkout: () => json({ message: "error.checkout.card" }, { status: 400 }) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    run.actor.send({ type: "checkout.retried" });
    expect(run.actor.getSnapshot().matches("locked")).toBe(true);
    expect(run.calls.checkouts).toHaveLength(1);
  });

  it("fails with the request's error when the pre-order cannot be made, and sends no checkout", async () => {
    const unreachable = new ApiError(0, "error.server.not.reachable");
    const run = start({ preorder: () => Promise.reject(unreachable) });
    await submitted(run);
    await vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS);
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
    expect(run.actor.getSnapshot().context.error).toBe(unreachable);
    expect(run.calls.checkouts).toEqual([]);
  });

  it("back from the bank, shows the purchase's outcome read from the student's purchases", async () => {
    const run = start({
      returningPurchaseId: 41,
      purchase: async () => purchase({ id: 41, method: "DEBIT", status: "PAID" }),
    });
    await settle();
    expect(run.calls.purchaseLoads).toEqual([41]);
    expect(run.actor.getSnapshot().matches("approved")).toBe(true);
    run.actor.send({ type: "result.closed" });
    expect(run.actor.getSnapshot().matches("selecting")).toBe(true);
  });

  it("back from the bank before the purchase is settled, waits for its push", async () => {
    const run = start({
      returningPurchaseId: 41,
      purchase: async () => purchase({ id: 41, method: "DEBIT", status: "AWAIT_AUTHORIZATION", payment: DEBIT }),
    });
    await settle();
    expect(run.actor.getSnapshot().matches("awaitingPayment")).toBe(true);
    run.live.push("purchase:updated", { purchaseId: 41, status: "FAILED" });
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
  });

  it("back from the bank with a declined debit, shows why", async () => {
    const run = start({
      returningPurchaseId: 41,
      purchase: async () => purchase({ id: 41, method: "DEBIT", status: "FAILED", failure: "Autenticação recusada" }),
    });
    await settle();
    expect(run.actor.getSnapshot().matches("failed")).toBe(true);
    expect(run.actor.getSnapshot().context.result?.message).toBe("Autenticação recusada");
  });

  it("opens a pending Pix of the history to pay it", async () => {
    const run = start();
    run.actor.send({ type: "purchase.reviewed", purchase: purchase({}) });
    expect(run.actor.getSnapshot().matches("awaitingPayment")).toBe(true);
    expect(run.actor.getSnapshot().context.result?.additionalData).toEqual(PIX.additionalData);
    run.live.push("purchase:updated", { purchaseId: 42, status: "PAID" });
    expect(run.actor.getSnapshot().matches("paid")).toBe(true);
  });
});
