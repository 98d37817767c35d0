import { randomUUID } from "node:crypto";
import { forbidden, invalid, notFound } from "@el/domain";
import { studentAccountDecider, studentStreams } from "@el/domain/accounts/index";
import { couponDecider, couponStreams, INVALID_COUPON } from "@el/domain/coupons/index";
import {
  type AwaitedPayment,
  type ExpirePurchase,
  type FailPurchase,
  type OrderLine,
  type PaymentMethod,
  type Purchase,
  type PurchaseCommand,
  purchaseDecider,
  purchaseErrors,
  purchaseStreams,
  type ReconciliationPlan,
} from "@el/domain/purchasing/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, type Decision, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";

export const purchaseState = foldOf(purchaseStreams, purchaseDecider);
const studentState = foldOf(studentStreams, studentAccountDecider);
const couponState = foldOf(couponStreams, couponDecider);

type Started = Exclude<Purchase, { status: "none" }>;

/** A purchase's state as the store holds it now (the process keeps it folded: a read of its newer events only). */
export const readPurchase = async (app: FastifyInstance, purchaseId: number): Promise<Started> => {
  const { purchase } = await app.streamStates.read({ purchase: purchaseState(purchaseId) });
  if (purchase.state.status === "none") throw notFound(purchaseErrors.notFound);
  return purchase.state;
};

export interface StartedPurchase {
  purchaseId: number;
  totalCents: number;
  /** False when this was a retry (same Idempotency-Key) of a checkout already started. */
  isNew: boolean;
}

/**
 * Starts a purchase and takes its coupon's use in the same append, so of racing checkouts with a coupon
 * of one use exactly one gets the discount; the others are told 'Cupom não é válido.' and nothing is stored.
 */
export const startPurchaseCommand = async (
  app: FastifyInstance,
  input: {
    studentId: number;
    login: string;
    orders: OrderLine[];
    coupon: { id: number; code: string } | null;
    method: PaymentMethod;
    installments: number;
    card: { brand: string; last4: string } | null;
    sessionId: string;
  },
  context: CommandContext,
): Promise<StartedPurchase> => {
  const purchaseId = await app.nextId();
  let totalCents = 0;
  const { coupon } = input;
  const { result } = await executeOnStates(
    app,
    {
      // Just drawn from the id sequence: nothing to read.
      purchase: purchaseState(purchaseId, { fresh: true }),
      student: studentState(input.studentId),
      coupons: coupon ? [couponState(coupon.id)] : [],
    },
    ({ purchase, student, coupons }) => {
      if (student.status !== "active") throw forbidden("error.account.inactive");
      const couponEvents = coupon
        ? couponDecider.decide(
            {
              type: "UseCoupon",
              purchaseId,
              studentId: input.studentId,
              lines: input.orders.flatMap((line) =>
                Array.from({ length: line.quantity }, () => ({ packageId: line.packageId, cents: line.unitCents })),
              ),
            },
            coupons[0] ?? couponDecider.initialState(),
          )
        : [];
      const used = couponEvents.find((event) => event.type === "CouponUsed");
      if (coupon && !used) throw invalid(INVALID_COUPON, "coupon.code");
      const events = purchaseDecider.decide(
        {
          type: "StartPurchase",
          id: purchaseId,
          student: {
            id: input.studentId,
            login: input.login,
            firstName: student.account.profile.firstName ?? input.login,
            lastName: student.account.profile.lastName ?? null,
          },
          orders: input.orders,
          coupon:
            coupon && used?.type === "CouponUsed"
              ? { id: coupon.id, code: coupon.code, discountCents: used.data.discountCents }
              : null,
          method: input.method,
          installments: input.installments,
          card: input.card,
          sessionId: input.sessionId,
          now: app.clock.now(),
        },
        purchase,
      );
      const started = events.find((event) => event.type === "PurchaseStarted");
      totalCents = started?.type === "PurchaseStarted" ? started.data.totalCents : 0;
      return {
        appends: [
          { streamId: purchaseStreams.id(purchaseId), events },
          ...(coupon ? [{ streamId: couponStreams.id(coupon.id), events: couponEvents }] : []),
        ],
        result: purchaseId,
      };
    },
    context,
  );
  if (result === purchaseId) return { purchaseId, totalCents, isNew: true };
  const first = await readPurchase(app, result);
  return { purchaseId: result, totalCents: first.started.totalCents, isNew: false };
};

