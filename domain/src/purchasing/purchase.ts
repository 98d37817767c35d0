import { z } from "zod";
import { MIN_TOTAL_CENTS } from "../coupons/coupon-views";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { MAX_INSTALLMENTS, PaymentMethod, type PurchaseStatus } from "./purchase-views";

/**
 * A purchase (stream `purchase-{id}`): a student buys lesson packs and pays by card, debit (3-D Secure),
 * Pix or boleto. Every amount is whole centavos. The credits are granted by the append that records the
 * payment (with the student's `CreditsGranted`), whichever path confirms it, and only once: a purchase
 * already paid decides nothing more when told again.
 */

export const purchaseErrors = {
  notFound: "error.purchase.notFound",
  emptyOrder: "error.purchase.emptyOrder",
  installments: "error.purchase.installments",
  packageUnavailable: "error.purchase.packageUnavailable",
  /** The purchase already has its outcome (paid, failed, expired, refunded): nothing to do in this state. */
  settled: "error.purchase.settled",
  notPaid: "error.purchase.notPaid",
  /** Only money that moves outside the card flow (boleto, Pix) is marked paid by hand. */
  notMarkable: "error.purchase.notMarkable",
} as const;

/** A line of the order as sold: the package, its price at the time, how many. */
export const OrderLine = z.object({
  packageId: z.number().int(),
  /** Lessons per package. */
  amount: z.number().int().positive(),
  unitCents: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type OrderLine = z.infer<typeof OrderLine>;

const PixAwaited = z.object({ kind: z.literal("PIX"), qrCode: z.string(), expiresAt: z.iso.datetime() });
const BoletoAwaited = z.object({
  kind: z.literal("BANKSLIP"),
  digitableLine: z.string(),
  barcode: z.string(),
  dueDate: z.string(),
  expiresAt: z.iso.datetime(),
});

export const purchaseEventSchemas = {
  PurchaseStarted: z.object({
    id: z.number().int().positive(),
    student: z.object({
      id: z.number().int(),
      login: z.string(),
      firstName: z.string(),
      lastName: z.string().nullable(),
    }),
    orders: z.array(OrderLine).min(1),
    listCents: z.number().int(),
    coupon: z.object({ id: z.number().int(), code: z.string(), discountCents: z.number().int() }).nullable(),
    totalCents: z.number().int(),
    /** Lesson credits the purchase gives once paid. */
    credits: z.number().int().positive(),
    method: PaymentMethod,
    installments: z.number().int().min(1).max(MAX_INSTALLMENTS),
    /** Brand and last four digits only: the number and CVC never reach an event. */
    card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }).nullable(),
    sessionId: z.string(),
    startedAt: z.iso.datetime(),
  }),
  /** Debit: the bank must authenticate the buyer (3-D Secure) before the money moves. */
  PurchaseAuthorisationRequested: z.object({
    paymentId: z.string(),
    redirectUrl: z.string(),
    issuerPaymentId: z.string(),
    payerAuthenticationRequest: z.string(),
  }),
  /** Pix or boleto: waiting for the buyer to pay, until `expiresAt`. */
  PurchasePaymentAwaited: z.object({
    paymentId: z.string(),
    payment: z.discriminatedUnion("kind", [PixAwaited, BoletoAwaited]),
  }),
  PurchasePaid: z.object({
    paymentId: z.string().nullable(),
    /** `gateway`, or the login of the administrator who marked it paid. */
    by: z.string(),
    credits: z.number().int().positive(),
    paidAt: z.iso.datetime(),
  }),
  /** `reason` is Portuguese: what the student is told. */
  PurchaseFailed: z.object({ reason: z.string(), failedAt: z.iso.datetime() }),
  PurchaseExpired: z.object({ expiredAt: z.iso.datetime() }),
  PurchaseRefunded: z.object({ by: z.string(), credits: z.number().int().positive(), refundedAt: z.iso.datetime() }),
  /**
   * The checkout never recorded the gateway's answer (the process died in between): the gateway was asked again
   * by our order id, and this outcome followed, in the same append as the `PurchasePaid` or `PurchaseFailed` it
   * explains. `CANCELLED`: a charge was found and cancelled at the gateway because the purchase could not end paid.
   */
  PurchaseReconciled: z.object({
    outcome: z.enum(["PAID", "FAILED", "CANCELLED"]),
    paymentId: z.string().nullable(),
    reconciledAt: z.iso.datetime(),
  }),
};

export type PurchaseEvent = EventOf<typeof purchaseEventSchemas>;
export type PurchaseStarted = z.infer<typeof purchaseEventSchemas.PurchaseStarted>;
export type AwaitedPayment = z.infer<typeof purchaseEventSchemas.PurchasePaymentAwaited>["payment"];

export const purchaseStreams = streamKind("purchase", purchaseEventSchemas, numericKey);

export type StartPurchase = Command<
  "StartPurchase",
  { now: Date } & Omit<PurchaseStarted, "startedAt" | "listCents" | "totalCents" | "credits">
>;
export type RequestAuthorisation = Command<
  "RequestAuthorisation",
  { paymentId: string; redirectUrl: string; issuerPaymentId: string; payerAuthenticationRequest: string }
