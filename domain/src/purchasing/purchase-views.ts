import { z } from "zod";

/**
 * The purchases' HTTP contract, declared once: the backend's route schemas and the web app's
 * parsing and requests use these. Money crosses HTTP in reais (a JSON number such as 47 or 180.5, like the
 * packages' `value`); inside, every amount is whole centavos.
 */

export const PAYMENT_METHODS = ["CREDIT", "DEBIT", "PIX", "BANKSLIP"] as const;
/** How a purchase is paid: the spec's TRANSFER has no flow of its own (no bank details are offered to pay into). */
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Where a purchase stands (the purchase list, `purchase:updated`). */
export const PURCHASE_STATUSES = [
  "PENDING",
  "AWAIT_AUTHORIZATION",
  "AWAIT_PAYMENT",
  "PAID",
  "FAILED",
  "EXPIRED",
  "REFUNDED",
] as const;
export const PurchaseStatus = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

/**
 * What a checkout answers at once. `PENDING`: the gateway's answer to the card charge never came (a timeout, a
 * 5xx), so the card may have been charged; the purchase is settled by the reconciliation sweep within minutes
 * and `purchase:updated` tells the outcome.
 */
export const CHECKOUT_STATUSES = ["APPROVED", "AWAIT_AUTHORIZATION", "AWAIT_PAYMENT", "PENDING", "ERROR"] as const;
export const CheckoutStatus = z.enum(CHECKOUT_STATUSES);
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

export const MAX_INSTALLMENTS = 4;
/** The spec's wait between the pre-order's answer and the checkout (the device fingerprint loads meanwhile). */
export const CHECKOUT_DELAY_MS = 5000;

/** A package and how many of it, as the cart sends it. */
export const PackageLine = z.object({
  id: z.number().int().positive(),
  quantity: z.number().int().min(1).max(99),
});
export type PackageLine = z.infer<typeof PackageLine>;

/** `POST api/purchases/preorder`. */
export const PreorderBody = z.object({ packages: z.array(PackageLine).min(1).max(20) });
export type PreorderBody = z.infer<typeof PreorderBody>;

/** One line of an order: the package as sold, how many, and the line's total in reais. */
export const OrderView = z.object({
  itemPackage: z.object({ id: z.number().int(), amount: z.number().int(), value: z.number() }),
  quantity: z.number().int(),
  total: z.number(),
});
export type OrderView = z.infer<typeof OrderView>;

/** `POST api/purchases/preorder` answers the priced order and the session id of the device fingerprint. */
export const PreorderView = z.object({
  orders: z.array(OrderView),
  /** List price of the whole order, reais. */
  total: z.number(),
  sessionId: z.string(),
});
export type PreorderView = z.infer<typeof PreorderView>;

/** The card as the checkout form sends it; the number and CVC never go further than the gateway. */
export const CardBody = z.object({
  number: z.string().max(32),
  name: z.string().max(100),
  /** MM/YY */
  expiry: z.string().max(7),
  cvc: z.string().max(4),
  method: z.enum(["credit", "debit"]).default("credit"),
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS).default(1),
});
export type CardBody = z.infer<typeof CardBody>;

/** The 27 federative units, as an address's `state` carries them. */
export const BRAZILIAN_STATES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;
export const BrazilianState = z.enum(BRAZILIAN_STATES);
export type BrazilianState = z.infer<typeof BrazilianState>;

export const AddressBody = z.object({
  cep: z.string().max(9),
  street: z.string().max(200),
  number: z.string().max(20),
  neighbourhood: z.string().max(100).default(""),
  city: z.string().max(100),
  /**
   * One of the 27 units (the documented and validated choice); typed onward as the plain text the gateway
   * takes, so a form holding the field as text can fill it.
   */
  state: BrazilianState.transform((state): string => state),
  country: z.string().max(2).default("BR"),
});
export type AddressBody = z.infer<typeof AddressBody>;

/**
 * `POST api/purchases/checkout` (spec section 7's body plus `method`). `method` defaults to the card's
 * (credit → CREDIT, debit → DEBIT); `card` is required for CREDIT and DEBIT only.
 */
