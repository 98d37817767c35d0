import type { TeacherMonthQuery } from "@el/domain/lessons/lesson-requests";
import { TeacherLessonPaymentView } from "@el/domain/lessons/payment-view";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/payments/teacher/{login}?year&month`: the teacher's claimed lessons of a month, each with its payment. */
export const fetchTeacherLessonsToPay = async (login: string, period: TeacherMonthQuery) =>
  z
    .array(TeacherLessonPaymentView)
    .parse(await api.get(`api/payments/teacher/${encodeURIComponent(login)}`, { ...period }));
