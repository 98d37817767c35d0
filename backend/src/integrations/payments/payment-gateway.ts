/**
 * The payment gateway port: what the purchasing feature asks of a gateway, whichever one is
 * configured — the built-in sandbox (no network, the default) or Getnet (`GETNET_*`). Amounts are whole
 * centavos. A card number and CVC are handed to `chargeCard`/`startDebit` only and must never be logged,
 * stored or put in an event by an adapter; what comes back holds the brand and last four digits at most.
 */

export interface Buyer {
  /** Our student id, the gateway's customer id. */
  customerId: string;
  name: string;
  email: string;
  /** Digits only, check digits already validated. */
  cpf: string;
  address: {
    cep: string;
    street: string;
    number: string;
    neighbourhood: string;
    city: string;
    state: string;
    country: string;
  };
}

export interface Order {
  /** Our purchase id: the gateway's order id, and what makes a repeated request recognisable. */
  orderId: string;
  amountCents: number;
  buyer: Buyer;
  /** The pre-order's session id: the device fingerprint's (Getnet `device.device_id`). */
  deviceId: string;
}

export interface Card {
  number: string;
  holderName: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
}

/** A gateway's answer to a charge. `reason` is Portuguese, shown to the student. */
export type ChargeOutcome =
  | { status: "APPROVED"; paymentId: string }
  | { status: "DENIED"; paymentId?: string; reason: string };

export type DebitOutcome =
  | {
      status: "AWAIT_AUTHORIZATION";
      paymentId: string;
      redirectUrl: string;
      issuerPaymentId: string;
      payerAuthenticationRequest: string;
    }
  | ChargeOutcome;

export interface PixCharge {
  paymentId: string;
  /** The "copia e cola" BR Code, CRC16 included. */
  qrCode: string;
  expiresAt: Date;
}

export interface BoletoCharge {
  paymentId: string;
  /** 47 digits. */
  digitableLine: string;
  /** 44 digits. */
  barcode: string;
  /** YYYY-MM-DD */
  dueDate: string;
}

/** What a payment is now, as the gateway says when asked by id (notifications are trusted only after this). */
export type PaymentStatus = "PENDING" | "APPROVED" | "DENIED" | "EXPIRED";

export interface PaymentGateway {
  /** `sandbox` or `getnet`: the sandbox's own routes (issuer page, "pay now") exist only when it is active. */
  readonly name: string;
  chargeCard(order: Order, card: Card, installments: number): Promise<ChargeOutcome>;
  /** Debit: 3-D Secure. `termUrl` is where the issuer posts its answer (`PaRes`) back. */
  startDebit(order: Order, card: Card, termUrl: string): Promise<DebitOutcome>;
  /** After the issuer's return: the bank's answer (`PaRes`) finalises the debit. */
  finishDebit(paymentId: string, payerAuthenticationResponse: string): Promise<ChargeOutcome>;
  createPix(order: Order, expiresInSeconds: number): Promise<PixCharge>;
  createBoleto(order: Order, dueDate: string): Promise<BoletoCharge>;
  /** A boleto's printable document. */
  boletoPdf(paymentId: string): Promise<Buffer>;
  paymentStatus(paymentId: string): Promise<PaymentStatus>;
  /**
   * The charge made for our order id (the purchase id every request carries), or undefined when the gateway has
   * none: how a purchase whose checkout died before recording the gateway's answer learns what happened. Of
   * several charges for one order, an approved one first.
   */
  findCharge(orderId: string): Promise<{ paymentId: string; status: PaymentStatus } | undefined>;
  /**
   * Cancels (reverses) a charge: an approved card payment is given back to the card, a pending one can no longer
   * be paid. Cancelling one already cancelled or declined changes nothing. `amountCents`: the whole charge.
   */
  cancelCharge(paymentId: string, amountCents: number): Promise<void>;
  /**
   * The sandbox's "pay this Pix / boleto now" (absent on real gateways: there the payer's bank pays). An id the
   * sandbox does not know (the process restarted) is recorded as paid, so the notification path still works.
   */
  pay?(paymentId: string): Promise<void>;
}

/** The gateway could not be reached or answered an error of its own (5xx, timeout): nothing is known. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayUnavailable";
  }
}

/**
 * A card charge request may have reached the gateway but no answer says what it decided (a timeout, the connection
 * lost, a 5xx, an answer that cannot be read): the card may have been charged. The purchase stays pending until the
 * reconciliation sweep finds the charge of its order id. A decline is an answer, never this.
 */
export class ChargeOutcomeUnknown extends GatewayUnavailable {
  constructor(message: string) {
    super(message);
    this.name = "ChargeOutcomeUnknown";
  }
}

/** The gateway does not know this payment id (a boleto's PDF or a status asked for an id it never issued). */
export class PaymentNotFound extends Error {
  constructor(paymentId: string) {
    super(`Payment ${paymentId} is not known to the gateway`);
    this.name = "PaymentNotFound";
  }
}

/** The sandbox refuses to pay what a payer's bank could not pay: an expired Pix, a denied card payment. */
export class PaymentNotPayable extends Error {
  constructor(paymentId: string, status: PaymentStatus) {
    super(`Payment ${paymentId} cannot be paid: it is ${status}`);
    this.name = "PaymentNotPayable";
  }
}