/** A command on one purchase alone (recording what the gateway answered: an authentication, a Pix to pay). */
const onPurchase = async (
  app: FastifyInstance,
  purchaseId: number,
  command: PurchaseCommand,
  context: CommandContext,
) =>
  executeOnStates(
    app,
    { purchase: purchaseState(purchaseId) },
    ({ purchase }) => {
      const events = purchaseDecider.decide(command, purchase);
      return { appends: [{ streamId: purchaseStreams.id(purchaseId), events }], result: events.length > 0 };
    },
    context,
  );

export const requestAuthorisationCommand = (
  app: FastifyInstance,
  purchaseId: number,
  authorisation: {
    paymentId: string;
    redirectUrl: string;
    issuerPaymentId: string;
    payerAuthenticationRequest: string;
  },
  context: CommandContext = {},
) => onPurchase(app, purchaseId, { type: "RequestAuthorisation", ...authorisation }, context);

export const awaitPaymentCommand = (
  app: FastifyInstance,
  purchaseId: number,
  awaited: { paymentId: string; payment: AwaitedPayment },
  context: CommandContext = {},
) => onPurchase(app, purchaseId, { type: "AwaitPayment", ...awaited }, context);

/** Whose a purchase is and which coupon it holds: fixed when it starts, so a caller that started it knows. */
export interface PurchaseParties {
  studentId: number;
  couponId: number | undefined;
}

/**
 * A command on a purchase and the streams it involves besides (the student's credits, the coupon's use):
 * which those are is fixed when the purchase starts, so they are read from it first unless the caller knows.
 */
const onPurchaseAndOthers = async <Result>(
  app: FastifyInstance,
  purchaseId: number,
  known: PurchaseParties | undefined,
  decide: (states: {
    purchase: Purchase;
    student: Parameters<typeof studentAccountDecider.decide>[1];
    coupon: Parameters<typeof couponDecider.decide>[1] | undefined;
  }) => {
    purchase: ReturnType<typeof purchaseDecider.decide>;
    student?: ReturnType<typeof studentAccountDecider.decide>;
    coupon?: ReturnType<typeof couponDecider.decide>;
    result: Result;
  },
  context: CommandContext,
) => {
  const partiesOf = async (): Promise<PurchaseParties> => {
    if (known) return known;
    const { started } = await readPurchase(app, purchaseId);
    return { studentId: started.student.id, couponId: started.coupon?.id };
  };
  const { studentId, couponId } = await partiesOf();
  return executeOnStates(
    app,
    {
      purchase: purchaseState(purchaseId),
      student: studentState(studentId),
      coupons: couponId === undefined ? [] : [couponState(couponId)],
    },
    ({ purchase, student, coupons }): Decision<Result> => {
      if (purchase.status !== "none" && purchase.started.student.id !== studentId)
        throw notFound(purchaseErrors.notFound);
      const decided = decide({ purchase, student, coupon: coupons[0] });
      return {
        appends: [
          { streamId: purchaseStreams.id(purchaseId), events: decided.purchase },
          { streamId: studentStreams.id(studentId), events: decided.student ?? [] },
          ...(couponId === undefined ? [] : [{ streamId: couponStreams.id(couponId), events: decided.coupon ?? [] }]),
        ],
        result: decided.result,
      };
    },
    context,
  );
};

/**
 * The payment is in: the purchase is paid and the student's credits granted in one append, once, whichever
 * path says so first (the card's approval, the bank's return, a Pix/boleto notification, an administrator).
 * Answers whether this call is the one that paid it.
 */
export const confirmPaymentCommand = (
  app: FastifyInstance,
  purchaseId: number,
  payment: { paymentId: string | null; by: string; byAdministrator?: boolean },
  context: CommandContext = {},
  known?: PurchaseParties,
) =>
  onPurchaseAndOthers(
    app,
    purchaseId,
    known,
    ({ purchase, student }) => {
      const now = app.clock.now();
      const events = purchaseDecider.decide(
        payment.byAdministrator
          ? { type: "MarkPaid", by: payment.by, now }
          : { type: "ConfirmPayment", paymentId: payment.paymentId, by: payment.by, now },
        purchase,
      );
      const { purchase: recorded, credits, paid } = withCredits(purchaseId, events, student);
      return { purchase: recorded, student: credits, result: paid };
    },
    context,
  );

