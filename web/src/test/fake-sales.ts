import type { CouponView } from "@el/domain/coupons/coupon-views";
import type { PurchaseView } from "@el/domain/purchasing/purchase-views";

export { adminAccount } from "./fake-accounts";
export { deferred, pageOf } from "./fake-api";

/** The students `api/users/student` answers, as the selectors need them. */
export const students = [
  { id: 5, login: "ana@example.com", firstName: "Ana", lastName: "Souza", email: "ana@example.com" },
  { id: 6, login: "bruno@example.com", firstName: "Bruno", lastName: "Lima", email: "bruno@example.com" },
];

export const packages = [
  { id: 1, amount: 1, value: 47 },
  { id: 2, amount: 4, value: 180 },
  { id: 3, amount: 12, value: 480 },
];

/** Ana's purchase of one 4-lesson pack by Pix, waiting for the payment; `changes` make the others. */
export const purchase = (id: number, changes: Partial<PurchaseView> = {}): PurchaseView => ({
  id,
  method: "PIX",
  status: "AWAIT_PAYMENT",
  date: "2026-11-20T13:05:00.000Z",
  paidAt: null,
  student: { id: 5, login: "ana@example.com", firstName: "Ana", lastName: "Souza" },
  orders: [{ itemPackage: { id: 2, amount: 4, value: 180 }, quantity: 1, total: 180 }],
  credits: 4,
  listPrice: 180,
  discount: 0,
  total: 180,
  installments: 1,
  coupon: null,
  card: null,
  payment: null,
  failure: null,
  reconciled: false,
  ...changes,
});

export const coupon = (id: number, changes: Partial<CouponView> = {}): CouponView => ({
  id,
  code: `CUPOM${id}`,
  quantity: 10,
  discount: 10,
  percentual: true,
  itemPackage: null,
  user: null,
  active: true,
  used: 0,
  ...changes,
});
