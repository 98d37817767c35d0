import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { fakeApi, json } from "../../../test/fake-api";
import { adminAccount, pageOf, purchase, students } from "../../../test/fake-sales";

/** Reais as Intl writes them, with a no-break space after R$ (`toHaveTextContent` reads it as a space). */
export const reais = (text: string) => text.replaceAll("R$ ", "R$\u00a0");

/** Bruno's purchase of two packs by credit card in 2x with a coupon, paid. */
export const brunosCardPurchase: Partial<PurchaseView> = {
  method: "CREDIT",
  status: "PAID",
  installments: 2,
  date: "2026-11-21T02:30:00.000Z",
  paidAt: "2026-11-21T02:30:05.000Z",
  student: { id: 6, login: "bruno@example.com", firstName: "Bruno", lastName: "Lima" },
  orders: [
    { itemPackage: { id: 3, amount: 12, value: 480 }, quantity: 1, total: 480 },
    { itemPackage: { id: 1, amount: 1, value: 47 }, quantity: 2, total: 94 },
  ],
  listPrice: 574,
  discount: 57.4,
  total: 516.6,
  coupon: { code: "PROMO10" },
};

export const initialPurchases = (): PurchaseView[] => [
  purchase(1),
  purchase(2, brunosCardPurchase),
  purchase(3, { method: "BANKSLIP", status: "PENDING" }),
  purchase(4, { method: "DEBIT", status: "AWAIT_AUTHORIZATION" }),
  purchase(5, { method: "BANKSLIP", status: "EXPIRED" }),
  purchase(6, { method: "PIX", status: "REFUNDED" }),
];

/** Six purchases, one of each kind the screen treats differently; marking paid and refunding change them. */
export const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let purchases = initialPurchases();
  /** Answers as the backend does: the purchase as it now is, and the alert naming it. */
  const change = (id: number, changes: Partial<PurchaseView>, alert: string) => {
    purchases = purchases.map((item) => (item.id === id ? { ...item, ...changes } : item));
    return json(
      purchases.find((item) => item.id === id),
      { headers: { "X-app-alert": alert, "X-app-params": String(id) } },
    );
  };
  const paid = () => purchases.filter((item) => item.status === "PAID");
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/student": () => json(students, { headers: { "X-Total-Count": "2" } }),
    "GET /api/purchases": ({ query }) => pageOf(purchases, query),
    "GET /api/purchases/totalAmount": () =>
      json({ total: paid().reduce((sum, item) => sum + item.total, 0), count: paid().length }),
    "PUT /api/purchases/1/paid": () =>
      change(1, { status: "PAID", paidAt: "2026-11-22T12:00:00.000Z" }, "purchasing.purchase.paid"),
    "POST /api/purchases/2/refund": () => change(2, { status: "REFUNDED" }, "purchasing.purchase.refunded"),
    ...overrides,
  });
};
