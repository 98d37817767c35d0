import { reaisFromCents } from "@el/domain/catalog/index";
import type { OrderLine, Purchase } from "@el/domain/purchasing/index";
import { type OrderView, PaymentMethod, type PurchaseView } from "@el/domain/purchasing/purchase-views";
import type { PurchaseRow } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import { qrCodePngDataUrl } from "../../integrations/payments/pix-br-code";

/** Order lines as the API shows them: each package with its price then, and the line's total, in reais. */
export const orderViews = (orders: readonly OrderLine[]): OrderView[] =>
  orders.map((line) => ({
    itemPackage: { id: line.packageId, amount: line.amount, value: reaisFromCents(line.unitCents) },
    quantity: line.quantity,
    total: reaisFromCents(line.unitCents * line.quantity),
  }));

const debitReturnPath = (purchaseId: number) => `/api/purchases/${purchaseId}/debit-return`;

export const termUrlOf = (app: FastifyInstance, purchaseId: number) =>
  `${app.config.baseUrl}${debitReturnPath(purchaseId)}`;

/**
 * A page of ours (the sandbox's bank page) as a path, so the browser reaches it at the address it is on: a bank
 * page at `BASE_URL` framed by the app opened at another address (127.0.0.1 against localhost) is refused.
 */
const ownPathOf = (app: FastifyInstance, url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(app.config.baseUrl).origin ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
};

/** The boleto's printable page: addressed by the gateway's payment id, which nobody can guess. */
export const boletoPdfUrlOf = (paymentId: string) => `/api/boletos/${encodeURIComponent(paymentId)}`;

/**
 * A Pix code's QR image costs milliseconds of CPU to draw, and a student waiting on it asks for it again (the
 * history, a reconnect): drawn once per code, the most recent kept.
 */
const qrImages = new Map<string, Promise<string>>();
const qrImageOf = (qrCode: string) => {
  const kept = qrImages.get(qrCode);
  if (kept) return kept;
  const image = qrCodePngDataUrl(qrCode);
  qrImages.set(qrCode, image);
  image.catch(() => qrImages.delete(qrCode));
  if (qrImages.size > 1_000) qrImages.delete(qrImages.keys().next().value as string);
  return image;
};

/** What the student still has to do to pay, as the checkout and the history show it (snake_case: Getnet's words). */
export const paymentDataOf = async (
  app: FastifyInstance,
  purchaseId: number,
  paymentId: string | null,
  payment: Record<string, string> | null,
): Promise<PurchaseView["payment"]> => {
  if (!payment) return null;
  switch (payment.kind) {
    case "DEBIT":
      return {
        redirect_url: ownPathOf(app, payment.redirectUrl ?? ""),
        post_data: {
          issuer_payment_id: payment.issuerPaymentId ?? "",
          payer_authentication_request: payment.payerAuthenticationRequest ?? "",
        },
        // A path: the browser posts it to the bank as an address on the origin it is on.
        term_url: debitReturnPath(purchaseId),
      };
    case "PIX":
      return {
        qr_code: payment.qrCode ?? "",
        qr_image: await qrImageOf(payment.qrCode ?? ""),
        expires_at: payment.expiresAt ?? "",
      };
    case "BANKSLIP":
      return {
        digitable_line: payment.digitableLine ?? "",
        barcode: payment.barcode ?? "",
        due_date: payment.dueDate ?? "",
        pdf_url: boletoPdfUrlOf(paymentId ?? ""),
      };
    default:
      return null;
  }
};

/** The purchase's payment as the read model keeps it, from the state a command folded. */
export const paymentOfState = (state: Exclude<Purchase, { status: "none" }>): Record<string, string> | null => {
  if (state.status === "AWAIT_AUTHORIZATION" && state.authorisation) return { kind: "DEBIT", ...state.authorisation };
  if (state.status === "AWAIT_PAYMENT" && state.awaited) return { ...state.awaited };
  return null;
};

const methodOf = (method: string): PaymentMethod => PaymentMethod.parse(method);

export const toPurchaseView = async (app: FastifyInstance, row: PurchaseRow): Promise<PurchaseView> => ({
  id: row.id,
  method: methodOf(row.method),
  status: row.status,
  date: row.startedAt,
  paidAt: row.paidAt,
  student: {
    id: row.studentId,
    login: row.studentLogin,
    firstName: row.studentFirstName,
    lastName: row.studentLastName,
  },
  orders: orderViews(row.orders),
  credits: row.credits,
  listPrice: reaisFromCents(row.listCents),
  discount: reaisFromCents(row.discountCents),
  total: reaisFromCents(row.totalCents),
  installments: row.installments,
  coupon: row.couponCode ? { code: row.couponCode } : null,
  card: row.card,
  payment: await paymentDataOf(app, row.id, row.paymentId, row.payment),
  failure: row.failure,
  reconciled: row.reconciled,
});
