import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createStaticPix, hasError } from "pix-utils";
import { boletoNumbers, formatDigitableLine } from "../src/integrations/payments/boleto";

/**
 * A local stand-in for Getnet's API v1 on 127.0.0.1 (random port): OAuth token, card tokenisation, credit,
 * debit with 3-D Secure, Pix QR code, boleto and status, answering the documented shapes, with knobs for what
 * a test needs to provoke (declines, 5xx, slowness, expired tokens) and a record of every request received.
 */
/** Where the fake serves the device fingerprint's tag (set `GETNET_FINGERPRINT_URL` to `{baseUrl}{FINGERPRINT_PATH}`). */
export const FINGERPRINT_PATH = "/fp/tags.js";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type FakePayment = {
  kind: "credit" | "debit" | "pix" | "boleto";
  status: "APPROVED" | "DENIED" | "PENDING" | "WAITING" | "CANCELED";
  /** The seller's order id the charge request carried. */
  orderId: string;
  amount: number;
  /** The card's number, kept by the fake only to decide a debit after authentication. */
  cardNumber?: string;
  payerAuthenticationRequest?: string;
};

export interface FakeGetnet {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string; sellerId: string };
  /** Every request in arrival order, bodies as received. */
  requests: RecordedRequest[];
  /** Card numbers Getnet declines, with the description its details carry. */
  declinedCards: Map<string, string>;
  /** When set, every request is answered with this status (a Getnet outage). */
  failWith: number | undefined;
  /** When set, the credit and debit requests are answered with this status and charge nothing (a charge's 5xx). */
  failChargesWith: number | undefined;
  /** Milliseconds to wait before answering each request. */
  delayMs: number;
  /** `expires_in` of the tokens issued from now on. */
  tokenLifetimeSeconds: number;
  /** How many access tokens have been issued. */
  tokensIssued(): number;
  /** Getnet forgets every token issued so far: the next call with one answers 401. */
  revokeTokens(): void;
  /** The payer paid this Pix or boleto. */
  pay(paymentId: string): void;
  /** The charges made, by payment id: their order id, amount and status (`CANCELED` once cancelled). */
  charges(): Map<string, { kind: string; status: string; orderId: string; amount: number }>;
  /**
   * Runs when a card charge has been decided and recorded, before it is answered: a test kills the caller there
   * (the charge is made; the caller never learns it).
   */
  onCardCharge: ((paymentId: string) => Promise<void>) | undefined;
  /** False: the day's cancellation path is refused (the payment is from an earlier day). */
  sameDayCancel: boolean;
  /** The `PaRes` the fake issuer answers when the payer authenticated. */
  authenticatedPaRes: string;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
};

const denied = (response: ServerResponse, status: number, description: string) =>
  json(response, status, {
    message: status === 402 ? "Transaction denied" : "Bad Request",
    name: status === 402 ? "PaymentsError" : "ValidationError",
    status_code: status,
    details: [
      {
        status: "DENIED",
        error_code: status === 402 ? "PAYMENTS-402" : "GENERIC-400",
        description,
        description_detail: description,
      },
    ],
  });

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value);

