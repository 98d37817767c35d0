import { randomInt, randomUUID } from "node:crypto";
import { boletoNumbers } from "./boleto";
import { type BoletoDocument, renderBoletoPdf } from "./boleto-pdf";
import { type CardBrand, cardBrand, cardDigits, isExpired, lastFour, passesLuhn } from "./card";
import {
  type BoletoCharge,
  type Card,
  type ChargeOutcome,
  type DebitOutcome,
  type Order,
  type PaymentGateway,
  PaymentNotFound,
  PaymentNotPayable,
  type PaymentStatus,
  type PixCharge,
} from "./payment-gateway";
import { pixBrCode } from "./pix-br-code";

export { qrCodePngDataUrl } from "./pix-br-code";

/**
 * The built-in gateway: no network, no account, and the answers a real one gives, so `npm start` can sell and
 * every payment path can be tried by hand. Payments live in this process's memory.
 *
 * Cards: 4111 1111 1111 1111 (and Getnet's sandbox cards 5155 9012 2228 0001 and 4012 0010 3714 1112) approve,
 * as does any other number that passes the Luhn check; 4000 0000 0000 0002 is declined; a number failing Luhn
 * is an invalid card; an expiry month already past is an expired card.
 */
export interface SandboxGatewayOptions {
  /** This product's public address: the debit's redirect goes to its sandbox issuer page. */
  baseUrl: string;
  pixKey?: string;
  /** At most 25 characters (the BR Code's limit). */
  merchantName?: string;
  /** At most 15 characters (the BR Code's limit). */
  merchantCity?: string;
  now?: () => Date;
}

export const SANDBOX_ISSUER_PATH = "/api/sandbox/issuer";

// A random-key (EVP) shaped Pix key that no bank holds: a payer's app reads the code but cannot pay it.
const DEFAULT_PIX_KEY = "7d9f0335-8dcc-4054-9bf9-0b6f2f1c0e55";
// No bank has code 999, so this boleto can be read and printed but never paid at a real bank.
const SANDBOX_BANK_CODE = "999";
// Keeps a long-running sandbox (or a benchmark) from growing without end; the oldest payments go first.
const MAX_PAYMENTS = 100_000;
const INSTALLMENTS = { min: 1, max: 4 };

const DECLINED_CARDS = new Set(["4000000000000002", "5155901222250004"]);
// Getnet's sandbox answers these as an invalid and an expired card; the sandbox answers the same.
const INVALID_CARDS = new Set(["5155901222270002"]);
const EXPIRED_CARDS = new Set(["5155901222260003"]);

export const DECLINED_REASON = "Transação não autorizada";
export const INVALID_CARD_REASON = "Cartão inválido";
export const EXPIRED_CARD_REASON = "Cartão vencido";
export const INVALID_CVC_REASON = "Código de segurança inválido";
export const INSTALLMENTS_REASON = "Parcelamento não permitido: escolha de 1 a 4 vezes";
export const NOT_AUTHENTICATED_REASON = "Autenticação não confirmada pelo banco emissor";

type Settled = "APPROVED" | "DENIED";

type SandboxPayment =
  | { kind: "card"; status: Settled; reason?: string }
  | {
      kind: "debit";
      status: "PENDING" | Settled;
      payerAuthenticationRequest: string;
      declines: boolean;
      reason?: string;
    }
  | { kind: "pix"; status: "PENDING" | "APPROVED" | "EXPIRED"; expiresAt: Date }
  | { kind: "boleto"; status: "PENDING" | "APPROVED" | "DENIED"; document: BoletoDocument }
  | { kind: "paid-elsewhere"; status: "APPROVED" };

/** What the sandbox issuer page shows the payer: the amount and the card, never its number. */
export interface SandboxIssuerRequest {
  paymentId: string;
  amountCents: number;
  brand: CardBrand | "Cartão";
  lastFour: string;
}

const ISSUER_BRANDS: ReadonlyArray<SandboxIssuerRequest["brand"]> = [
  "Visa",
  "Mastercard",
  "Amex",
  "Elo",
  "Hipercard",
  "Cartão",
];

