import { z } from "zod";
import { api } from "../api";
import type { LessonCard } from "./lesson-card";

/** The lesson view model of spec section 3, as `api/lessons/authenticatedUser` pages it. */
export const LessonView = z.object({
  id: z.number(),
  /** The start instant; `date`/`time` are the same on the São Paulo wall clock. */
  startsAt: z.string(),
  objective: z.string().nullish(),
  trailObj: z.object({ id: z.number(), number: z.number(), title: z.string() }),
  level: z.object({ id: z.number(), name: z.string() }).nullish(),
  status: z.enum(["Pendente", "Aceito"]),
  meetUrl: z.string().nullish(),
  teacher: z.object({ id: z.number(), name: z.string() }).nullish(),
  student: z.string().nullish(),
  studentFeedbackId: z.number().nullish(),
  teacherFeedbackId: z.number().nullish(),
});
export type LessonView = z.infer<typeof LessonView>;

export type LessonViewer = "student" | "teacher";

export const lessonViewToCard = (view: LessonView, viewer: LessonViewer): LessonCard => ({
  id: view.id,
  date: view.startsAt,
  trail: view.trailObj,
  levelName: view.level?.name ?? null,
  objective: view.objective ?? null,
  teacherName: view.teacher?.name ?? null,
  studentName: view.student ?? null,
  meetUrl: view.meetUrl ?? null,
  feedbackGiven: (viewer === "student" ? view.studentFeedbackId : view.teacherFeedbackId) != null,
});

/** Spec section 9: past lessons are paged 5 at a time. */
export const LESSONS_PAGE_SIZE = 5;
/** Today's and the upcoming lessons are shown whole; the API pages at most this many. */
export const ALL_LESSONS = 100;

export type LessonPeriod = "today" | "upcoming" | "finished";

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
  const page = z.object({ content: z.array(LessonView), totalElements: z.number() }).parse(body);
  return { lessons: page.content.map((view) => lessonViewToCard(view, viewer)), total: page.totalElements };
};
