import type { PaymentListQuery } from "@el/domain/lessons/lesson-requests";
import { PaymentsTotalView, PaymentView } from "@el/domain/lessons/payment-view";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "../../../lib/page-query";

/** The payments screen's filters as the URL holds them, named as `GET api/payments` takes them; '' means any. */
export type PaymentFilters = Record<keyof Pick<PaymentListQuery, "year" | "month">, string>;

const only = (filters: PaymentFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")) as Record<string, string>;

/** `GET api/payments?page&size&year&month`: the teacher payments, latest lesson first. */
export const getPayments = async (filters: PaymentFilters, query: Pick<PageQuery, "page" | "size">) =>
  pageOf(await api.getWithHeaders<unknown>("api/payments", { ...only(filters), ...query }), PaymentView);

/** `GET api/payments/totalAmount` with the same filters. */
export const getPaymentsTotal = async (filters: PaymentFilters) =>
  PaymentsTotalView.parse(await api.get("api/payments/totalAmount", only(filters)));

/** `GET api/payments/{id}`: one payment with its lesson and teacher. */
export const getPayment = async (id: number) => PaymentView.parse(await api.get(`api/payments/${id}`));

/** `DELETE api/payments/{id}`: the lesson is owed to its teacher again. */
export const undoPayment = (id: number) => api.delete(`api/payments/${id}`);