const toToken = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const fromToken = (token: string): unknown => {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Reads the `PaReq` the sandbox issuer page receives; undefined when it is not one the sandbox made. */
export const readSandboxIssuerRequest = (payerAuthenticationRequest: string): SandboxIssuerRequest | undefined => {
  const value = fromToken(payerAuthenticationRequest);
  if (
    !isRecord(value) ||
    typeof value.paymentId !== "string" ||
    typeof value.amountCents !== "number" ||
    typeof value.brand !== "string" ||
    typeof value.lastFour !== "string"
  ) {
    return undefined;
  }
  const brand = ISSUER_BRANDS.find((known) => known === value.brand);
  if (brand === undefined) return undefined;
  return { paymentId: value.paymentId, amountCents: value.amountCents, brand, lastFour: value.lastFour };
};

/**
 * The `PaRes` the sandbox issuer page posts back to the return URL: the payer's answer ("Y" authenticated,
 * "N" refused) bound to the `PaReq` it answers, so it cannot finish another payment.
 */
export const sandboxIssuerAnswer = (payerAuthenticationRequest: string, authenticated: boolean): string =>
  toToken({ payerAuthenticationRequest, authenticated: authenticated ? "Y" : "N" });

const readIssuerAnswer = (payerAuthenticationResponse: string) => {
  const value = fromToken(payerAuthenticationResponse);
  if (!isRecord(value) || typeof value.payerAuthenticationRequest !== "string") return undefined;
  return { payerAuthenticationRequest: value.payerAuthenticationRequest, authenticated: value.authenticated === "Y" };
};

/** Why a card is refused before any issuer is asked, or undefined when it may go on. */
const cardRefusal = (card: Card, now: Date): string | undefined => {
  const digits = cardDigits(card.number);
  if (!passesLuhn(digits) || INVALID_CARDS.has(digits)) return INVALID_CARD_REASON;
  if (EXPIRED_CARDS.has(digits) || isExpired(card.expiryMonth, card.expiryYear, now)) return EXPIRED_CARD_REASON;
  if (!/^\d{3,4}$/.test(card.cvc)) return INVALID_CVC_REASON;
  return undefined;
};

/** Adds to a map that drops its oldest entry past MAX_PAYMENTS. */
const setBounded = <V>(map: Map<string, V>, key: string, value: V) => {
  map.set(key, value);
  if (map.size > MAX_PAYMENTS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
};

const randomDigits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");

export type SandboxGateway = PaymentGateway & { pay(paymentId: string): Promise<void> };

export const createSandboxGateway = (options: SandboxGatewayOptions): SandboxGateway => {
  const now = options.now ?? (() => new Date());
  const pixKey = options.pixKey ?? DEFAULT_PIX_KEY;
  const merchantName = options.merchantName ?? "English Lessons";
  const merchantCity = options.merchantCity ?? "Sao Paulo";
  if (merchantName.length > 25) throw new Error("A Pix merchant name has at most 25 characters");
  if (merchantCity.length > 15) throw new Error("A Pix merchant city has at most 15 characters");
  const issuerUrl = `${options.baseUrl.replace(/\/$/, "")}${SANDBOX_ISSUER_PATH}`;
  const payments = new Map<string, SandboxPayment>();
  // A card order retried (a lost answer, a double click) is not charged twice: it gets its first approval back.
  const approvedCardOrders = new Map<string, string>();
  // Every payment made for an order id, oldest first, so a checkout that died before recording one can find it.
  const orderPayments = new Map<string, string[]>();

  const keepFor = (orderId: string, paymentId: string, payment: SandboxPayment) => {
    keep(paymentId, payment);
    setBounded(orderPayments, orderId, [...(orderPayments.get(orderId) ?? []), paymentId]);
  };

  const keep = (paymentId: string, payment: SandboxPayment) => setBounded(payments, paymentId, payment);

  const find = (paymentId: string): SandboxPayment => {
    const payment = payments.get(paymentId);
    if (payment === undefined) throw new PaymentNotFound(paymentId);
    if (payment.kind === "pix" && payment.status === "PENDING" && now() >= payment.expiresAt) {
      payment.status = "EXPIRED";
    }
    return payment;
  };

  const outcomeOf = (paymentId: string, payment: { status: Settled; reason?: string }): ChargeOutcome =>
    payment.status === "APPROVED"
      ? { status: "APPROVED", paymentId }
      : { status: "DENIED", paymentId, reason: payment.reason ?? DECLINED_REASON };

  return {
    name: "sandbox",

    async chargeCard(order: Order, card: Card, installments: number): Promise<ChargeOutcome> {
      if (!Number.isInteger(installments) || installments < INSTALLMENTS.min || installments > INSTALLMENTS.max) {
        return { status: "DENIED", reason: INSTALLMENTS_REASON };
      }
      const earlier = approvedCardOrders.get(order.orderId);
      if (earlier !== undefined) return { status: "APPROVED", paymentId: earlier };
      const paymentId = randomUUID();
      const refusal =
        cardRefusal(card, now()) ?? (DECLINED_CARDS.has(cardDigits(card.number)) ? DECLINED_REASON : undefined);
      const payment: SandboxPayment =
        refusal === undefined
          ? { kind: "card", status: "APPROVED" }
          : { kind: "card", status: "DENIED", reason: refusal };
      keepFor(order.orderId, paymentId, payment);
      if (payment.status === "APPROVED") setBounded(approvedCardOrders, order.orderId, paymentId);
      return outcomeOf(paymentId, payment);
    },

    async startDebit(order: Order, card: Card): Promise<DebitOutcome> {
      const paymentId = randomUUID();
      const refusal = cardRefusal(card, now());
      if (refusal !== undefined) {
        keepFor(order.orderId, paymentId, { kind: "card", status: "DENIED", reason: refusal });
        return { status: "DENIED", paymentId, reason: refusal };
      }
      const payerAuthenticationRequest = toToken({
        paymentId,
        amountCents: order.amountCents,
        brand: cardBrand(card.number) ?? "Cartão",
        lastFour: lastFour(card.number),
      });
      // Like a real issuer, a card that will be declined is still authenticated first and refused after.
      keepFor(order.orderId, paymentId, {
        kind: "debit",
        status: "PENDING",
        payerAuthenticationRequest,
        declines: DECLINED_CARDS.has(cardDigits(card.number)),
      });
      return {
        status: "AWAIT_AUTHORIZATION",
        paymentId,
        redirectUrl: issuerUrl,
        issuerPaymentId: randomUUID(),
        payerAuthenticationRequest,
      };
    },

    async finishDebit(paymentId: string, payerAuthenticationResponse: string): Promise<ChargeOutcome> {
      const payment = payments.get(paymentId);
      if (payment === undefined || payment.kind !== "debit") {
        return { status: "DENIED", paymentId, reason: NOT_AUTHENTICATED_REASON };
      }
      if (payment.status !== "PENDING") return outcomeOf(paymentId, { ...payment, status: payment.status });
      const answer = readIssuerAnswer(payerAuthenticationResponse);
      if (answer?.payerAuthenticationRequest !== payment.payerAuthenticationRequest || !answer.authenticated) {
        payment.status = "DENIED";
        payment.reason = NOT_AUTHENTICATED_REASON;
      } else if (payment.declines) {
        payment.status = "DENIED";
        payment.reason = DECLINED_REASON;
      } else {
        payment.status = "APPROVED";
      }
      return outcomeOf(paymentId, { ...payment, status: payment.status });
    },

    async createPix(order: Order, expiresInSeconds: number): Promise<PixCharge> {
      const paymentId = randomUUID();
      const expiresAt = new Date(now().getTime() + expiresInSeconds * 1000);
      const qrCode = pixBrCode({
        pixKey,
        merchantName,
        merchantCity,
        amountCents: order.amountCents,
        txid: paymentId.replaceAll("-", "").slice(0, 25),
      });
      keepFor(order.orderId, paymentId, { kind: "pix", status: "PENDING", expiresAt });
      return { paymentId, qrCode, expiresAt };
    },

    async createBoleto(order: Order, dueDate: string): Promise<BoletoCharge> {
      const paymentId = randomUUID();
      const { barcode, digitableLine } = boletoNumbers({
        bankCode: SANDBOX_BANK_CODE,
        amountCents: order.amountCents,
        dueDate,
        freeField: randomDigits(25),
      });
      keepFor(order.orderId, paymentId, {
        kind: "boleto",
        status: "PENDING",
        document: {
          barcode,
          digitableLine,
          dueDate,
          amountCents: order.amountCents,
          beneficiary: merchantName,
          payerName: order.buyer.name,
          payerCpf: order.buyer.cpf,
          orderId: order.orderId,
        },
      });
      return { paymentId, digitableLine, barcode, dueDate };
    },

    async boletoPdf(paymentId: string): Promise<Buffer> {
      const payment = payments.get(paymentId);
      if (payment?.kind !== "boleto") throw new PaymentNotFound(paymentId);
      return renderBoletoPdf(payment.document);
    },

    async paymentStatus(paymentId: string): Promise<PaymentStatus> {
      return find(paymentId).status;
    },

    async findCharge(orderId: string) {
      const found = (orderPayments.get(orderId) ?? []).flatMap((paymentId) => {
        const payment = payments.get(paymentId);
        return payment === undefined ? [] : [{ paymentId, status: find(paymentId).status }];
      });
      return found.find((charge) => charge.status === "APPROVED") ?? found.at(-1);
    },

    async cancelCharge(paymentId: string): Promise<void> {
      const payment = find(paymentId);
      if (payment.kind === "paid-elsewhere") return;
      if (payment.kind === "pix") {
        if (payment.status === "PENDING") payment.status = "EXPIRED";
        return;
      }
      if (payment.status === "APPROVED" || payment.status === "PENDING") {
        payment.status = "DENIED";
        if (payment.kind !== "boleto") payment.reason = DECLINED_REASON;
      }
      for (const [orderId, approved] of approvedCardOrders) {
        if (approved === paymentId) approvedCardOrders.delete(orderId);
      }
    },

    async pay(paymentId: string): Promise<void> {
      if (!payments.has(paymentId)) {
        keep(paymentId, { kind: "paid-elsewhere", status: "APPROVED" });
        return;
      }
      const payment = find(paymentId);
      if (payment.status === "APPROVED") return;
      if (payment.kind === "pix" || payment.kind === "boleto") {
        if (payment.status === "PENDING") {
          payment.status = "APPROVED";
          return;
        }
      }
      throw new PaymentNotPayable(paymentId, payment.status);
    },
  };
};
