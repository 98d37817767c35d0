import { api } from "../../../lib/api";

/** `DELETE api/payments/{id}?login=`: Quitado → Débito, the payment undone. */
export const unpayLesson = async (paymentId: number, teacherLogin: string) => {
  await api.delete(`api/payments/${paymentId}?login=${encodeURIComponent(teacherLogin)}`);
};