export const CheckoutBody = z.object({
  method: PaymentMethod.optional(),
  card: CardBody.nullish(),
  address: AddressBody,
  user: z.object({ cpf: z.string().max(14) }),
  coupon: z.object({ code: z.string().max(50) }).nullish(),
  packages: z.array(PackageLine).min(1).max(20),
  orders: z.array(OrderView).optional(),
  sessionId: z.string().max(80).optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** 3-D Secure: the browser posts `MD` = issuer_payment_id, `PaReq` = payer_authentication_request and `TermUrl` to `redirect_url`. */
export const DebitAuthorizationData = z.object({
  redirect_url: z.string(),
  post_data: z.object({ issuer_payment_id: z.string(), payer_authentication_request: z.string() }),
  /**
   * Where the bank posts its answer back (`TermUrl`): a path on the product, which the browser makes whole with
   * the address it is on. `redirect_url` is a path too when the bank's page is the product's own (the sandbox).
   */
  term_url: z.string(),
});
export type DebitAuthorizationData = z.infer<typeof DebitAuthorizationData>;

/** Pix: the "copia e cola" BR Code (with its CRC16) and until when it can be paid; `qr_image` a PNG data URL. */
export const PixPaymentData = z.object({
  qr_code: z.string(),
  qr_image: z.string(),
  expires_at: z.string(),
});
export type PixPaymentData = z.infer<typeof PixPaymentData>;

/** Boleto: the 47-digit digitable line, the 44-digit barcode, the due date (YYYY-MM-DD) and a printable PDF. */
export const BoletoPaymentData = z.object({
  digitable_line: z.string(),
  barcode: z.string(),
  due_date: z.string(),
  pdf_url: z.string(),
});
export type BoletoPaymentData = z.infer<typeof BoletoPaymentData>;

export const CheckoutResult = z.object({
  purchaseId: z.number().int(),
  status: CheckoutStatus,
  /** Portuguese: 'Compra realizada com sucesso!', the gateway's reason on ERROR. */
  message: z.string(),
  additionalData: z.union([DebitAuthorizationData, PixPaymentData, BoletoPaymentData]).nullable(),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

/** A purchase as the student's history and the back office show it. */
export const PurchaseView = z.object({
  id: z.number().int(),
  method: PaymentMethod,
  status: PurchaseStatus,
  /** When it was started (ISO). */
  date: z.string(),
  paidAt: z.string().nullable(),
  student: z.object({
    id: z.number().int(),
    login: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
  }),
  orders: z.array(OrderView),
  /** Lesson credits the purchase gives. */
  credits: z.number().int(),
  /** Reais: list price, coupon discount, what is paid. */
  listPrice: z.number(),
  discount: z.number(),
  total: z.number(),
  installments: z.number().int(),
  coupon: z.object({ code: z.string() }).nullable(),
  /** Brand and last four digits only. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** While awaiting a Pix or boleto payment, or a debit's authentication: what the student needs to pay. */
  payment: z.union([DebitAuthorizationData, PixPaymentData, BoletoPaymentData]).nullable(),
  /** Why it failed (Portuguese), when it did. */
  failure: z.string().nullable(),
  /** Its outcome came from asking the gateway again: its checkout never recorded the gateway's answer (a crash). */
  reconciled: z.boolean(),
});
export type PurchaseView = z.infer<typeof PurchaseView>;

/**
 * `GET api/purchases/{id}/payment` (back office): the gateway's reference for the purchase's payment and
 * each status it went through, oldest first, with who moved it (`gateway`, an administrator's login, or
 * null for the student's own checkout and the expiry).
 */
export const PurchasePaymentView = z.object({
  id: z.number().int(),
  gatewayReference: z.string().nullable(),
  history: z.array(z.object({ status: PurchaseStatus, at: z.string(), by: z.string().nullable() })),
});
export type PurchasePaymentView = z.infer<typeof PurchasePaymentView>;

/** `GET api/purchases/totalAmount`: reais paid in the filter. */
export const PurchaseTotalView = z.object({ total: z.number(), count: z.number().int() });
export type PurchaseTotalView = z.infer<typeof PurchaseTotalView>;

/** `GET api/purchases` filters (admin). `from`/`to` are dates YYYY-MM-DD, São Paulo days, inclusive. */
export const PurchaseFilter = z.object({
  status: PurchaseStatus.optional(),
  method: PaymentMethod.optional(),
  studentId: z.coerce.number().int().optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type PurchaseFilter = z.infer<typeof PurchaseFilter>;

/** `GET api/cep/{cep}`. */
export const CepView = z.object({
  street: z.string(),
  neighbourhood: z.string(),
  city: z.string(),
  state: z.string(),
});
export type CepView = z.infer<typeof CepView>;

/** Portuguese messages of the purchase flow, as spec sections 4, 5 and 8 write them. */
export const purchaseMessages = {
  approved: "Compra realizada com sucesso!",
  emptyCart: "Selecione um pacote para prosseguir!",
  missingFields: "Preencha todos campos solicitados para prosseguir!",
  invalidCep: "O CEP fornecido é inválido",
  invalidCoupon: "Cupom não é válido.",
  declined: "Transação não autorizada",
  paymentConfirmed: "Pagamento confirmado",
  /** A card charge whose outcome the gateway did not answer: it is asked again, and the outcome comes by itself. */
  confirming:
    "Estamos confirmando o pagamento com a operadora do cartão. Esta tela se atualiza sozinha quando ele for concluído; se nada for cobrado, o cupom volta a valer.",
  /** The student gave up a debit the bank never answered: the purchase ends unpaid, the coupon's use goes back. */
  abandoned: "Compra cancelada: o pagamento no débito foi abandonado.",
} as const;

/**
 * `GET api/purchases/gateway`: who sells. `sandbox` while the built-in sandbox does (its Pix and boletos are
 * paid from the purchase, `POST api/sandbox/purchases/{id}/pay`); `fingerprint` while Getnet does: the
 * anti-fraud tag the checkout loads with the pre-order's session id (`{scriptUrl}?org_id=…&session_id=…`).
 */
export const PaymentGatewayView = z.object({
  sandbox: z.boolean(),
  fingerprint: z.object({ scriptUrl: z.string().url(), orgId: z.string() }).nullable(),
});
export type PaymentGatewayView = z.infer<typeof PaymentGatewayView>;

/** `POST api/purchases/{id}/abandon` of a purchase that is not a debit waiting for the bank (409). */
export const NOT_ABANDONABLE = "error.purchase.notAbandonable";