>;
export type AwaitPayment = Command<"AwaitPayment", { paymentId: string; payment: AwaitedPayment }>;
export type ConfirmPayment = Command<"ConfirmPayment", { paymentId: string | null; by: string; now: Date }>;
export type MarkPaid = Command<"MarkPaid", { by: string; now: Date }>;
export type FailPurchase = Command<"FailPurchase", { reason: string; now: Date }>;
export type ExpirePurchase = Command<"ExpirePurchase", { now: Date }>;
export type RefundPurchase = Command<"RefundPurchase", { by: string; now: Date }>;
export type ReconciliationOutcome = z.infer<typeof purchaseEventSchemas.PurchaseReconciled>["outcome"];
/** `reason` (Portuguese, what the student is told) when the outcome is not `PAID`. */
export type ReconcilePurchase = Command<
  "ReconcilePurchase",
  { outcome: ReconciliationOutcome; paymentId: string | null; reason: string; now: Date }
>;

export type PurchaseCommand =
  | StartPurchase
  | RequestAuthorisation
  | AwaitPayment
  | ConfirmPayment
  | MarkPaid
  | FailPurchase
  | ExpirePurchase
  | RefundPurchase
  | ReconcilePurchase;

export type Purchase =
  | { status: "none" }
  | {
      status: PurchaseStatus;
      started: PurchaseStarted;
      paymentId: string | null;
      awaited: AwaitedPayment | null;
      authorisation: Omit<z.infer<typeof purchaseEventSchemas.PurchaseAuthorisationRequested>, "paymentId"> | null;
      paidAt: string | null;
      failure: string | null;
    };
type Started = Exclude<Purchase, { status: "none" }>;

/** List price, coupon discount and total: the total never goes below R$ 1,00 (spec section 9). */
export const totalsOf = (orders: readonly OrderLine[], discountCents: number) => {
  const listCents = orders.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const totalCents = Math.max(MIN_TOTAL_CENTS, listCents - discountCents);
  return { listCents, discountCents: listCents - totalCents, totalCents };
};

export const creditsOf = (orders: readonly OrderLine[]) =>
  orders.reduce((sum, line) => sum + line.amount * line.quantity, 0);

const started = (state: Purchase): Started => {
  if (state.status === "none") throw notFound(purchaseErrors.notFound);
  return state;
};

/** A purchase whose money may still arrive: a late Pix or boleto payment after expiry is still money received. */
const awaitingMoney = (status: PurchaseStatus) =>
  status === "PENDING" || status === "AWAIT_AUTHORIZATION" || status === "AWAIT_PAYMENT" || status === "EXPIRED";

export const startPurchase = (command: StartPurchase, state: Purchase): PurchaseEvent[] => {
  // The id is drawn before deciding: a retried decision finds its own purchase already there.
  if (state.status !== "none") return [];
  const { type: _, now, ...data } = command;
  if (data.orders.length === 0) throw invalid(purchaseErrors.emptyOrder, "packages");
  if (data.installments < 1 || data.installments > MAX_INSTALLMENTS)
    throw invalid(purchaseErrors.installments, "installments");
  if (data.installments > 1 && data.method !== "CREDIT") throw invalid(purchaseErrors.installments, "installments");
  const totals = totalsOf(data.orders, data.coupon?.discountCents ?? 0);
  return [
    {
      type: "PurchaseStarted",
      data: {
        ...data,
        coupon: data.coupon && { ...data.coupon, discountCents: totals.discountCents },
        listCents: totals.listCents,
        totalCents: totals.totalCents,
        credits: creditsOf(data.orders),
        startedAt: now.toISOString(),
      },
    },
  ];
};

export const requestAuthorisation = (command: RequestAuthorisation, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  if (purchase.status === "AWAIT_AUTHORIZATION" && purchase.paymentId === command.paymentId) return [];
  if (purchase.status !== "PENDING") throw conflict(purchaseErrors.settled);
  const { type: _, ...data } = command;
  return [{ type: "PurchaseAuthorisationRequested", data }];
};

export const awaitPayment = (command: AwaitPayment, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  if (purchase.status === "AWAIT_PAYMENT" && purchase.paymentId === command.paymentId) return [];
  if (purchase.status !== "PENDING") throw conflict(purchaseErrors.settled);
  return [{ type: "PurchasePaymentAwaited", data: { paymentId: command.paymentId, payment: command.payment } }];
};

export const confirmPayment = (command: ConfirmPayment, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  // However many times and by whichever path the payment is confirmed, the credits come once.
  if (purchase.status === "PAID" || purchase.status === "REFUNDED") return [];
  if (!awaitingMoney(purchase.status)) throw conflict(purchaseErrors.settled);
  return [
    {
      type: "PurchasePaid",
      data: {
        paymentId: command.paymentId,
        by: command.by,
        credits: purchase.started.credits,
        paidAt: command.now.toISOString(),
      },
    },
  ];
};