export const startFakeGetnet = async (): Promise<FakeGetnet> => {
  const credentials = { clientId: "fake-client", clientSecret: "fake-secret", sellerId: randomUUID() };
  const tokens = new Map<string, number>();
  const numberTokens = new Map<string, string>();
  const payments = new Map<string, FakePayment>();
  let issued = 0;

  const fake: FakeGetnet = {
    baseUrl: "",
    credentials,
    requests: [],
    declinedCards: new Map([
      ["4000000000000002", "Transação não autorizada"],
      ["5155901222270002", "Invalid card"],
      ["5155901222260003", "Expired card"],
    ]),
    failWith: undefined,
    failChargesWith: undefined,
    delayMs: 0,
    tokenLifetimeSeconds: 3600,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    pay: (paymentId) => {
      const payment = payments.get(paymentId);
      if (payment) payment.status = "APPROVED";
    },
    authenticatedPaRes: "fake-pares-authenticated",
    charges: () => new Map(payments),
    onCardCharge: undefined,
    sameDayCancel: true,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const issueToken = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
    const form = new URLSearchParams(body);
    if (
      request.headers.authorization !== expected ||
      form.get("grant_type") !== "client_credentials" ||
      form.get("scope") !== "oob"
    ) {
      return json(response, 401, { error: "invalid_client", error_description: "Bad credentials" });
    }
    const accessToken = randomUUID();
    tokens.set(accessToken, Date.now() + fake.tokenLifetimeSeconds * 1000);
    issued++;
    json(response, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: fake.tokenLifetimeSeconds,
      scope: "oob",
    });
  };

  const authorised = (request: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const until = bearer === undefined ? undefined : tokens.get(bearer);
    return until !== undefined && until > Date.now() && request.headers.seller_id === credentials.sellerId;
  };

  /** What the credit and debit bodies must carry; the refusal Getnet would give, or the card's number. */
  const validCardPayment = (body: unknown, method: "credit" | "debit"): string | { cardNumber: string } => {
    if (field(body, "seller_id") !== credentials.sellerId) return "seller_id inválido";
    const amount = field(body, "amount");
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) return "amount inválido";
    if (typeof field(body, "order", "order_id") !== "string") return "order.order_id obrigatório";
    if (typeof field(body, "customer", "customer_id") !== "string") return "customer.customer_id obrigatório";
    if (typeof field(body, "device", "device_id") !== "string") return "device.device_id obrigatório";
    if (method === "credit") {
      const installments = field(body, "credit", "number_installments");
      const type = field(body, "credit", "transaction_type");
      if (typeof installments !== "number" || installments < 1 || installments > 12) return "parcelas inválidas";
      if ((installments === 1 && type !== "FULL") || (installments > 1 && type !== "INSTALL_NO_INTEREST")) {
        return "transaction_type inválido";
      }
    }
    const numberToken = field(body, method, "card", "number_token");
    const cardNumber = typeof numberToken === "string" ? numberTokens.get(numberToken) : undefined;
    if (cardNumber === undefined) return "number_token inválido";
    if (typeof field(body, method, "card", "security_code") !== "string") return "security_code obrigatório";
    return { cardNumber };
  };

  const route = async (request: IncomingMessage, response: ServerResponse, body: string) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    // The anti-fraud tag the checkout page loads (ThreatMetrix's `tags.js`, here at the fake's own host): the
    // request, with its `org_id` and `session_id`, is in `requests`.
    if (request.method === "GET" && path === FINGERPRINT_PATH) {
      response.writeHead(200, { "content-type": "application/javascript; charset=utf-8" });
      return response.end("/* device fingerprint */");
    }
    if (request.method === "POST" && path === "/auth/oauth/v2/token") return issueToken(request, body, response);
    if (!authorised(request)) return json(response, 401, { message: "Unauthorized", status_code: 401 });
    let parsed: unknown;
    try {
      parsed = body === "" ? undefined : JSON.parse(body);
    } catch {
      return denied(response, 400, "JSON inválido");
    }

    if (request.method === "POST" && path === "/v1/tokens/card") {
      const number = field(parsed, "card_number");
      if (typeof number !== "string" || !/^\d{13,19}$/.test(number))
        return denied(response, 400, "Invalid card number");
      const numberToken = randomUUID().replaceAll("-", "").repeat(4);
      numberTokens.set(numberToken, number);
      return json(response, 201, { number_token: numberToken });
    }

    if (request.method === "POST" && (path === "/v1/payments/credit" || path === "/v1/payments/debit")) {
      const kind = path.endsWith("credit") ? "credit" : "debit";
      if (fake.failChargesWith !== undefined) {
        return json(response, fake.failChargesWith, {
          message: "Internal Server Error",
          status_code: fake.failChargesWith,
        });
      }
      const valid = validCardPayment(parsed, kind);
      if (typeof valid === "string") return denied(response, 400, valid);
      const paymentId = randomUUID();
      const orderId = String(field(parsed, "order", "order_id"));
      const amount = Number(field(parsed, "amount"));
      if (kind === "credit") {
        const decline = fake.declinedCards.get(valid.cardNumber);
        payments.set(paymentId, { kind, status: decline ? "DENIED" : "APPROVED", orderId, amount });
        await fake.onCardCharge?.(paymentId);
        if (decline) return denied(response, 402, decline);
        return json(response, 200, {
          payment_id: paymentId,
          seller_id: credentials.sellerId,
          amount: field(parsed, "amount"),
          currency: "BRL",
          order_id: field(parsed, "order", "order_id"),
          status: "APPROVED",
          received_at: new Date().toISOString(),
          credit: {
            delayed: false,
            authorization_code: "000000099999",
            authorized_at: new Date().toISOString(),
            reason_code: "0",
            reason_message: "transaction approved",
            acquirer: "GETNET",
            brand: field(parsed, "credit", "card", "brand"),
            terminal_nsu: "123456",
            acquirer_transaction_id: "10000000",
            transaction_id: "1002217281190421",
          },
        });
      }
      const payerAuthenticationRequest = Buffer.from(randomUUID()).toString("base64");
      payments.set(paymentId, {
        kind,
        status: "PENDING",
        orderId,
        amount,
        cardNumber: valid.cardNumber,
        payerAuthenticationRequest,
      });
      await fake.onCardCharge?.(paymentId);
      return json(response, 200, {
        payment_id: paymentId,
        redirect_url: `${fake.baseUrl}/fake-issuer/acs`,
        post_data: { issuer_payment_id: randomUUID(), payer_authentication_request: payerAuthenticationRequest },
      });
    }

    const finalize = /^\/v1\/payments\/debit\/([^/]+)\/authenticated\/finalize$/.exec(path);
    if (request.method === "POST" && finalize) {
      const paymentId = decodeURIComponent(finalize[1] ?? "");
      const payment = payments.get(paymentId);
      if (payment?.kind !== "debit") return json(response, 404, { message: "Payment not found", status_code: 404 });
      if (field(parsed, "payer_authentication_response") !== fake.authenticatedPaRes) {
        payment.status = "DENIED";
        return denied(response, 402, "Autenticação não realizada");
      }
      const decline = fake.declinedCards.get(payment.cardNumber ?? "");
      payment.status = decline ? "DENIED" : "APPROVED";
      if (decline) return denied(response, 402, decline);
      return json(response, 200, { payment_id: paymentId, status: "APPROVED", debit: { authorization_code: "1" } });
    }

    if (request.method === "POST" && path === "/v1/payments/qrcode/pix") {
      const seconds = Number(request.headers["x-qrcode-expiration-time"]);
      if (!Number.isInteger(seconds) || seconds < 180 || seconds > 1800) {
        return denied(response, 400, "x-qrcode-expiration-time inválido");
      }
      const amount = field(parsed, "amount");
      if (typeof amount !== "number" || typeof field(parsed, "order_id") !== "string") {
        return denied(response, 400, "amount e order_id obrigatórios");
      }
      const paymentId = randomUUID();
      const transactionId = paymentId.replaceAll("-", "").slice(0, 25);
      const pix = createStaticPix({
        pixKey: "getnet-fake@example.com",
        merchantName: "Loja Fake",
        merchantCity: "Sao Paulo",
        transactionAmount: amount / 100,
        txid: transactionId,
      });
      if (hasError(pix)) return json(response, 500, { message: pix.message });
      payments.set(paymentId, { kind: "pix", status: "WAITING", orderId: String(field(parsed, "order_id")), amount });
      return json(response, 201, {
        payment_id: paymentId,
        status: "WAITING",
        description: "QR Code gerado com sucesso e aguardando o pagamento.",
        additional_data: {
          transaction_id: transactionId,
          qr_code: pix.toBRCode(),
          creation_date_qrcode: new Date().toISOString(),
          expiration_date_qrcode: new Date(Date.now() + seconds * 1000).toISOString(),
          psp_code: "033",
        },
      });
    }

    if (request.method === "POST" && path === "/v1/payments/boleto") {
      const expiration = field(parsed, "boleto", "expiration_date");
      const amount = field(parsed, "amount");
      const date = typeof expiration === "string" ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(expiration) : null;
      if (!date || typeof amount !== "number" || typeof field(parsed, "customer", "document_number") !== "string") {
        return denied(response, 400, "boleto.expiration_date, amount e customer.document_number obrigatórios");
      }
      const paymentId = randomUUID();
      const numbers = boletoNumbers({
        bankCode: "033",
        amountCents: amount,
        dueDate: `${date[3]}-${date[2]}-${date[1]}`,
        freeField: "9".padEnd(25, String(payments.size % 10)),
      });
      payments.set(paymentId, {
        kind: "boleto",
        status: "PENDING",
        orderId: String(field(parsed, "order", "order_id")),
        amount,
      });
      return json(response, 201, {
        payment_id: paymentId,
        seller_id: credentials.sellerId,
        amount,
        currency: "BRL",
        order_id: field(parsed, "order", "order_id"),
        status: "PENDING",
        boleto: {
          boleto_id: randomUUID(),
          bank: 33,
          status_code: 1,
          status_label: "Boleto gerado",
          typeful_line: formatDigitableLine(numbers.digitableLine),
          bar_code: numbers.barcode,
          issue_date: new Date().toISOString().slice(0, 10).split("-").reverse().join("/"),
          expiration_date: expiration,
          our_number: "000001",
          document_number: field(parsed, "boleto", "document_number"),
          _links: [
            { href: `/v1/payments/boleto/${paymentId}/pdf`, rel: "boleto_pdf", type: "GET" },
            { href: `/v1/payments/boleto/${paymentId}/html`, rel: "boleto_html", type: "GET" },
          ],
        },
      });
    }

    if (request.method === "GET" && path === "/v1/payments") {
      const orderId = url.searchParams.get("order_id");
      const found = [...payments].filter(([, payment]) => payment.orderId === orderId);
      return json(response, 200, {
        payments: found.map(([paymentId, payment]) => ({
          payment_id: paymentId,
          order_id: payment.orderId,
          status: payment.status,
          payment_method: payment.kind.toUpperCase(),
          amount: payment.amount,
        })),
      });
    }

    const cancel = /^\/v1\/payments\/(credit|debit|boleto)\/([^/]+)\/cancel$/.exec(path);
    if (request.method === "POST" && cancel) {
      const paymentId = decodeURIComponent(cancel[2] ?? "");
      const payment = payments.get(paymentId);
      if (payment === undefined || payment.kind !== cancel[1]) {
        return json(response, 404, { message: "Not found", status_code: 404 });
      }
      if (!fake.sameDayCancel) return denied(response, 400, "Cancelamento permitido somente no mesmo dia");
      if (payment.status !== "DENIED") payment.status = "CANCELED";
      return json(response, 200, { payment_id: paymentId, seller_id: credentials.sellerId, status: "CANCELED" });
    }

    if (request.method === "POST" && path === "/v1/payments/cancel/request") {
      const payment = payments.get(String(field(parsed, "payment_id")));
      if (payment === undefined) return json(response, 404, { message: "Not found", status_code: 404 });
      if (field(parsed, "cancel_amount") !== payment.amount) return denied(response, 400, "cancel_amount inválido");
      if (payment.status !== "DENIED") payment.status = "CANCELED";
      return json(response, 200, { status_processing_cancel_message: "ACCEPTED", cancel_request_id: randomUUID() });
    }

    const pdf = /^\/v1\/payments\/boleto\/([^/]+)\/pdf$/.exec(path);
    if (request.method === "GET" && pdf) {
      if (payments.get(decodeURIComponent(pdf[1] ?? ""))?.kind !== "boleto") {
        return json(response, 404, { message: "Not found", status_code: 404 });
      }
      response.writeHead(200, { "content-type": "application/pdf" });
      return response.end(Buffer.from("%PDF-1.4\n% fake Getnet boleto\n%%EOF\n", "latin1"));
    }

    const status = /^\/v1\/payments\/(qrcode|boleto|credit|debit)\/([^/]+)$/.exec(path);
    if (request.method === "GET" && status) {
      const kind = status[1] === "qrcode" ? "pix" : status[1];
      const paymentId = decodeURIComponent(status[2] ?? "");
      const payment = payments.get(paymentId);
      if (payment === undefined || payment.kind !== kind) {
        return json(response, 404, { message: "Not found", status_code: 404 });
      }
      return json(response, 200, { payment_id: paymentId, status: payment.status });
    }

    json(response, 404, { message: "Not found", status_code: 404 });
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    fake.requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (response.destroyed) return;
    if (fake.failWith !== undefined) return json(response, fake.failWith, { message: "Service Unavailable" });
    await route(request, response, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
};
