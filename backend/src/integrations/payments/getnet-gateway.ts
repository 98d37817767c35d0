import { cardBrand, cardDigits, expiryParts, isExpired, passesLuhn } from "./card";
import {
  type Answer,
  boletoAnswer,
  cardTokenAnswer,
  DECLINED_REASON,
  debitAnswer,
  declineReason,
  EXPIRED_CARD_REASON,
  INSTALLMENTS_REASON,
  INVALID_CARD_REASON,
  ordersPayments,
  type PaymentKind,
  paymentAnswer,
  pixAnswer,
  sameDayCancelPaths,
  settledStatus,
  statusPaths,
  tokenAnswer,
} from "./getnet-answers";
import {
  type Buyer,
  type Card,
  type ChargeOutcome,
  ChargeOutcomeUnknown,
  type DebitOutcome,
  GatewayUnavailable,
  type Order,
  type PaymentGateway,
  PaymentNotFound,
} from "./payment-gateway";

export { DECLINED_REASON, EXPIRED_CARD_REASON, INSTALLMENTS_REASON, INVALID_CARD_REASON };

/**
 * The Getnet adapter (API v1): OAuth client-credentials token, card tokenisation, credit in 1–4 installments
 * without interest, debit with 3-D Secure, Pix QR code and boleto. A card's number goes to the tokenisation
 * call only; its CVC to the charge only; neither reaches an error message or anything this adapter returns.
 *
 * Outcomes: a decline (Getnet's 4xx with DENIED details) is a DENIED outcome with a Portuguese reason; a timeout,
 * a network error or Getnet's 5xx throws GatewayUnavailable: nothing is known about the payment then. When that
 * happens to the credit or debit request itself (sent, so Getnet may have charged), it is a ChargeOutcomeUnknown.
 */
