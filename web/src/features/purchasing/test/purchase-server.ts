import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import type { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import type { CheckoutResult, PaymentGatewayView, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { student } from "../../../test/render-area";

/** The five packs of spec section 9, in reais, as `api/item-packages` answers them. */
export const PACKAGES = [
  { id: 5, amount: 24, value: 900 },
  { id: 1, amount: 1, value: 47 },
  { id: 2, amount: 4, value: 180 },
  { id: 3, amount: 8, value: 340 },
  { id: 4, amount: 12, value: 480 },
];

export const COUPON: CouponValidationView = {
  id: 3,
  code: "BEMVINDO",
  discount: 10,
  percentual: true,
  itemPackage: null,
  listPrice: 180,
  discountValue: 18,
  total: 162,
};

export const PIX_DATA = {
  qr_code:
    "00020126580014br.gov.bcb.pix0136a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d5204000053039865406180.005802BR6304ABCD",
  qr_image: "data:image/png;base64,iVBORw0KGgo=",
  expires_at: "2026-11-24T18:30:00.000Z",
};
export const BOLETO_DATA = {
  digitable_line: "34191.79001 01043.510047 91020.150008 8 91230000018000",
  barcode: "34198912300000180001790010104351004791020150",
  due_date: "2026-11-27",
  pdf_url: "/api/purchases/44/boleto.pdf",
};
export const DEBIT_DATA = {
  redirect_url: "https://issuer.example/3ds",
  post_data: { issuer_payment_id: "pay-9", payer_authentication_request: "PAREQ-XYZ" },
  term_url: "https://app.example/api/purchases/41/authorization",
};

export const purchaseView = (changes: Partial<PurchaseView> = {}): PurchaseView => ({
  id: 40,
  method: "CREDIT",
  status: "PAID",
  date: "2026-11-20T13:05:00.000Z",
  paidAt: "2026-11-20T13:05:10.000Z",
  student: { id: 5, login: "ana@example.com", firstName: "Ana", lastName: "Souza" },
  orders: [{ itemPackage: { id: 2, amount: 4, value: 180 }, quantity: 1, total: 180 }],
  credits: 4,
  listPrice: 180,
  discount: 0,
  total: 180,
  installments: 2,
  coupon: null,
  card: { brand: "visa", last4: "1111" },
  payment: null,
  failure: null,
  reconciled: false,
  ...changes,
});

export interface PurchaseServer {
  account?: Record<string, unknown>;
  packages?: () => Response;
  checkout?: (request: FakeRequest) => Response;
  coupon?: (request: FakeRequest) => Response;
  cep?: (request: FakeRequest) => Response;
  purchases?: () => Response;
  /** Who sells: Getnet without a fingerprint unless a test says otherwise. */
  gateway?: PaymentGatewayView;
  /** What the student's last checkout kept: nothing unless a test says otherwise. */
  buyer?: BuyerDetailsView;
  /** More routes, "METHOD /path" as `fakeApi` takes them (the sandbox's pay, a debit given up). */
  more?: Record<string, (request: FakeRequest) => Response>;
}

export const checkoutAnswer = (result: CheckoutResult) => () => json(result);

/** The API the purchase screens talk to, answering as the backend does. */
export const purchaseServer = (options: PurchaseServer = {}) =>
  fakeApi({
    "GET /api/account": () => json(options.account ?? student({ balance: 3 })),
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "GET /api/item-packages": options.packages ?? (() => json(PACKAGES)),
    "GET /api/purchases/authenticatedUser": options.purchases ?? (() => json([])),
    "GET /api/purchases/gateway": () => json(options.gateway ?? { sandbox: false, fingerprint: null }),
    "GET /api/purchases/buyer": () => json(options.buyer ?? { cpf: null, address: null }),
    ...options.more,
    "GET /api/cep/01310100":
      options.cep ??
      (() => json({ street: "Avenida Paulista", neighbourhood: "Bela Vista", city: "São Paulo", state: "SP" })),
    "POST /api/coupons/validate": options.coupon ?? (() => json(COUPON)),
    "POST /api/purchases/preorder": ({ body }) => {
      const { packages } = body as { packages: { id: number; quantity: number }[] };
      const orders = packages.map((line) => {
        const pack = PACKAGES.find((candidate) => candidate.id === line.id) ?? { id: line.id, amount: 0, value: 0 };
        return { itemPackage: pack, quantity: line.quantity, total: pack.value * line.quantity };
      });
      return json({ orders, total: orders.reduce((sum, order) => sum + order.total, 0), sessionId: "fp-1" });
    },
    "POST /api/purchases/checkout":
      options.checkout ??
      checkoutAnswer({
        purchaseId: 41,
        status: "APPROVED",
        message: "Compra realizada com sucesso!",
        additionalData: null,
      }),
  });
