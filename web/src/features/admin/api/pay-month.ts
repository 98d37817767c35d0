import { MonthPaidView } from "@el/domain/lessons/payment-view";
import { api } from "../../../lib/api";

/** `POST api/payments/month`: "Pagar todas deste mês", every owed lesson of the teacher's month. */
export const payMonth = async (teacherLogin: string, period: { year: number; month: number }) =>
  MonthPaidView.parse(await api.post("api/payments/month", { teacher: { login: teacherLogin }, ...period }));