export interface GetnetGatewayOptions {
  clientId: string;
  clientSecret: string;
  sellerId: string;
  /** https://api-sandbox.getnet.com.br, https://api-homologacao.getnet.com.br or https://api.getnet.com.br */
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// Getnet accepts a Pix QR code's life between 3 and 30 minutes.
const PIX_EXPIRATION = { min: 180, max: 1800 };
const INSTALLMENTS = { min: 1, max: 4 };
// A token is replaced this long before Getnet says it expires, so a request never leaves with a dying one.
const TOKEN_REFRESH_MARGIN_MS = 60_000;
const MAX_REMEMBERED_KINDS = 100_000;

const dayMonthYear = (isoDate: string) => isoDate.split("-").reverse().join("/");

const customerOf = (buyer: Buyer) => {
  const [firstName = buyer.name, ...rest] = buyer.name.trim().split(/\s+/);
  return {
    customer_id: buyer.customerId,
    first_name: firstName,
    last_name: rest.join(" ") || firstName,
    name: buyer.name,
    email: buyer.email,
    document_type: "CPF",
    document_number: buyer.cpf,
    billing_address: {
      street: buyer.address.street,
      number: buyer.address.number,
      district: buyer.address.neighbourhood,
      city: buyer.address.city,
      state: buyer.address.state,
      country: buyer.address.country,
      postal_code: buyer.address.cep.replace(/\D/g, ""),
    },
  };
};

/** Why a card is refused before Getnet is asked: a number that cannot be a card, a card past its month. */
const cardRefusal = (card: Card, now: Date): string | undefined => {
  if (!passesLuhn(card.number)) return INVALID_CARD_REASON;
  if (isExpired(card.expiryMonth, card.expiryYear, now)) return EXPIRED_CARD_REASON;
  return undefined;
};

export const createGetnetGateway = (options: GetnetGatewayOptions): PaymentGateway => {
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const kinds = new Map<string, PaymentKind>();
  let token: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  const remember = (paymentId: string, kind: PaymentKind) => {
    kinds.set(paymentId, kind);
    if (kinds.size > MAX_REMEMBERED_KINDS) {
      const oldest = kinds.keys().next().value;
      if (oldest !== undefined) kinds.delete(oldest);
    }
  };

  /** One HTTP exchange. `label` names the operation in errors: never a URL with ids, never a body. */
  const exchange = async (label: string, path: string, init: RequestInit): Promise<Answer> => {
    let response: Response;
    let bytes: Buffer;
    try {
      response = await doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new GatewayUnavailable(`Getnet ${label}: ${timedOut ? `no answer within ${timeoutMs} ms` : "unreachable"}`);
    }
    if (response.status >= 500) throw new GatewayUnavailable(`Getnet ${label}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = bytes.length > 0 ? JSON.parse(bytes.toString("utf8")) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, bytes };
  };

  const freshToken = async (): Promise<string> => {
    const answer = await exchange("token", "/auth/oauth/v2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "scope=oob&grant_type=client_credentials",
    });
    const parsed = tokenAnswer.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) {
      throw new GatewayUnavailable(`Getnet token: refused our client credentials (HTTP ${answer.status})`);
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: now().getTime() + lifetimeMs - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 10),
    };
    return token.value;
  };

  /** The cached token, or one fetched once for all the requests waiting on it. */
  const accessToken = (): Promise<string> => {
    if (token !== undefined && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= freshToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  };

  /** A call with the seller's token; a token Getnet no longer accepts (401) is replaced once. */
  const call = async (
    label: string,
    path: string,
    init: { method: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer> => {
    const send = async () => {
      const bearer = await accessToken();
      return exchange(label, path, {
        method: init.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          seller_id: options.sellerId,
          accept: "application/json, application/pdf",
          ...(init.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    };
    const first = await send();
    if (first.status !== 401) return first;
    token = undefined;
    const second = await send();
    if (second.status === 401) throw new GatewayUnavailable(`Getnet ${label}: our access token was refused`);
    return second;
  };

  /** Tokenises the card: the only request that carries its number. */
  const tokeniseCard = async (card: Card, customerId: string): Promise<{ token: string } | { refused: string }> => {
    const answer = await call("card token", "/v1/tokens/card", {
      method: "POST",
      body: { card_number: cardDigits(card.number), customer_id: customerId },
    });
    const parsed = cardTokenAnswer.safeParse(answer.json);
    if (answer.status < 300 && parsed.success) return { token: parsed.data.number_token };
    if (answer.status >= 400) return { refused: INVALID_CARD_REASON };
    throw new GatewayUnavailable(`Getnet card token: unexpected answer (HTTP ${answer.status})`);
  };

  const cardFields = (card: Card, numberToken: string) => {
    const expiry = expiryParts(card.expiryMonth, card.expiryYear);
    return {
      number_token: numberToken,
      cardholder_name: card.holderName,
      security_code: card.cvc,
      brand: cardBrand(card.number),
      expiration_month: expiry.month,
      expiration_year: expiry.year,
    };
  };

  const orderFields = (order: Order) => ({
    seller_id: options.sellerId,
    amount: order.amountCents,
    currency: "BRL",
    order: { order_id: order.orderId, sales_tax: 0, product_type: "service" },
    customer: customerOf(order.buyer),
    device: { device_id: order.deviceId.slice(0, 80) },
  });

  /** The credit or debit request and the reading of its answer: what leaves nothing known is a ChargeOutcomeUnknown. */
  const chargeRequest = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      if (error instanceof GatewayUnavailable && !(error instanceof ChargeOutcomeUnknown)) {
        throw new ChargeOutcomeUnknown(error.message);
      }
      throw error;
    }
  };

  /** A charge's answer as an outcome: approved, declined with a reason, or nothing known (thrown). */
  const chargeOutcome = (label: string, answer: Answer, kind: PaymentKind): ChargeOutcome => {
    const parsed = paymentAnswer.safeParse(answer.json);
    if (answer.status < 300 && parsed.success) {
      remember(parsed.data.payment_id, kind);
      const status = settledStatus(parsed.data.status);
      if (status === "APPROVED") return { status: "APPROVED", paymentId: parsed.data.payment_id };
      if (status === "DENIED") {
        return { status: "DENIED", paymentId: parsed.data.payment_id, reason: declineReason(answer.json) };
      }
      throw new GatewayUnavailable(`Getnet ${label}: unexpected status ${parsed.data.status ?? "(none)"}`);
    }
    if (answer.status >= 400) {
      return {
        status: "DENIED",
        ...(parsed.success ? { paymentId: parsed.data.payment_id } : {}),
        reason: declineReason(answer.json),
      };
    }
    throw new GatewayUnavailable(`Getnet ${label}: unexpected answer (HTTP ${answer.status})`);
  };

  return {
    name: "getnet",

    async chargeCard(order, card, installments) {
      if (!Number.isInteger(installments) || installments < INSTALLMENTS.min || installments > INSTALLMENTS.max) {
        return { status: "DENIED", reason: INSTALLMENTS_REASON };
      }
      const refusal = cardRefusal(card, now());
      if (refusal !== undefined) return { status: "DENIED", reason: refusal };
      const tokenised = await tokeniseCard(card, order.buyer.customerId);
      if ("refused" in tokenised) return { status: "DENIED", reason: tokenised.refused };
      return chargeRequest(async () => {
        const answer = await call("credit", "/v1/payments/credit", {
          method: "POST",
          body: {
            ...orderFields(order),
            credit: {
              delayed: false,
              save_card_data: false,
              transaction_type: installments === 1 ? "FULL" : "INSTALL_NO_INTEREST",
              number_installments: installments,
              card: cardFields(card, tokenised.token),
            },
          },
        });
        return chargeOutcome("credit", answer, "credit");
      });
    },

    async startDebit(order, card): Promise<DebitOutcome> {
      const refusal = cardRefusal(card, now());
      if (refusal !== undefined) return { status: "DENIED", reason: refusal };
      const tokenised = await tokeniseCard(card, order.buyer.customerId);
      if ("refused" in tokenised) return { status: "DENIED", reason: tokenised.refused };
      return chargeRequest(async () => {
        const answer = await call("debit", "/v1/payments/debit", {
          method: "POST",
          body: {
            ...orderFields(order),
            debit: { authenticated: false, card: cardFields(card, tokenised.token) },
          },
        });
        const parsed = debitAnswer.safeParse(answer.json);
        if (answer.status < 300 && parsed.success && parsed.data.redirect_url !== undefined) {
          const issuerPaymentId = parsed.data.post_data?.issuer_payment_id ?? parsed.data.issuer_payment_id;
          const payerAuthenticationRequest =
            parsed.data.post_data?.payer_authentication_request ?? parsed.data.payer_authentication_request;
          if (issuerPaymentId === undefined || payerAuthenticationRequest === undefined) {
            throw new GatewayUnavailable("Getnet debit: a redirect without its post data");
          }
          remember(parsed.data.payment_id, "debit");
          return {
            status: "AWAIT_AUTHORIZATION",
            paymentId: parsed.data.payment_id,
            redirectUrl: parsed.data.redirect_url,
            issuerPaymentId,
            payerAuthenticationRequest,
          };
        }
        return chargeOutcome("debit", answer, "debit");
      });
    },

    async finishDebit(paymentId, payerAuthenticationResponse) {
      const answer = await call(
        "debit finalisation",
        `/v1/payments/debit/${encodeURIComponent(paymentId)}/authenticated/finalize`,
        {
          method: "POST",
          body: { payer_authentication_response: payerAuthenticationResponse },
        },
      );
      const outcome = chargeOutcome("debit finalisation", answer, "debit");
      return outcome.status === "DENIED" && outcome.paymentId === undefined ? { ...outcome, paymentId } : outcome;
    },

    async createPix(order, expiresInSeconds) {
      const seconds = Math.min(PIX_EXPIRATION.max, Math.max(PIX_EXPIRATION.min, Math.round(expiresInSeconds)));
      const requestedAt = now().getTime();
      const answer = await call("pix", "/v1/payments/qrcode/pix", {
        method: "POST",
        headers: { "x-qrcode-expiration-time": String(seconds) },
        body: {
          amount: order.amountCents,
          currency: "BRL",
          order_id: order.orderId,
          customer_id: order.buyer.customerId,
        },
      });
      const parsed = pixAnswer.safeParse(answer.json);
      if (answer.status >= 300 || !parsed.success) {
        throw new GatewayUnavailable(`Getnet pix: no QR code (HTTP ${answer.status})`);
      }
      remember(parsed.data.payment_id, "pix");
      // Getnet's stated expiry is trusted only when it names its time zone; otherwise ours is the same moment.
      const expiration = parsed.data.additional_data.expiration_date_qrcode ?? "";
      const stated = /(Z|[+-]\d{2}:?\d{2})$/.test(expiration) ? Date.parse(expiration) : Number.NaN;
      return {
        paymentId: parsed.data.payment_id,
        qrCode: parsed.data.additional_data.qr_code,
        expiresAt: new Date(Number.isNaN(stated) ? requestedAt + seconds * 1000 : stated),
      };
    },

    async createBoleto(order, dueDate) {
      const answer = await call("boleto", "/v1/payments/boleto", {
        method: "POST",
        body: {
          seller_id: options.sellerId,
          amount: order.amountCents,
          currency: "BRL",
          order: { order_id: order.orderId, sales_tax: 0, product_type: "service" },
          boleto: {
            document_number: order.orderId.slice(0, 15),
            expiration_date: dayMonthYear(dueDate),
            instructions: "Não receber após o vencimento",
            provider: "santander",
          },
          customer: customerOf(order.buyer),
        },
      });
      const parsed = boletoAnswer.safeParse(answer.json);
      const digitableLine = parsed.success ? parsed.data.boleto.typeful_line.replace(/\D/g, "") : "";
      const barcode = parsed.success ? parsed.data.boleto.bar_code.replace(/\D/g, "") : "";
      if (answer.status >= 300 || !parsed.success || digitableLine.length !== 47 || barcode.length !== 44) {
        throw new GatewayUnavailable(`Getnet boleto: no boleto (HTTP ${answer.status})`);
      }
      remember(parsed.data.payment_id, "boleto");
      return { paymentId: parsed.data.payment_id, digitableLine, barcode, dueDate };
    },

    async boletoPdf(paymentId) {
      const answer = await call("boleto pdf", `/v1/payments/boleto/${encodeURIComponent(paymentId)}/pdf`, {
        method: "GET",
      });
      if (answer.status === 404) throw new PaymentNotFound(paymentId);
      if (answer.status >= 300) throw new GatewayUnavailable(`Getnet boleto pdf: HTTP ${answer.status}`);
      return answer.bytes;
    },

    async paymentStatus(paymentId) {
      const known = kinds.get(paymentId);
      // After a restart the kind is forgotten: a notification's id is looked for where each kind lives.
      const candidates: PaymentKind[] = known ? [known] : ["pix", "boleto", "credit", "debit"];
      for (const kind of candidates) {
        const answer = await call(`${kind} status`, statusPaths[kind](paymentId), { method: "GET" });
        if (answer.status === 404) continue;
        const parsed = paymentAnswer.partial({ payment_id: true }).safeParse(answer.json);
        const status = parsed.success ? settledStatus(parsed.data.status) : undefined;
        if (answer.status >= 300 || status === undefined) {
          throw new GatewayUnavailable(`Getnet ${kind} status: unexpected answer (HTTP ${answer.status})`);
        }
        remember(paymentId, kind);
        return status;
      }
      throw new PaymentNotFound(paymentId);
    },

    async findCharge(orderId) {
      // Every charge request carries our order id (`order.order_id`, Pix's `order_id`): the charges made for it.
      const answer = await call("charges of an order", `/v1/payments?order_id=${encodeURIComponent(orderId)}`, {
        method: "GET",
      });
      // Only a list (empty when nothing was charged) says what happened: any other answer, a 404 included, leaves
      // the purchase waiting rather than concluding that nothing was charged.
      const parsed = ordersPayments.safeParse(answer.json);
      if (answer.status >= 300 || !parsed.success) {
        throw new GatewayUnavailable(`Getnet charges of an order: unexpected answer (HTTP ${answer.status})`);
      }
      const found = parsed.data.payments.flatMap((payment) => {
        if (payment.order_id !== undefined && payment.order_id !== orderId) return [];
        const status = settledStatus(payment.status);
        if (status === undefined) {
          throw new GatewayUnavailable(`Getnet charges of an order: unexpected status ${payment.status ?? "(none)"}`);
        }
        if (payment.payment_method) remember(payment.payment_id, payment.payment_method);
        return [{ paymentId: payment.payment_id, status }];
      });
      return found.find((charge) => charge.status === "APPROVED") ?? found.at(-1);
    },

    async cancelCharge(paymentId, amountCents) {
      const known = kinds.get(paymentId);
      // A Pix QR code nobody was shown expires by itself within 30 minutes: there is nothing to cancel.
      if (known === "pix") return;
      for (const kind of known ? [known] : (["credit", "debit"] as const)) {
        const path = sameDayCancelPaths[kind]?.(paymentId);
        if (path === undefined) continue;
        const answer = await call(`${kind} cancel`, path, { method: "POST", body: {} });
        if (answer.status < 300) return;
        if (answer.status === 404) continue;
        break;
      }
      // Not found where the kinds live, or past the day it was made: Getnet's cancellation request.
      const answer = await call("cancel request", "/v1/payments/cancel/request", {
        method: "POST",
        body: { payment_id: paymentId, cancel_amount: amountCents, cancel_custom_key: paymentId },
      });
      if (answer.status >= 300) {
        throw new GatewayUnavailable(`Getnet cancel request: refused (HTTP ${answer.status})`);
      }
    },
  };
};
