import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import type {
  CheckoutResult,
  DebitAuthorizationData,
  PreorderView,
  PurchaseView,
} from "@el/domain/purchasing/purchase-views";
import type { CheckoutDetails } from "../checkout/checkout-form";

/** What the checkout machine's spec buys with: a card, a pre-order, a coupon and the gateway's answers. */
export const DETAILS: CheckoutDetails = {
  method: "CREDIT",
  card: {
    number: "4111111111111111",
    name: "ANA SOUZA",
    expiry: "12/30",
    cvc: "123",
    method: "credit",
    installments: 2,
  },
  address: {
    cep: "01310-100",
    street: "Avenida Paulista",
    number: "1000",
    neighbourhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    country: "BR",
  },
  user: { cpf: "529.982.247-25" },
};

export const PREORDER: PreorderView = {
  orders: [{ itemPackage: { id: 2, amount: 4, value: 180 }, quantity: 1, total: 180 }],
  total: 180,
  sessionId: "fp-session-1",
};

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

export const APPROVED: CheckoutResult = {
  purchaseId: 41,
  status: "APPROVED",
  message: "Compra realizada com sucesso!",
  additionalData: null,
};
export const DEBIT: DebitAuthorizationData = {
  redirect_url: "https://issuer.example/3ds",
  post_data: { issuer_payment_id: "pay-9", payer_authentication_request: "PAREQ" },
  term_url: "https://app.example/api/purchases/41/authorization",
};
export const PIX: CheckoutResult = {
  purchaseId: 42,
  status: "AWAIT_PAYMENT",
  message: "Aguardando pagamento",
  additionalData: {
    qr_code: "00020126580014br.gov.bcb.pix6304ABCD",
    qr_image: "data:image/png;base64,iVBORw0KGgo=",
    expires_at: "2026-11-24T18:00:00.000Z",
  },
};

export const purchase = (changes: Partial<PurchaseView>): PurchaseView => ({
  id: 42,
  method: "PIX",
  status: "AWAIT_PAYMENT",
  date: "2026-11-24T17:00:00.000Z",
  paidAt: null,
  student: { id: 5, login: "ana@example.com", firstName: "Ana", lastName: "Souza" },
  orders: PREORDER.orders,
  credits: 4,
  listPrice: 180,
  discount: 0,
  total: 180,
  installments: 1,
  coupon: null,
  card: null,
  payment: PIX.additionalData,
  failure: null,
  reconciled: false,
  ...changes,
});
