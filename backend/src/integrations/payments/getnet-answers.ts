import { z } from "zod";
import type { PaymentStatus } from "./payment-gateway";

/** What Getnet's API v1 answers, as the adapter reads it: the answers' shapes, its statuses, its decline reasons. */
export const DECLINED_REASON = "Transação não autorizada";
export const INVALID_CARD_REASON = "Cartão inválido";
export const EXPIRED_CARD_REASON = "Cartão vencido";
export const INSTALLMENTS_REASON = "Parcelamento não permitido: escolha de 1 a 4 vezes";

export const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
export const cardTokenAnswer = z.object({ number_token: z.string().min(1) });
export const paymentAnswer = z.object({ payment_id: z.string().min(1), status: z.string().optional() });
export const debitAnswer = z.object({
  payment_id: z.string().min(1),
  status: z.string().optional(),
  redirect_url: z.string().optional(),
  issuer_payment_id: z.string().optional(),
  payer_authentication_request: z.string().optional(),
  post_data: z
    .object({ issuer_payment_id: z.string().optional(), payer_authentication_request: z.string().optional() })
    .optional(),
});
const paymentKind = z.preprocess(
  (value) => (typeof value === "string" ? value.toLowerCase() : value),
  z.enum(["credit", "debit", "pix", "boleto"]).optional().catch(undefined),
);
export const ordersPayments = z.object({
  payments: z.array(
    z.object({
      payment_id: z.string().min(1),
      order_id: z.string().optional(),
      status: z.string().optional(),
      payment_method: paymentKind,
    }),
  ),
});
export const pixAnswer = z.object({
  payment_id: z.string().min(1),
  additional_data: z.object({ qr_code: z.string().min(1), expiration_date_qrcode: z.string().optional() }),
});
export const boletoAnswer = z.object({
  payment_id: z.string().min(1),
  boleto: z.object({ typeful_line: z.string(), bar_code: z.string(), expiration_date: z.string().optional() }),
});
const errorAnswer = z.object({
  message: z.string().optional(),
  details: z
    .array(
      z.object({
        status: z.string().optional(),
        error_code: z.string().optional(),
        description: z.string().optional(),
        description_detail: z.string().optional(),
      }),
    )
    .optional(),
});

export type PaymentKind = "credit" | "debit" | "pix" | "boleto";
export const statusPaths: Record<PaymentKind, (id: string) => string> = {
  pix: (id) => `/v1/payments/qrcode/${encodeURIComponent(id)}`,
  boleto: (id) => `/v1/payments/boleto/${encodeURIComponent(id)}`,
  credit: (id) => `/v1/payments/credit/${encodeURIComponent(id)}`,
  debit: (id) => `/v1/payments/debit/${encodeURIComponent(id)}`,
};
// Getnet cancels a card payment on the day it was made by its own path; later ones by a cancellation request.
export const sameDayCancelPaths: Partial<Record<PaymentKind, (id: string) => string>> = {
  credit: (id) => `/v1/payments/credit/${encodeURIComponent(id)}/cancel`,
  debit: (id) => `/v1/payments/debit/${encodeURIComponent(id)}/cancel`,
  boleto: (id) => `/v1/payments/boleto/${encodeURIComponent(id)}/cancel`,
};

export interface Answer {
  status: number;
  json: unknown;
  bytes: Buffer;
}

/** A decline's reason in the student's words, from what Getnet's details say (Portuguese or English). */
export const declineReason = (json: unknown): string => {
  const parsed = errorAnswer.safeParse(json);
  if (!parsed.success) return DECLINED_REASON;
  const detail = parsed.data.details?.[0];
  const text = [detail?.description, detail?.description_detail, parsed.data.message].join(" ").toLowerCase();
  if (/vencid|expirad|expired/.test(text)) return EXPIRED_CARD_REASON;
  if (/saldo|insufficient/.test(text)) return "Saldo insuficiente";
  if (/seguran|cvv|cvc|security code/.test(text)) return "Código de segurança inválido";
  if (/(cart[aã]o|card).*(inv[aá]lid|invalid)|(inv[aá]lid|invalid).*(cart[aã]o|card)/.test(text)) {
    return INVALID_CARD_REASON;
  }
  return DECLINED_REASON;
};

export const settledStatus = (status: string | undefined): PaymentStatus | undefined => {
  switch (status?.toUpperCase()) {
    case "APPROVED":
    case "AUTHORIZED":
    case "CONFIRMED":
    case "PAID":
      return "APPROVED";
    case "PENDING":
    case "WAITING":
      return "PENDING";
    case "DENIED":
    case "CANCELED":
    case "CANCELLED":
    case "ERROR":
    case "FAILED":
      return "DENIED";
    case "EXPIRED":
      return "EXPIRED";
    default:
      return undefined;
  }
};
