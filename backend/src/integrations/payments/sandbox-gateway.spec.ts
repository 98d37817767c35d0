import { describe, expect, it } from "vitest";
import { mod10 } from "./boleto";
import type { Card, Order } from "./payment-gateway";
import { PaymentNotFound, PaymentNotPayable } from "./payment-gateway";
import {
  createSandboxGateway,
  qrCodePngDataUrl,
  readSandboxIssuerRequest,
  SANDBOX_ISSUER_PATH,
  sandboxIssuerAnswer,
} from "./sandbox-gateway";

const order = (amountCents = 39_990, orderId = `purchase-${Math.random()}`): Order => ({
  orderId,
  amountCents,
  deviceId: "session-1",
  buyer: {
    customerId: "student-1",
    name: "Maria Souza",
    email: "maria@example.com",
    cpf: "52998224725",
    address: {
      cep: "01001000",
      street: "Praça da Sé",
      number: "100",
      neighbourhood: "Sé",
      city: "São Paulo",
      state: "SP",
      country: "BR",
    },
  },
});

const card = (number: string, expiry: { month: string; year: string } = { month: "12", year: "2030" }): Card => ({
  number,
  holderName: "MARIA SOUZA",
  expiryMonth: expiry.month,
  expiryYear: expiry.year,
  cvc: "123",
});

const clock = (iso: string) => {
  let current = new Date(iso);
  return { now: () => current, advance: (ms: number) => (current = new Date(current.getTime() + ms)) };
};

const gateway = (now = () => new Date("2026-11-24T15:00:00Z")) =>
  createSandboxGateway({ baseUrl: "http://localhost:8080", now });

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), bit by bit: independent of the table the Pix library uses. */
const crc16 = (text: string) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
};

/** Reads an EMV MPM string's top-level TLV fields. */
const emvFields = (code: string) => {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
};

describe("sandbox gateway: credit cards", () => {
  it.each([["4111 1111 1111 1111"], ["5155901222280001"], ["4012001037141112"]])("approves %s", async (number) => {
    const outcome = await gateway().chargeCard(order(), card(number), 1);
    expect(outcome).toEqual({ status: "APPROVED", paymentId: expect.any(String) });
  });

  it("approves in 2, 3 and 4 installments and refuses 5 or none", async () => {
    const sandbox = gateway();
    for (const installments of [2, 3, 4]) {
      expect((await sandbox.chargeCard(order(), card("4111111111111111"), installments)).status).toBe("APPROVED");
    }
    for (const installments of [0, 5, 1.5]) {
      const outcome = await sandbox.chargeCard(order(), card("4111111111111111"), installments);
      expect(outcome).toMatchObject({ status: "DENIED", reason: expect.stringContaining("1 a 4") });
    }
  });

  it("declines 4000 0000 0000 0002 with the issuer's words", async () => {
    const outcome = await gateway().chargeCard(order(), card("4000 0000 0000 0002"), 1);
    expect(outcome).toMatchObject({ status: "DENIED", reason: "Transação não autorizada" });
  });

  it("calls a number failing the Luhn check an invalid card", async () => {
    const outcome = await gateway().chargeCard(order(), card("4111 1111 1111 1112"), 1);
    expect(outcome).toMatchObject({ status: "DENIED", reason: "Cartão inválido" });
  });

  it("calls a card past its expiry month expired, and one expiring this month still good", async () => {
    const sandbox = gateway(() => new Date("2026-11-24T15:00:00Z"));
    expect(await sandbox.chargeCard(order(), card("4111111111111111", { month: "10", year: "26" }), 1)).toMatchObject({
      status: "DENIED",
      reason: "Cartão vencido",
    });
    expect((await sandbox.chargeCard(order(), card("4111111111111111", { month: "11", year: "2026" }), 1)).status).toBe(
      "APPROVED",
    );
  });

  it("charges a retried order once: the retry gets the first approval back", async () => {
    const sandbox = gateway();
    const purchase = order();
    const first = await sandbox.chargeCard(purchase, card("4111111111111111"), 2);
    const retry = await sandbox.chargeCard(purchase, card("4111111111111111"), 2);
    expect(retry).toEqual(first);
  });

  it("answers a card payment's status by its id, and never echoes the card number", async () => {
    const sandbox = gateway();
    const approved = await sandbox.chargeCard(order(), card("4111111111111111"), 1);
    const denied = await sandbox.chargeCard(order(), card("4000000000000002"), 1);
    expect(JSON.stringify([approved, denied])).not.toMatch(/4111111111111111|4000000000000002/);
    expect(Object.keys(denied).sort()).toEqual(["paymentId", "reason", "status"]);
    expect(await sandbox.paymentStatus(approved.paymentId ?? "")).toBe("APPROVED");
    expect(await sandbox.paymentStatus(denied.paymentId ?? "")).toBe("DENIED");
    await expect(sandbox.paymentStatus("never-issued")).rejects.toBeInstanceOf(PaymentNotFound);
  });
});