export const markPaid = (command: MarkPaid, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  // Unlike the gateway's confirmations, which may come many times, an administrator is told that the click
  // changed nothing (a second tab, a colleague first).
  if (purchase.status === "PAID") throw invalid(purchaseErrors.settled);
  const method = purchase.started.method;
  if (method === "CREDIT" || method === "DEBIT") throw invalid(purchaseErrors.notMarkable);
  if (!awaitingMoney(purchase.status)) throw conflict(purchaseErrors.settled);
  return [
    {
      type: "PurchasePaid",
      data: {
        paymentId: purchase.paymentId,
        by: command.by,
        credits: purchase.started.credits,
        paidAt: command.now.toISOString(),
      },
    },
  ];
};

export const failPurchase = (command: FailPurchase, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  if (purchase.status === "FAILED") return [];
  if (purchase.status !== "PENDING" && purchase.status !== "AWAIT_AUTHORIZATION" && purchase.status !== "AWAIT_PAYMENT")
    throw conflict(purchaseErrors.settled);
  return [{ type: "PurchaseFailed", data: { reason: command.reason, failedAt: command.now.toISOString() } }];
};

export const expirePurchase = (command: ExpirePurchase, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  if (purchase.status !== "AWAIT_PAYMENT" || !purchase.awaited) return [];
  // Only once the time to pay is over; an early call changes nothing.
  if (command.now.getTime() < Date.parse(purchase.awaited.expiresAt)) return [];
  return [{ type: "PurchaseExpired", data: { expiredAt: command.now.toISOString() } }];
};

export const refundPurchase = (command: RefundPurchase, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  if (purchase.status === "REFUNDED") return [];
  if (purchase.status !== "PAID") throw conflict(purchaseErrors.notPaid);
  return [
    {
      type: "PurchaseRefunded",
      data: { by: command.by, credits: purchase.started.credits, refundedAt: command.now.toISOString() },
    },
  ];
};

/** How long a purchase may stay without the gateway's answer before it is settled by asking the gateway again. */
export const RECONCILIATION_GRACE_MS = 2 * 60_000;

/** A purchase whose checkout never recorded the gateway's answer, past the time any checkout takes. */
export const needsReconciliation = (state: Purchase, now: Date) =>
  state.status === "PENDING" && now.getTime() - Date.parse(state.started.startedAt) >= RECONCILIATION_GRACE_MS;

export const reconcilePurchase = (command: ReconcilePurchase, state: Purchase): PurchaseEvent[] => {
  const purchase = started(state);
  // Settled meanwhile (the checkout was only slow, or another process reconciled it first), or still in its checkout.
  if (!needsReconciliation(purchase, command.now)) return [];
  const at = command.now.toISOString();
  const reconciled: PurchaseEvent = {
    type: "PurchaseReconciled",
    data: { outcome: command.outcome, paymentId: command.paymentId, reconciledAt: at },
  };
  if (command.outcome === "PAID") {
    return [
      reconciled,
      {
        type: "PurchasePaid",
        data: { paymentId: command.paymentId, by: "reconciliation", credits: purchase.started.credits, paidAt: at },
      },
    ];
  }
  return [reconciled, { type: "PurchaseFailed", data: { reason: command.reason, failedAt: at } }];
};

export const purchaseDecider: Decider<PurchaseCommand, PurchaseEvent, Purchase> = {
  initialState: () => ({ status: "none" }),

  evolve: (state, event) => {
    if (event.type === "PurchaseStarted") {
      return {
        status: "PENDING",
        started: event.data,
        paymentId: null,
        awaited: null,
        authorisation: null,
        paidAt: null,
        failure: null,
      };
    }
    if (state.status === "none") return state;
    switch (event.type) {
      case "PurchaseAuthorisationRequested": {
        const { paymentId, ...authorisation } = event.data;
        return { ...state, status: "AWAIT_AUTHORIZATION", paymentId, authorisation };
      }
      case "PurchasePaymentAwaited":
        return { ...state, status: "AWAIT_PAYMENT", paymentId: event.data.paymentId, awaited: event.data.payment };
      case "PurchasePaid":
        return {
          ...state,
          status: "PAID",
          paymentId: event.data.paymentId ?? state.paymentId,
          paidAt: event.data.paidAt,
        };
      case "PurchaseFailed":
        return { ...state, status: "FAILED", failure: event.data.reason };
      case "PurchaseExpired":
        return { ...state, status: "EXPIRED" };
      case "PurchaseRefunded":
        return { ...state, status: "REFUNDED" };
      case "PurchaseReconciled":
        // The outcome it explains follows in the same append.
        return state;
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "StartPurchase":
        return startPurchase(command, state);
      case "RequestAuthorisation":
        return requestAuthorisation(command, state);
      case "AwaitPayment":
        return awaitPayment(command, state);
      case "ConfirmPayment":
        return confirmPayment(command, state);
      case "MarkPaid":
        return markPaid(command, state);
      case "FailPurchase":
        return failPurchase(command, state);
      case "ExpirePurchase":
        return expirePurchase(command, state);
      case "RefundPurchase":
        return refundPurchase(command, state);
      case "ReconcilePurchase":
        return reconcilePurchase(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const purchaseEventDefinitions = Object.entries(purchaseEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