/** The student's credits for a `PurchasePaid` among `events`, each recording that event as its cause. */
const withCredits = (
  purchaseId: number,
  events: ReturnType<typeof purchaseDecider.decide>,
  student: Parameters<typeof studentAccountDecider.decide>[1],
) => {
  const paid = events.find((event) => event.type === "PurchasePaid");
  if (paid?.type !== "PurchasePaid") return { purchase: events, credits: [], paid: false };
  const paidEventId = randomUUID();
  const credits = studentAccountDecider
    .decide(
      {
        type: "GrantCredits",
        amount: paid.data.credits,
        grantedBy: purchaseStreams.id(purchaseId),
        reason: "purchase",
      },
      student,
    )
    .map((event) => ({ ...event, metadata: { causationId: paidEventId } }));
  return {
    purchase: events.map((event) => (event === paid ? { ...event, eventId: paidEventId } : event)),
    credits,
    paid: true,
  };
};

/**
 * Records what reconciliation found at the gateway for a purchase whose checkout never recorded it: paid with the
 * credits, or failed with the coupon's use back, in one append, once (a purchase no longer `PENDING` decides
 * nothing, so of two processes reconciling it one records the outcome). Answers whether this call recorded it.
 * Paying a student erased meanwhile throws (the credits cannot be granted): the caller cancels the charge instead.
 */
export const reconcilePurchaseCommand = (
  app: FastifyInstance,
  purchaseId: number,
  plan: ReconciliationPlan,
  context: CommandContext = {},
) =>
  onPurchaseAndOthers(
    app,
    purchaseId,
    undefined,
    ({ purchase, student, coupon }) => {
      const events = purchaseDecider.decide(
        {
          type: "ReconcilePurchase",
          outcome: plan.outcome,
          paymentId: plan.paymentId,
          reason: plan.outcome === "PAID" ? "" : plan.reason,
          now: app.clock.now(),
        },
        purchase,
      );
      const { purchase: recorded, credits } = withCredits(purchaseId, events, student);
      const failed = events.some((event) => event.type === "PurchaseFailed");
      const released = failed && coupon ? couponDecider.decide({ type: "ReleaseCoupon", purchaseId }, coupon) : [];
      return { purchase: recorded, student: credits, coupon: released, result: events.length > 0 };
    },
    context,
  );

/** The payment will not come (declined, not authenticated, expired): the coupon's use goes back. */
const endUnpaid = (
  app: FastifyInstance,
  purchaseId: number,
  command: FailPurchase | ExpirePurchase,
  context: CommandContext,
  known?: PurchaseParties,
) =>
  onPurchaseAndOthers(
    app,
    purchaseId,
    known,
    ({ purchase, coupon }) => {
      const events = purchaseDecider.decide(command, purchase);
      const released =
        events.length > 0 && coupon ? couponDecider.decide({ type: "ReleaseCoupon", purchaseId }, coupon) : [];
      return { purchase: events, coupon: released, result: events.length > 0 };
    },
    context,
  );

export const failPurchaseCommand = (
  app: FastifyInstance,
  purchaseId: number,
  reason: string,
  context: CommandContext = {},
  known?: PurchaseParties,
) => endUnpaid(app, purchaseId, { type: "FailPurchase", reason, now: app.clock.now() }, context, known);

export const expirePurchaseCommand = (app: FastifyInstance, purchaseId: number, context: CommandContext = {}) =>
  endUnpaid(app, purchaseId, { type: "ExpirePurchase", now: app.clock.now() }, context);

/** An administrator refunds a paid purchase: its credits are taken back, refused if the student already spent them. */
export const refundPurchaseCommand = (
  app: FastifyInstance,
  purchaseId: number,
  by: string,
  context: CommandContext = {},
) =>
  onPurchaseAndOthers(
    app,
    purchaseId,
    undefined,
    ({ purchase, student }) => {
      const events = purchaseDecider.decide({ type: "RefundPurchase", by, now: app.clock.now() }, purchase);
      const refunded = events.find((event) => event.type === "PurchaseRefunded");
      const revoked =
        refunded?.type === "PurchaseRefunded"
          ? studentAccountDecider.decide(
              { type: "RevokeCredits", amount: refunded.data.credits, revokedBy: purchaseStreams.id(purchaseId) },
              student,
            )
          : [];
      return { purchase: events, student: revoked, result: refunded !== undefined };
    },
    context,
  );
