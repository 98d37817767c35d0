import { z } from "zod";
import { FromReplay } from "../audit/audit-requests";
import { PageQuery } from "../shared/page-query";
import { PurchaseFilter } from "./purchase-views";

/**
 * The purchases' requests that are not the cart's and the checkout's bodies (those sit beside the views
 * they answer with, in purchase-views.ts): the back office's list, the gateway's and the bank's calls, the
 * sandbox's pages and the CEP lookup.
 */

/** `GET /api/purchases`: the back office's filters and one page, from a replay when asked. */
export const PurchaseListQuery = PurchaseFilter.extend(PageQuery.shape).extend(FromReplay);
export type PurchaseListQuery = z.input<typeof PurchaseListQuery>;

/** `GET /api/purchases/totalAmount`: what the filters' purchases paid, from a replay when asked. */
export const PurchaseTotalQuery = PurchaseFilter.extend(FromReplay);
export type PurchaseTotalQuery = z.input<typeof PurchaseTotalQuery>;

/** `GET /api/boletos/{paymentId}`: a boleto's printable PDF. */
export const BoletoParams = z.object({ paymentId: z.string().min(1).max(200) });
export type BoletoParams = z.input<typeof BoletoParams>;

/** `POST /api/purchases/{id}/debit-return`: what the bank posts back after a debit's authentication. */
export const DebitReturnBody = z.object({ PaRes: z.string().max(10_000), MD: z.string().max(200).optional() });
export type DebitReturnBody = z.input<typeof DebitReturnBody>;

/** `GET|POST /api/purchases/notifications`: the gateway telling a payment changed. */
export const PaymentNotification = z.object({
  payment_id: z.string().min(1).max(200),
  order_id: z.string().max(50).optional(),
});
export type PaymentNotification = z.input<typeof PaymentNotification>;

/** The sandbox bank's authentication page, as a debit's checkout sends the payer to it. */
export const SandboxIssuerFields = z.object({
  MD: z.string().max(200).default(""),
  PaReq: z.string().min(1).max(10_000),
  TermUrl: z.string().min(1).max(2_000),
});
export type SandboxIssuerFields = z.input<typeof SandboxIssuerFields>;

/** `GET /api/cep/{cep}`. */
export const CepParams = z.object({ cep: z.string().max(20) });
export type CepParams = z.input<typeof CepParams>;
