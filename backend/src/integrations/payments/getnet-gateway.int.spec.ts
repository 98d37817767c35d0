import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeGetnet, startFakeGetnet } from "../../../test/fake-getnet";
import { createGetnetGateway } from "./getnet-gateway";
import {
  type Card,
  ChargeOutcomeUnknown,
  GatewayUnavailable,
  type Order,
  type PaymentGateway,
} from "./payment-gateway";

const order = (amountCents = 39_990): Order => ({
  orderId: `purchase-${Math.random().toString(36).slice(2)}`,
  amountCents,
  deviceId: "pre-order-session-1",
  buyer: {
    customerId: "student-7",
    name: "Maria Souza Lima",
    email: "maria@example.com",
    cpf: "52998224725",
    address: {
      cep: "01001-000",
      street: "Praça da Sé",
      number: "100",
      neighbourhood: "Sé",
      city: "São Paulo",
      state: "SP",
      country: "Brasil",
    },
  },
});

const card = (number: string): Card => ({
  number,
  holderName: "MARIA S LIMA",
  expiryMonth: "12",
  expiryYear: "2030",
  cvc: "737",
});

const bodyOf = (fake: FakeGetnet, path: string): unknown => {
  const request = fake.requests.find((r) => r.path === path);
  if (request === undefined) throw new Error(`no request to ${path}`);
  return JSON.parse(request.body);
};