describe("sandbox gateway: debit with 3-D Secure", () => {
  it("sends the payer to the sandbox issuer page, then approves when the issuer authenticated", async () => {
    const sandbox = gateway();
    const started = await sandbox.startDebit(order(12_345), card("5155901222280001"), "http://localhost/return");
    if (started.status !== "AWAIT_AUTHORIZATION") throw new Error(`expected a redirect, got ${started.status}`);
    expect(started.redirectUrl).toBe(`http://localhost:8080${SANDBOX_ISSUER_PATH}`);
    expect(started.issuerPaymentId).not.toBe("");
    expect(readSandboxIssuerRequest(started.payerAuthenticationRequest)).toEqual({
      paymentId: started.paymentId,
      amountCents: 12_345,
      brand: "Mastercard",
      lastFour: "0001",
    });
    expect(started.payerAuthenticationRequest).not.toContain("5155901222280001");
    expect(await sandbox.paymentStatus(started.paymentId)).toBe("PENDING");

    const paRes = sandboxIssuerAnswer(started.payerAuthenticationRequest, true);
    expect(await sandbox.finishDebit(started.paymentId, paRes)).toEqual({
      status: "APPROVED",
      paymentId: started.paymentId,
    });
    expect(await sandbox.paymentStatus(started.paymentId)).toBe("APPROVED");
    expect((await sandbox.finishDebit(started.paymentId, paRes)).status).toBe("APPROVED");
  });

  it("denies when the payer refused at the issuer, or the answer belongs to another payment", async () => {
    const sandbox = gateway();
    const refused = await sandbox.startDebit(order(), card("4111111111111111"), "http://localhost/return");
    const other = await sandbox.startDebit(order(), card("4111111111111111"), "http://localhost/return");
    if (refused.status !== "AWAIT_AUTHORIZATION" || other.status !== "AWAIT_AUTHORIZATION")
      throw new Error("no redirect");

    const refusedOutcome = await sandbox.finishDebit(
      refused.paymentId,
      sandboxIssuerAnswer(refused.payerAuthenticationRequest, false),
    );
    expect(refusedOutcome).toMatchObject({ status: "DENIED", reason: expect.stringContaining("Autenticação") });

    const crossed = await sandbox.finishDebit(
      other.paymentId,
      sandboxIssuerAnswer(refused.payerAuthenticationRequest, true),
    );
    expect(crossed.status).toBe("DENIED");
    expect(await sandbox.finishDebit(other.paymentId, "garbage")).toMatchObject({ status: "DENIED" });
  });

  it("declines 4000 0000 0000 0002 after authentication, like a bank, and refuses an invalid card at once", async () => {
    const sandbox = gateway();
    const started = await sandbox.startDebit(order(), card("4000000000000002"), "http://localhost/return");
    if (started.status !== "AWAIT_AUTHORIZATION") throw new Error("no redirect");
    const outcome = await sandbox.finishDebit(
      started.paymentId,
      sandboxIssuerAnswer(started.payerAuthenticationRequest, true),
    );
    expect(outcome).toMatchObject({ status: "DENIED", reason: "Transação não autorizada" });

    expect(await sandbox.startDebit(order(), card("1234567812345678"), "http://localhost/return")).toMatchObject({
      status: "DENIED",
      reason: "Cartão inválido",
    });
  });
});

