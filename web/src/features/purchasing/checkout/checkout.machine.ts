import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import {
  type BoletoPaymentData,
  CHECKOUT_DELAY_MS,
  type CheckoutResult,
  type DebitAuthorizationData,
  type PackageLine,
  type PixPaymentData,
  type PreorderView,
  type PurchaseStatus,
  type PurchaseView,
} from "@el/domain/purchasing/purchase-views";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import { ApiError, newIdempotencyKey } from "../../../lib/api";
import type { LiveFeed } from "../../../lib/socket";
import { checkout } from "../api/checkout";
import { fetchMyPurchase } from "../api/get-my-purchases";
import { preorder } from "../api/preorder";
import { validateCoupon } from "../api/validate-coupon";
import type { CheckoutDetails } from "./checkout-form";

/** The spec's limits on one cart line and on the cart (the pre-order's schema). */
export const MAX_QUANTITY = 99;
const MAX_LINES = 20;

export type PaymentData = CheckoutResult["additionalData"];

export const isDebitAuthorization = (data: PaymentData): data is DebitAuthorizationData =>
  data !== null && "redirect_url" in data;
export const isPix = (data: PaymentData): data is PixPaymentData => data !== null && "qr_code" in data;
export const isBoleto = (data: PaymentData): data is BoletoPaymentData => data !== null && "digitable_line" in data;

export type CheckoutEvent =
  | { type: "cart.packageAdded"; packageId: number }
  | { type: "cart.packageRemoved"; packageId: number }
  | { type: "checkout.started" }
  | { type: "checkout.cancelled" }
  | { type: "coupon.applied"; code: string }
  | { type: "coupon.removed" }
  | { type: "checkout.submitted"; details: CheckoutDetails }
  | { type: "checkout.retried" }
  | { type: "result.closed" }
  /** A pending purchase of the history, opened to pay it (its Pix code, its boleto). */
  | { type: "purchase.reviewed"; purchase: PurchaseView }
  /** The student gave up a debit the bank never answered: the purchase as the server answered it. */
  | { type: "purchase.abandoned"; purchase: PurchaseView }
  | { type: "purchase.updated"; purchaseId: number; status: PurchaseStatus }
  | { type: "purchase.resync" };

export interface CheckoutContext {
  feed: LiveFeed | null;
  returningPurchaseId: number | null;
  cart: PackageLine[];
  coupon: CouponValidationView | null;
  couponError: unknown;
  /** 'Selecione um pacote para prosseguir!' after starting with an empty cart. */
  emptyCartWarning: boolean;
  details: CheckoutDetails | null;
  preorder: PreorderView | null;
  idempotencyKey: string | null;
  /** What the checkout answered (or, for a purchase opened again, what its view says). */
  result: CheckoutResult | null;
  /** A request that failed (network, 4xx, 5xx) rather than a payment the gateway refused. */
  error: unknown;
}

const changeQuantity = (cart: PackageLine[], packageId: number, delta: 1 | -1): PackageLine[] => {
  const line = cart.find((candidate) => candidate.id === packageId);
  const quantity = Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + delta);
  if (!line && (delta < 0 || cart.length >= MAX_LINES)) return cart;
  const others = cart.filter((candidate) => candidate.id !== packageId);
  return quantity > 0 ? [...others, { id: packageId, quantity }].sort((a, b) => a.id - b.id) : others;
};

/** A purchase read back from the student's list, as the result modal shows it. */
export const resultOfPurchase = (purchase: PurchaseView): CheckoutResult => {
  const status: CheckoutResult["status"] =
    purchase.status === "PAID"
      ? "APPROVED"
      : purchase.status === "AWAIT_PAYMENT"
        ? "AWAIT_PAYMENT"
        : purchase.status === "AWAIT_AUTHORIZATION"
          ? "AWAIT_AUTHORIZATION"
          : purchase.status === "PENDING"
            ? "PENDING"
            : "ERROR";
  return { purchaseId: purchase.id, status, message: purchase.failure ?? "", additionalData: purchase.payment };
};

interface CheckoutAttempt {
  details: CheckoutDetails | null;
  cart: PackageLine[];
  coupon: CouponValidationView | null;
  preorder: PreorderView | null;
  idempotencyKey: string | null;
}

/** The checkout body: the form's details, the locked cart, the coupon and what the pre-order answered. */
const sendCheckout = ({ details, cart, coupon, preorder, idempotencyKey }: CheckoutAttempt) => {
  if (!details || !preorder || !idempotencyKey) {
    return Promise.reject(new Error("A checkout needs the form's details, a pre-order and its key"));
  }
  return checkout(
    {
      ...details,
      coupon: coupon ? { code: coupon.code } : null,
      packages: cart,
      orders: preorder.orders,
      sessionId: preorder.sessionId,
    },
    idempotencyKey,
  );
};

const isGone = (status: PurchaseStatus) => status === "FAILED" || status === "REFUNDED";

/**
 * The checkout was sent and no answer says what became of it (no connection, a timeout, a 5xx): the
 * payment may have gone through. Only a 4xx is the server refusing before any money moved.
 */
