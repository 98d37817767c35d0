import { TrailSnapshot } from "@el/domain/lessons/lesson";
import { LessonPage, type LessonPeriod, LessonView as LessonViewSchema } from "@el/domain/lessons/scheduling-view";
import { z } from "zod";
import { api } from "../api";
import type { LessonCard } from "./lesson-card";

/**
 * What a lesson card shows of the lesson view model (spec section 3), as `api/lessons/authenticatedUser`
 * pages it: of the trail, only what the card reads.
 */
export const LessonView = LessonViewSchema.pick({
  id: true,
  startsAt: true,
  objective: true,
  level: true,
  status: true,
  meetUrl: true,
  teacher: true,
  student: true,
  studentFeedbackId: true,
  teacherFeedbackId: true,
}).extend({ trailObj: TrailSnapshot });
export type LessonView = z.infer<typeof LessonView>;

export type LessonViewer = "student" | "teacher";

export const lessonViewToCard = (view: LessonView, viewer: LessonViewer): LessonCard => ({
  id: view.id,
  date: view.startsAt,
  trail: view.trailObj,
  levelName: view.level.name,
  objective: view.objective,
  teacherName: view.teacher?.name ?? null,
  teacherId: view.teacher?.id ?? null,
  studentName: view.student,
  meetUrl: view.meetUrl,
  feedbackGiven: (viewer === "student" ? view.studentFeedbackId : view.teacherFeedbackId) != null,
});

/** Spec section 9: past lessons are paged 5 at a time. */
export const LESSONS_PAGE_SIZE = 5;
/** Today's and the upcoming lessons are shown whole; the API pages at most this many. */
export const ALL_LESSONS = 100;

/**
 * One page (zero-based) of the signed-in user's lessons of a period, and how many there are: today
 * and upcoming soonest first, finished latest first.
 */
export const fetchMyLessons = async (
  viewer: LessonViewer,
  query: { period?: LessonPeriod; page?: number; size?: number },
) => {
  const body = await api.get<unknown>("api/lessons/authenticatedUser", {
    period: query.period,
    page: query.page ?? 0,
    size: query.size ?? LESSONS_PAGE_SIZE,
    sort: query.period === "finished" || query.period === undefined ? "date,desc" : "date,asc",
  });
  const page = LessonPage.extend({ content: z.array(LessonView) }).parse(body);
  return { lessons: page.content.map((view) => lessonViewToCard(view, viewer)), total: page.totalElements };
};