describe("sandbox gateway: Pix", () => {
  it("produces a BR Code with GUI br.gov.bcb.pix, the amount, a txid and a CRC16 that checks", async () => {
    const { qrCode, paymentId, expiresAt } = await gateway().createPix(order(12_340), 900);
    expect(qrCode.startsWith("000201")).toBe(true);
    const fields = emvFields(qrCode);
    expect(fields.get("26")).toContain("0014br.gov.bcb.pix");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("123.40");
    expect(fields.get("58")).toBe("BR");
    expect(emvFields(fields.get("62") ?? "").get("05")).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(qrCode.slice(-8, -4)).toBe("6304");
    expect(qrCode.slice(-4)).toBe(crc16(qrCode.slice(0, -4)));
    expect(paymentId).not.toBe("");
    expect(expiresAt.toISOString()).toBe("2026-11-24T15:15:00.000Z");
  });

  it("writes every amount in reais with two decimals, as the payer's app shows it", async () => {
    const sandbox = gateway();
    for (const cents of [1, 10, 99, 100, 1_005, 1_015, 39_990, 100_000, 123_456_789]) {
      const { qrCode } = await sandbox.createPix(order(cents), 600);
      expect(emvFields(qrCode).get("54")).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
    }
  });

  it("refuses a merchant name or city longer than a BR Code allows, when it is created", () => {
    expect(() => createSandboxGateway({ baseUrl: "http://x", merchantName: "A".repeat(26) })).toThrow(/25/);
    expect(() => createSandboxGateway({ baseUrl: "http://x", merchantCity: "C".repeat(16) })).toThrow(/15/);
  });

  it("is PENDING until paid, APPROVED once the sandbox payer pays", async () => {
    const sandbox = gateway();
    const pix = await sandbox.createPix(order(), 600);
    expect(await sandbox.paymentStatus(pix.paymentId)).toBe("PENDING");
    await sandbox.pay(pix.paymentId);
    expect(await sandbox.paymentStatus(pix.paymentId)).toBe("APPROVED");
  });

  it("expires unpaid at expiresAt, and an expired Pix can no longer be paid", async () => {
    const time = clock("2026-11-24T15:00:00Z");
    const sandbox = gateway(time.now);
    const pix = await sandbox.createPix(order(), 300);
    time.advance(299_000);
    expect(await sandbox.paymentStatus(pix.paymentId)).toBe("PENDING");
    time.advance(1_000);
    expect(await sandbox.paymentStatus(pix.paymentId)).toBe("EXPIRED");
    await expect(sandbox.pay(pix.paymentId)).rejects.toBeInstanceOf(PaymentNotPayable);
  });

  it("records a payment it never issued as paid (the process restarted), so the notification path still works", async () => {
    const sandbox = gateway();
    await sandbox.pay("issued-before-a-restart");
    expect(await sandbox.paymentStatus("issued-before-a-restart")).toBe("APPROVED");
  });

  it("draws the BR Code as a PNG QR image", async () => {
    const { qrCode } = await gateway().createPix(order(), 600);
    const dataUrl = await qrCodePngDataUrl(qrCode);
    expect(dataUrl.startsWith("data:image/png;base64,")).toBe(true);
    const png = Buffer.from(dataUrl.slice("data:image/png;base64,".length), "base64");
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});

describe("sandbox gateway: boleto", () => {
  it("issues a barcode and line for the amount and due date, with line check digits that verify", async () => {
    const boleto = await gateway().createBoleto(order(39_990), "2026-11-27");
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.digitableLine).toMatch(/^\d{47}$/);
    expect(boleto.dueDate).toBe("2026-11-27");
    // 2026-11-27 is 643 days after the factor restarted at 1000 on 2025-02-22.
    expect(boleto.digitableLine.slice(33)).toBe("16430000039990");
    const [f1, f2, f3] = [
      boleto.digitableLine.slice(0, 10),
      boleto.digitableLine.slice(10, 21),
      boleto.digitableLine.slice(21, 32),
    ];
    for (const field of [f1, f2, f3]) expect(mod10(field.slice(0, -1))).toBe(Number(field.at(-1)));
  });

  it("renders a printable PDF, and is PENDING until paid", async () => {
    const sandbox = gateway();
    const boleto = await sandbox.createBoleto(order(), "2026-11-27");
    const pdf = await sandbox.boletoPdf(boleto.paymentId);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(2_000);
    expect(await sandbox.paymentStatus(boleto.paymentId)).toBe("PENDING");
    await sandbox.pay(boleto.paymentId);
    expect(await sandbox.paymentStatus(boleto.paymentId)).toBe("APPROVED");
    await expect(sandbox.boletoPdf("not-a-boleto")).rejects.toBeInstanceOf(PaymentNotFound);
  });

  it("finds the charge made for an order id, approved first, and cancels it", async () => {
    const sandbox = gateway();
    const purchase = order(10_000, "purchase-42");
    expect(await sandbox.findCharge("purchase-42")).toBeUndefined();
    const declined = await sandbox.chargeCard(purchase, card("4000 0000 0000 0002"), 1);
    expect(await sandbox.findCharge("purchase-42")).toEqual({ paymentId: declined.paymentId, status: "DENIED" });
    const approved = await sandbox.chargeCard(purchase, card("4111 1111 1111 1111"), 1);
    expect(await sandbox.findCharge("purchase-42")).toEqual({ paymentId: approved.paymentId, status: "APPROVED" });

    await sandbox.cancelCharge(approved.paymentId ?? "", 10_000);
    expect(await sandbox.paymentStatus(approved.paymentId ?? "")).toBe("DENIED");
    // Charged again after the cancellation, the order is a new charge, not the cancelled approval back.
    const again = await sandbox.chargeCard(purchase, card("4111 1111 1111 1111"), 1);
    expect(again.paymentId).not.toBe(approved.paymentId);

    const pixOrder = order(10_000, "purchase-43");
    const pix = await sandbox.createPix(pixOrder, 600);
    await sandbox.cancelCharge(pix.paymentId, 10_000);
    expect(await sandbox.findCharge("purchase-43")).toEqual({ paymentId: pix.paymentId, status: "EXPIRED" });
  });
});
