import { ClaimedLessonView, FinanceMonthView, LessonPage, SchedulingView } from "@el/domain/lessons/scheduling-view";

/**
 * What the lesson routes answer (spec section 3), declared once in domain for the backend, the projections
 * and the web app; fastify's serializer checks every answer against them on the way out.
 */
export const SchedulingResponse = SchedulingView;
export const LessonPageResponse = LessonPage;
export const ClaimedLessonResponse = ClaimedLessonView;
export const FinanceMonthResponse = FinanceMonthView;