const outcomeUnknown = (context: CheckoutContext) =>
  context.result === null &&
  context.preorder !== null &&
  context.idempotencyKey !== null &&
  !(context.error instanceof ApiError && context.error.status >= 400 && context.error.status < 500);

const startOver = {
  cart: [],
  coupon: null,
  couponError: null,
  emptyCartWarning: false,
  details: null,
  preorder: null,
  idempotencyKey: null,
  result: null,
  error: null,
} satisfies Partial<CheckoutContext>;

/**
 * Buying lessons (spec sections 2, 4, 5 and 9): packages go into the cart; starting the purchase locks
 * the cart until cancelled and opens the payment form, where a coupon may be applied; the submitted form
 * is pre-ordered, and the checkout goes CHECKOUT_DELAY_MS after the pre-order's answer, while the
 * fraud-prevention service fingerprints the device under the pre-order's session id. A card is approved
 * at once or refused; a debit card goes to the bank's 3-D Secure page (`openIssuerStep`, provided by the
 * page); a Pix or boleto awaits payment, and `purchase:updated` tells when it was paid or expired.
 * Closing the result empties the cart and the coupon.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as { feed: LiveFeed | null; returningPurchaseId?: number | null },
  },
  delays: { fingerprint: CHECKOUT_DELAY_MS },
  actors: {
    validateCoupon: fromPromise<CouponValidationView, { code: string; cart: PackageLine[] }>(({ input }) =>
      validateCoupon(input.code, input.cart),
    ),
    preorder: fromPromise<PreorderView, { cart: PackageLine[] }>(({ input }) => preorder(input.cart)),
    checkout: fromPromise<CheckoutResult, CheckoutAttempt>(({ input }) => sendCheckout(input)),
    loadPurchase: fromPromise<PurchaseView, { purchaseId: number }>(({ input }) => fetchMyPurchase(input.purchaseId)),
    /** This purchase's pushes, and a word to read it again when the connection came back without them. */
    watchPurchase: fromCallback<CheckoutEvent, { feed: LiveFeed | null; purchaseId: number }>(({ input, sendBack }) => {
      const { feed, purchaseId } = input;
      if (!feed) return;
      const stops = [
        feed.subscribe("purchase:updated", (push) => {
          if (push.purchaseId === purchaseId) sendBack({ type: "purchase.updated", ...push });
        }),
        feed.onReconnect(() => sendBack({ type: "purchase.resync" })),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    }),
  },
  actions: {
    /**
     * Leaves for the bank's 3-D Secure page: the page provides the navigation (the machine knows no
     * router), and without it nothing leaves, which is what a test of the machine alone wants.
     */
    openIssuerStep: (_, _params: { purchaseId: number; authorization: DebitAuthorizationData | null }) => {},
  },
  guards: {
    cartHasPackages: ({ context }) => context.cart.length > 0,
    isReturning: ({ context }) => context.returningPurchaseId !== null,
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => ({
    feed: input.feed,
    returningPurchaseId: input.returningPurchaseId ?? null,
    ...startOver,
  }),
  initial: "starting",
  states: {
    starting: { always: [{ guard: "isReturning", target: "returning" }, { target: "selecting" }] },
    /** Back from the bank (`?purchase=`): the purchase's outcome, read from the student's purchases. */
    returning: {
      invoke: {
        src: "loadPurchase",
        input: ({ context }) => ({ purchaseId: context.returningPurchaseId ?? 0 }),
        onDone: { target: "settling", actions: assign({ result: ({ event }) => resultOfPurchase(event.output) }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    selecting: {
      on: {
        "cart.packageAdded": {
          actions: assign({
            cart: ({ context, event }) => changeQuantity(context.cart, event.packageId, 1),
            emptyCartWarning: false,
          }),
        },
        "cart.packageRemoved": {
          actions: assign({ cart: ({ context, event }) => changeQuantity(context.cart, event.packageId, -1) }),
        },
        "checkout.started": [
          { guard: "cartHasPackages", target: "locked" },
          { actions: assign({ emptyCartWarning: true }) },
        ],
        "purchase.reviewed": {
          target: "settling",
          actions: assign({ result: ({ event }) => resultOfPurchase(event.purchase) }),
        },
      },
    },
    /** The cart no longer changes; the payment form and the coupon are open. */
    locked: {
      initial: "idle",
      on: {
        "checkout.cancelled": { target: "selecting", actions: assign({ coupon: null, couponError: null }) },
      },
      states: {
        idle: {
          on: {
            "coupon.applied": { target: "validatingCoupon", actions: assign({ couponError: null }) },
            "coupon.removed": { actions: assign({ coupon: null, couponError: null }) },
            "checkout.submitted": {
              target: "#checkout.preordering",
              actions: assign({
                details: ({ event }) => event.details,
                idempotencyKey: () => newIdempotencyKey(),
                preorder: null,
                error: null,
                result: null,
              }),
            },
          },
        },
        validatingCoupon: {
          invoke: {
            src: "validateCoupon",
            input: ({ context, event }) => ({
              code: (event as Extract<CheckoutEvent, { type: "coupon.applied" }>).code.trim(),
              cart: context.cart,
            }),
            onDone: { target: "idle", actions: assign({ coupon: ({ event }) => event.output }) },
            onError: { target: "idle", actions: assign({ coupon: null, couponError: ({ event }) => event.error }) },
          },
        },
      },
    },
    preordering: {
      on: { "checkout.cancelled": "locked" },
      invoke: {
        src: "preorder",
        input: ({ context }) => ({ cart: context.cart }),
        onDone: { target: "waitingFingerprint", actions: assign({ preorder: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    /** Nothing is charged yet: the student may still cancel. */
    waitingFingerprint: {
      on: { "checkout.cancelled": "locked" },
      after: { fingerprint: "submitting" },
    },
    submitting: {
      invoke: {
        src: "checkout",
        input: ({ context }) => ({
          details: context.details,
          cart: context.cart,
          coupon: context.coupon,
          preorder: context.preorder,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === "APPROVED",
            target: "approved",
            actions: assign({ result: ({ event }) => event.output }),
          },
          {
            guard: ({ event }) =>
              event.output.status === "AWAIT_AUTHORIZATION" && isDebitAuthorization(event.output.additionalData),
            target: "awaitingAuthorisation",
            actions: assign({ result: ({ event }) => event.output }),
          },
          {
            // AWAIT_PAYMENT: a Pix or boleto to pay; PENDING: the card charge's outcome is being confirmed.
            guard: ({ event }) => event.output.status === "AWAIT_PAYMENT" || event.output.status === "PENDING",
            target: "awaitingPayment",
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: "failed", actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    approved: { on: { "result.closed": { target: "selecting", actions: assign(startOver) } } },
    /** The debit card's issuer authenticates the student on its own page. */
    awaitingAuthorisation: {
      entry: {
        type: "openIssuerStep",
        params: ({ context }) => {
          const data = context.result?.additionalData ?? null;
          return {
            purchaseId: context.result?.purchaseId ?? 0,
            authorization: isDebitAuthorization(data) ? data : null,
          };
        },
      },
      on: { "result.closed": { target: "selecting", actions: assign(startOver) } },
    },
    /** Decides where a purchase read back stands. */
    settling: {
      always: [
        { guard: ({ context }) => context.result?.status === "APPROVED", target: "approved" },
        { guard: ({ context }) => context.result?.status === "ERROR", target: "failed" },
        { target: "awaitingPayment" },
      ],
    },
    /**
     * A Pix or boleto to be paid, a debit the bank is still confirming, or a card charge the gateway never answered
     * (settled by the server's reconciliation within minutes): watched live.
     */
    awaitingPayment: {
      invoke: {
        src: "watchPurchase",
        input: ({ context }) => ({ feed: context.feed, purchaseId: context.result?.purchaseId ?? 0 }),
      },
      on: {
        "purchase.updated": [
          { guard: ({ event }) => event.status === "PAID", target: "paid" },
          { guard: ({ event }) => event.status === "EXPIRED", target: "expired" },
          {
            guard: ({ event }) => isGone(event.status),
            target: "failed",
            actions: assign({
              result: ({ context }) => (context.result ? { ...context.result, status: "ERROR", message: "" } : null),
            }),
          },
        ],
        "purchase.abandoned": {
          target: "failed",
          actions: assign({ result: ({ event }) => resultOfPurchase(event.purchase) }),
        },
        "result.closed": { target: "selecting", actions: assign(startOver) },
      },
      initial: "watching",
      states: {
        watching: { on: { "purchase.resync": "resyncing" } },
        /** Pushes may have been lost while the connection was down: the purchase is read again. */
        resyncing: {
          invoke: {
            src: "loadPurchase",
            input: ({ context }) => ({ purchaseId: context.result?.purchaseId ?? 0 }),
            onDone: [
              { guard: ({ event }) => event.output.status === "PAID", target: "#checkout.paid" },
              { guard: ({ event }) => event.output.status === "EXPIRED", target: "#checkout.expired" },
              {
                guard: ({ event }) => isGone(event.output.status),
                target: "#checkout.failed",
                actions: assign({ result: ({ event }) => resultOfPurchase(event.output) }),
              },
              { target: "watching" },
            ],
            onError: "watching",
          },
        },
      },
    },
    paid: { on: { "result.closed": { target: "selecting", actions: assign(startOver) } } },
    expired: { on: { "result.closed": { target: "selecting", actions: assign(startOver) } } },
    failed: {
      on: {
        // Its push may have got here first: the server's words on why it ended are still the ones shown.
        "purchase.abandoned": { actions: assign({ result: ({ event }) => resultOfPurchase(event.purchase) }) },
        "checkout.retried": [
          // The same request again, key included: if the first one was charged, the server answers its
          // outcome instead of charging twice.
          { guard: ({ context }) => outcomeUnknown(context), target: "submitting", actions: assign({ error: null }) },
          { guard: "cartHasPackages", target: "locked", actions: assign({ error: null, result: null }) },
          { target: "selecting", actions: assign(startOver) },
        ],
        "result.closed": { target: "selecting", actions: assign(startOver) },
      },
    },
  },
});