describe("Getnet gateway against a local fake Getnet", () => {
  let fake: FakeGetnet;
  let clock: Date;
  let gateway: PaymentGateway;
  /** The same gateway with a short timeout, for what a timeout is the subject of. */
  let hasty: PaymentGateway;

  beforeEach(async () => {
    fake = await startFakeGetnet();
    clock = new Date();
    // Five seconds: on a machine busy with other suites a local answer has taken over half a second.
    gateway = createGetnetGateway({ ...fake.credentials, baseUrl: fake.baseUrl, timeoutMs: 5_000, now: () => clock });
    hasty = createGetnetGateway({ ...fake.credentials, baseUrl: fake.baseUrl, timeoutMs: 500, now: () => clock });
  });

  afterEach(async () => {
    await fake.close();
  });

  it("approves a credit charge in one payment (FULL), sending the order, customer and device", async () => {
    const purchase = order();
    const outcome = await gateway.chargeCard(purchase, card("5155 9012 2228 0001"), 1);
    expect(outcome).toEqual({ status: "APPROVED", paymentId: expect.any(String) });
    expect(bodyOf(fake, "/v1/payments/credit")).toMatchObject({
      seller_id: fake.credentials.sellerId,
      amount: 39_990,
      currency: "BRL",
      order: { order_id: purchase.orderId },
      customer: { customer_id: "student-7", document_type: "CPF", document_number: "52998224725" },
      device: { device_id: "pre-order-session-1" },
      credit: {
        transaction_type: "FULL",
        number_installments: 1,
        card: { brand: "Mastercard", expiration_month: "12", expiration_year: "30", security_code: "737" },
      },
    });
    expect(await gateway.paymentStatus(outcome.paymentId ?? "")).toBe("APPROVED");
  });

  it("approves 3 installments as INSTALL_NO_INTEREST", async () => {
    const outcome = await gateway.chargeCard(order(), card("4012001037141112"), 3);
    expect(outcome.status).toBe("APPROVED");
    expect(bodyOf(fake, "/v1/payments/credit")).toMatchObject({
      credit: { transaction_type: "INSTALL_NO_INTEREST", number_installments: 3, card: { brand: "Visa" } },
    });
  });

  it("sends the card number to the tokenisation call only, and nowhere else", async () => {
    await gateway.chargeCard(order(), card("5155901222280001"), 2);
    await gateway.startDebit(order(), card("5155901222280001"), "http://localhost/return");
    const carrying = fake.requests.filter((r) => JSON.stringify(r).includes("5155901222280001"));
    expect(carrying.map((r) => r.path)).toEqual(["/v1/tokens/card", "/v1/tokens/card"]);
    expect(fake.requests.some((r) => r.path.startsWith("/v1/payments/"))).toBe(true);
  });

  it("turns Getnet's declines into DENIED with the reason in Portuguese", async () => {
    expect(await gateway.chargeCard(order(), card("4000000000000002"), 1)).toMatchObject({
      status: "DENIED",
      reason: "Transação não autorizada",
    });
    expect(await gateway.chargeCard(order(), card("5155901222270002"), 1)).toMatchObject({
      status: "DENIED",
      reason: "Cartão inválido",
    });
    expect(await gateway.chargeCard(order(), card("5155901222260003"), 1)).toMatchObject({
      status: "DENIED",
      reason: "Cartão vencido",
    });
  });

  it("refuses a number failing Luhn and more than 4 installments without asking Getnet", async () => {
    expect(await gateway.chargeCard(order(), card("5155901222280002"), 1)).toMatchObject({
      status: "DENIED",
      reason: "Cartão inválido",
    });
    expect((await gateway.chargeCard(order(), card("5155901222280001"), 5)).status).toBe("DENIED");
    expect(fake.requests.filter((r) => r.path.startsWith("/v1/"))).toEqual([]);
  });

  it("throws GatewayUnavailable on Getnet's 5xx, without the card number in the message", async () => {
    fake.failWith = 503;
    const failure = await gateway.chargeCard(order(), card("5155901222280001"), 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayUnavailable);
    expect(String(failure)).not.toContain("5155901222280001");
    expect(String(failure)).not.toContain("737");
  });

  it("throws GatewayUnavailable when Getnet does not answer within the timeout", async () => {
    await hasty.chargeCard(order(), card("5155901222280001"), 1);
    fake.delayMs = 1_500;
    const started = Date.now();
    await expect(hasty.chargeCard(order(), card("5155901222280001"), 1)).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it("tells an unknown charge outcome (the charge request's 5xx or timeout) from a failure before any charge", async () => {
    fake.failChargesWith = 503;
    await expect(gateway.chargeCard(order(), card("5155901222280001"), 1)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    await expect(gateway.startDebit(order(), card("5155901222280001"), "http://t")).rejects.toBeInstanceOf(
      ChargeOutcomeUnknown,
    );
    fake.failChargesWith = undefined;

    // Getnet charged, and its answer came too late.
    let release = () => {};
    await hasty.findCharge(order().orderId); // its token fetched beforehand
    fake.onCardCharge = () => new Promise((resolve) => (release = () => resolve()));
    const late = order();
    await expect(hasty.chargeCard(late, card("5155901222280001"), 1)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    release();
    fake.onCardCharge = undefined;
    expect((await gateway.findCharge(late.orderId))?.status).toBe("APPROVED");

    // The card's tokenisation failed: no charge was asked for.
    fake.failWith = 503;
    const before = await gateway.chargeCard(order(), card("5155901222280001"), 1).catch((error: unknown) => error);
    expect(before).toBeInstanceOf(GatewayUnavailable);
    expect(before).not.toBeInstanceOf(ChargeOutcomeUnknown);
  });

  it("throws GatewayUnavailable when Getnet cannot be reached at all", async () => {
    await fake.close();
    await expect(gateway.createPix(order(), 600)).rejects.toBeInstanceOf(GatewayUnavailable);
    fake = await startFakeGetnet();
  });

  it("reuses one access token across calls and fetches a new one before it expires", async () => {
    fake.tokenLifetimeSeconds = 3600;
    await gateway.chargeCard(order(), card("5155901222280001"), 1);
    await gateway.createPix(order(), 600);
    await Promise.all([gateway.createPix(order(), 600), gateway.createPix(order(), 600)]);
    expect(fake.tokensIssued()).toBe(1);
    const tokenRequest = fake.requests.find((r) => r.path === "/auth/oauth/v2/token");
    expect(tokenRequest?.body).toBe("scope=oob&grant_type=client_credentials");
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.credentials.clientId}:${fake.credentials.clientSecret}`).toString("base64")}`,
    );

    clock = new Date(clock.getTime() + 3_590_000);
    await gateway.createPix(order(), 600);
    expect(fake.tokensIssued()).toBe(2);
  });

  it("replaces a token Getnet no longer accepts and completes the call", async () => {
    await gateway.createPix(order(), 600);
    fake.revokeTokens();
    const pix = await gateway.createPix(order(), 600);
    expect(pix.qrCode.startsWith("000201")).toBe(true);
    expect(fake.tokensIssued()).toBe(2);
  });

  it("sends a debit to the issuer, then finalises it with the issuer's answer", async () => {
    const started = await gateway.startDebit(order(), card("5155901222280001"), "http://localhost/return");
    if (started.status !== "AWAIT_AUTHORIZATION") throw new Error(`expected a redirect, got ${started.status}`);
    expect(started.redirectUrl).toBe(`${fake.baseUrl}/fake-issuer/acs`);
    expect(started.issuerPaymentId).not.toBe("");
    expect(started.payerAuthenticationRequest).not.toBe("");
    expect(bodyOf(fake, "/v1/payments/debit")).toMatchObject({ debit: { card: { security_code: "737" } } });

    const outcome = await gateway.finishDebit(started.paymentId, fake.authenticatedPaRes);
    expect(outcome).toEqual({ status: "APPROVED", paymentId: started.paymentId });
    expect(bodyOf(fake, `/v1/payments/debit/${started.paymentId}/authenticated/finalize`)).toEqual({
      payer_authentication_response: fake.authenticatedPaRes,
    });
    expect(await gateway.paymentStatus(started.paymentId)).toBe("APPROVED");
  });

  it("denies a debit the payer did not authenticate", async () => {
    const started = await gateway.startDebit(order(), card("5155901222280001"), "http://localhost/return");
    if (started.status !== "AWAIT_AUTHORIZATION") throw new Error("no redirect");
    expect(await gateway.finishDebit(started.paymentId, "not-authenticated")).toMatchObject({
      status: "DENIED",
      paymentId: started.paymentId,
    });
  });

  it("creates a Pix QR code with the expiration header, then reports it paid", async () => {
    const pix = await gateway.createPix(order(12_340), 900);
    expect(pix.qrCode).toMatch(/^000201.*5406123\.40.*6304[0-9A-F]{4}$/);
    expect(pix.expiresAt.getTime()).toBeGreaterThan(Date.now() + 890_000);
    const request = fake.requests.find((r) => r.path === "/v1/payments/qrcode/pix");
    expect(request?.headers["x-qrcode-expiration-time"]).toBe("900");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ amount: 12_340, currency: "BRL" });

    expect(await gateway.paymentStatus(pix.paymentId)).toBe("PENDING");
    fake.pay(pix.paymentId);
    expect(await gateway.paymentStatus(pix.paymentId)).toBe("APPROVED");
  });

  it("keeps a Pix's life within Getnet's 180–1800 s", async () => {
    await gateway.createPix(order(), 7_200);
    await gateway.createPix(order(), 60);
    const asked = fake.requests.filter((r) => r.path === "/v1/payments/qrcode/pix");
    expect(asked.map((r) => r.headers["x-qrcode-expiration-time"])).toEqual(["1800", "180"]);
  });

  it("issues a boleto (line and barcode as digits), serves its PDF, and reports it paid", async () => {
    const boleto = await gateway.createBoleto(order(39_990), "2026-12-10");
    expect(boleto.digitableLine).toMatch(/^\d{47}$/);
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.dueDate).toBe("2026-12-10");
    expect(bodyOf(fake, "/v1/payments/boleto")).toMatchObject({ boleto: { expiration_date: "10/12/2026" } });
    const pdf = await gateway.boletoPdf(boleto.paymentId);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    expect(await gateway.paymentStatus(boleto.paymentId)).toBe("PENDING");
    fake.pay(boleto.paymentId);
    expect(await gateway.paymentStatus(boleto.paymentId)).toBe("APPROVED");
  });

  it("finds a payment's status by id alone, as after a restart, when a notification names it", async () => {
    const pix = await gateway.createPix(order(), 600);
    fake.pay(pix.paymentId);
    const restarted = createGetnetGateway({ ...fake.credentials, baseUrl: fake.baseUrl });
    expect(await restarted.paymentStatus(pix.paymentId)).toBe("APPROVED");
    const charge = await gateway.chargeCard(order(), card("4012001037141112"), 1);
    expect(await restarted.paymentStatus(charge.paymentId ?? "")).toBe("APPROVED");
  });

  it("finds the charge made for our order id, approved first, and cancels it on the day or by a cancellation request", async () => {
    const purchase = order(12_300);
    expect(await gateway.findCharge(purchase.orderId)).toBeUndefined();
    fake.declinedCards.set("5155901222280001", "Transação não autorizada");
    await gateway.chargeCard(purchase, card("5155901222280001"), 1);
    expect(await gateway.findCharge(purchase.orderId)).toEqual({ paymentId: expect.any(String), status: "DENIED" });
    const approved = await gateway.chargeCard(purchase, card("4012001037141112"), 1);
    expect(await gateway.findCharge(purchase.orderId)).toEqual({ paymentId: approved.paymentId, status: "APPROVED" });

    // A process that never saw the charge (restarted) finds it and cancels it the same day.
    const restarted = createGetnetGateway({ ...fake.credentials, baseUrl: fake.baseUrl });
    await restarted.cancelCharge(approved.paymentId ?? "", 12_300);
    expect(fake.charges().get(approved.paymentId ?? "")?.status).toBe("CANCELED");
    expect(fake.requests.map((r) => r.path)).toContain(`/v1/payments/credit/${approved.paymentId}/cancel`);
    expect((await restarted.findCharge(purchase.orderId))?.status).toBe("DENIED");

    // A Pix charge sent its order id too.
    const pixOrder = order();
    const pix = await gateway.createPix(pixOrder, 600);
    expect(await gateway.findCharge(pixOrder.orderId)).toEqual({ paymentId: pix.paymentId, status: "PENDING" });
  });

  it("never concludes that nothing was charged from an answer that is not a list of charges", async () => {
    fake.failWith = 404;
    await expect(gateway.findCharge(order().orderId)).rejects.toBeInstanceOf(GatewayUnavailable);
    fake.failWith = 503;
    await expect(gateway.findCharge(order().orderId)).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it("asks for a cancellation request, with the whole amount, once the day's cancellation is refused", async () => {
    const approved = await gateway.chargeCard(order(45_600), card("4012001037141112"), 1);
    fake.sameDayCancel = false;
    await gateway.cancelCharge(approved.paymentId ?? "", 45_600);
    const request = fake.requests.find((r) => r.path === "/v1/payments/cancel/request");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ payment_id: approved.paymentId, cancel_amount: 45_600 });
    expect(fake.charges().get(approved.paymentId ?? "")?.status).toBe("CANCELED");
  });
});
