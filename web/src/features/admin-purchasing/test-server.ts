import type { CouponView } from "@el/domain/coupons/coupon-views";
import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { json } from "../../test/fake-api";

/** The signed-in administrator every screen of /gerencia needs. */
export const adminAccount = () =>
  json({
    id: 1,
    login: "admin@example.com",
    firstName: "Admin",
    lastName: "Silva",
    email: "admin@example.com",
    activated: true,
    langKey: "pt-br",
    authorities: ["ROLE_USER", "ROLE_ADMIN"],
  });

/** A page of `items` as the back office's lists answer it: the slice asked for, the total in `X-Total-Count`. */
export const pageOf = <T>(items: T[], query: URLSearchParams) => {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return json(items.slice(page * size, (page + 1) * size), { headers: { "X-Total-Count": String(items.length) } });
};

/** A response that arrives only when the test says so, to look at the loading state. */
export const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

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
