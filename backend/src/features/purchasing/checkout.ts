import { createHash, randomUUID } from "node:crypto";
import { invalid } from "@el/domain";
import { INVALID_COUPON } from "@el/domain/coupons/index";
import {
  type AwaitedPayment,
  checkoutErrors,
  digitsOf,
  isValidCpf,
  type PaymentMethod,
  parseCard,
  priceOrder,
} from "@el/domain/purchasing/index";
import { type CheckoutBody, type CheckoutResult, purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { findCouponIdByCode } from "@el/projections/coupons/index";
import type { FastifyInstance } from "fastify";
import type { CommandContext } from "../../commands/execute";
import { ChargeOutcomeUnknown, GatewayUnavailable, type Order } from "../../integrations/payments/payment-gateway";
import type { CurrentUser } from "../../plugins/auth";
import { rememberBuyer } from "./buyer-details";
import {
  awaitPaymentCommand,
  confirmPaymentCommand,
  failPurchaseCommand,
  readPurchase,
  requestAuthorisationCommand,
  startPurchaseCommand,
} from "./purchase-commands";
import { paymentDataOf, paymentOfState, termUrlOf } from "./purchase-dto";

/** How long a Pix "copia e cola" can be paid (Getnet allows 180 to 1800 s). */
export const PIX_EXPIRES_IN_SECONDS = 1800;
/** A boleto is due three days after it is issued, and awaited three more while banks clear it. */
const BOLETO_DUE_DAYS = 3;
const BOLETO_CLEARING_DAYS = 3;
const DAY_MS = 86_400_000;

export const GATEWAY_UNAVAILABLE =
  "Não foi possível falar com o meio de pagamento agora. Nada foi cobrado; tente novamente em instantes.";

/** A day in São Paulo (no daylight saving since 2019) as YYYY-MM-DD. */
const saoPauloDay = (instant: Date) => new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * The command id of a checkout sent with an `Idempotency-Key`: scoped to the student and the order, and
 * computed without the card's number and CVC, so not even a digest of them is stored.
 */
const checkoutCommandId = (studentId: number, key: string | undefined, body: CheckoutBody) => {
  if (key === undefined) return undefined;
  const { card, ...rest } = body;
  const cardWithoutSecrets = card ? { ...card, number: digitsOf(card.number).slice(-4), cvc: "" } : null;
  return createHash("sha256")
    .update(["checkout", studentId, key, JSON.stringify({ ...rest, card: cardWithoutSecrets })].join("\n"))
    .digest("hex");
};

const methodOf = (body: CheckoutBody): PaymentMethod =>
  body.method ?? (body.card?.method === "debit" ? "DEBIT" : "CREDIT");

/** What a checkout answers for a purchase as it stands (a retried checkout answers the first one's outcome). */
export const checkoutResultOf = async (app: FastifyInstance, purchaseId: number): Promise<CheckoutResult> => {
  const state = await readPurchase(app, purchaseId);
  const additionalData = await paymentDataOf(app, purchaseId, state.paymentId, paymentOfState(state));
  switch (state.status) {
    case "PAID":
      return { purchaseId, status: "APPROVED", message: purchaseMessages.approved, additionalData: null };
    case "AWAIT_AUTHORIZATION":
      return { purchaseId, status: "AWAIT_AUTHORIZATION", message: "", additionalData };
    case "AWAIT_PAYMENT":
      return { purchaseId, status: "AWAIT_PAYMENT", message: "", additionalData };
    case "PENDING":
      // Still talking to the gateway, or its answer never came: the reconciliation sweep settles it, pushed live.
      return { purchaseId, status: "PENDING", message: purchaseMessages.confirming, additionalData: null };
    default:
      return { purchaseId, status: "ERROR", message: state.failure ?? GATEWAY_UNAVAILABLE, additionalData: null };
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A retry that arrives while the first attempt is still paying waits (a little) for its outcome. */
const outcomeOfEarlier = async (app: FastifyInstance, purchaseId: number) => {
  const giveUpAt = Date.now() + 15_000;
  for (;;) {
    const state = await readPurchase(app, purchaseId);
    if (state.status !== "PENDING" || Date.now() >= giveUpAt) return checkoutResultOf(app, purchaseId);
    await sleep(100);
  }
};

/**
 * `POST api/purchases/checkout`: checks what the student typed, starts the purchase (taking the coupon's
 * use), asks the gateway, and records its answer. A card approval pays the purchase and grants the
 * credits before the answer; a debit waits for the bank's authentication; Pix and boleto wait for the
 * payment's notification. The card's number and CVC go to the gateway and nowhere else.
 */
export const checkoutCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  body: CheckoutBody,
  context: CommandContext & { idempotencyKey?: string },
): Promise<CheckoutResult> => {
  const now = app.clock.now();
  const method = methodOf(body);
  const needsCard = method === "CREDIT" || method === "DEBIT";
  if (!isValidCpf(body.user.cpf)) throw invalid(checkoutErrors.cpf, "user.cpf");
  if (needsCard && !body.card) throw invalid(checkoutErrors.cardRequired, "card");
  const card = needsCard && body.card ? parseCard(body.card, now) : null;
  const installments = method === "CREDIT" ? (body.card?.installments ?? 1) : 1;

  const onSale = new Map((await listPackages(app.db)).map((pack) => [pack.id, pack]));
  const orders = priceOrder(body.packages, (id) => onSale.get(id));
  const code = body.coupon?.code?.trim();
  const couponId = code ? await findCouponIdByCode(app.db, code) : undefined;
  if (code && couponId === undefined) throw invalid(INVALID_COUPON, "coupon.code");
  const sessionId = body.sessionId?.trim() || randomUUID();

  const started = await startPurchaseCommand(
    app,
    {
      studentId: user.id,
      login: user.login,
      orders,
      coupon: code && couponId !== undefined ? { id: couponId, code } : null,
      method,
      installments,
      card: card?.summary ?? null,
      sessionId,
    },
    { ...context, commandId: checkoutCommandId(user.id, context.idempotencyKey, body) },
  );
  if (!started.isNew) return outcomeOfEarlier(app, started.purchaseId);
  await rememberBuyer(app, user, body, context);

  const { purchaseId } = started;
  const order: Order = {
    orderId: String(purchaseId),
    amountCents: started.totalCents,
    deviceId: sessionId.slice(0, 80),
    buyer: {
      customerId: String(user.id),
      name: user.firstName,
      email: user.login,
      cpf: digitsOf(body.user.cpf),
      address: { ...body.address, cep: digitsOf(body.address.cep) },
    },
  };
  // This request started the purchase, so it knows whose it is and which coupon it holds.
  const parties = { studentId: user.id, couponId };
  const answer = (
    status: CheckoutResult["status"],
    message: string,
    additionalData: CheckoutResult["additionalData"],
  ) => ({
    purchaseId,
    status,
    message,
    additionalData,
  });
  // Each outcome is answered from what its command recorded; when the command recorded nothing (a
  // notification got there first), from the purchase as it stands.
  const recorded = async (committed: Promise<{ result: boolean }>, outcome: () => Promise<CheckoutResult>) =>
    (await committed).result ? outcome() : checkoutResultOf(app, purchaseId);
  const failed = (reason: string) =>
    recorded(failPurchaseCommand(app, purchaseId, reason, context, parties), async () => answer("ERROR", reason, null));
  const paid = (paymentId: string) =>
    recorded(confirmPaymentCommand(app, purchaseId, { paymentId, by: "gateway" }, context, parties), async () =>
      answer("APPROVED", purchaseMessages.approved, null),
    );
  const awaited = (paymentId: string, payment: AwaitedPayment) =>
    recorded(awaitPaymentCommand(app, purchaseId, { paymentId, payment }, context), async () =>
      answer("AWAIT_PAYMENT", "", await paymentDataOf(app, purchaseId, paymentId, payment)),
    );
  try {
    switch (method) {
      case "CREDIT": {
        if (!card) throw invalid(checkoutErrors.cardRequired, "card");
        const outcome = await app.payments.chargeCard(order, card, installments);
        return outcome.status === "APPROVED" ? await paid(outcome.paymentId) : await failed(outcome.reason);
      }
      case "DEBIT": {
        if (!card) throw invalid(checkoutErrors.cardRequired, "card");
        const outcome = await app.payments.startDebit(order, card, termUrlOf(app, purchaseId));
        if (outcome.status === "APPROVED") return await paid(outcome.paymentId);
        if (outcome.status === "DENIED") return await failed(outcome.reason);
        const { status: _, ...authorisation } = outcome;
        return await recorded(requestAuthorisationCommand(app, purchaseId, authorisation, context), async () => {
          const { paymentId, ...shown } = authorisation;
          return answer(
            "AWAIT_AUTHORIZATION",
            "",
            await paymentDataOf(app, purchaseId, paymentId, { kind: "DEBIT", ...shown }),
          );
        });
      }
      case "PIX": {
        const pix = await app.payments.createPix(order, PIX_EXPIRES_IN_SECONDS);
        return await awaited(pix.paymentId, {
          kind: "PIX",
          qrCode: pix.qrCode,
          expiresAt: pix.expiresAt.toISOString(),
        });
      }
      case "BANKSLIP": {
        const dueDate = saoPauloDay(new Date(now.getTime() + BOLETO_DUE_DAYS * DAY_MS));
        const boleto = await app.payments.createBoleto(order, dueDate);
        const expiresAt = new Date(Date.parse(`${dueDate}T23:59:59-03:00`) + BOLETO_CLEARING_DAYS * DAY_MS);
        return await awaited(boleto.paymentId, {
          kind: "BANKSLIP",
          digitableLine: boleto.digitableLine,
          barcode: boleto.barcode,
          dueDate: boleto.dueDate,
          expiresAt: expiresAt.toISOString(),
        });
      }
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    if (error instanceof ChargeOutcomeUnknown) {
      // The card may have been charged: no failure is recorded (the coupon's use stays held) until the
      // reconciliation sweep learns from the gateway what became of the charge of this order id.
      app.log.warn({ purchaseId, err: error.message }, "card charge outcome unknown: left for reconciliation");
      return answer("PENDING", purchaseMessages.confirming, null);
    }
    app.log.warn({ purchaseId, err: error.message }, "payment gateway unavailable during checkout");
    return failed(GATEWAY_UNAVAILABLE);
  }
};
