import type { MonthPaymentBody } from "@el/domain/lessons/lesson-requests";
import { MonthPaidView } from "@el/domain/lessons/payment-view";
import { api } from "../../../lib/api";

/** `POST api/payments/month`: "Pagar todas deste mês", every owed lesson of the teacher's month. */
export const payMonth = async (teacherLogin: string, period: Omit<MonthPaymentBody, "teacher">) =>
  MonthPaidView.parse(
    await api.post("api/payments/month", { teacher: { login: teacherLogin }, ...period } satisfies MonthPaymentBody),
  );
