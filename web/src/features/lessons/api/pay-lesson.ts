import type { LessonPaymentBody } from "@el/domain/lessons/lesson-requests";
import { PaymentSummary } from "@el/domain/lessons/payment-view";
import { api } from "../../../lib/api";

/** `POST api/payments { lesson: { id }, teacher: { login } }`: Débito → Quitado; a lesson already paid answers its payment. */
export const payLesson = async (lessonId: number, teacherLogin: string) =>
  PaymentSummary.parse(
    await api.post("api/payments", {
      lesson: { id: lessonId },
      teacher: { login: teacherLogin },
    } satisfies LessonPaymentBody),
  );
