import { z } from "zod";
import { api } from "../api";
import type { LessonCard } from "./lesson-card";

/** The lesson view model of spec section 3, as `api/lessons/authenticatedUser` pages it. */
export const LessonView = z.object({
  id: z.number(),
  date: z.string(),
  objective: z.string().nullish(),
  trailObj: z.object({ id: z.number(), number: z.number(), title: z.string() }),
  level: z.object({ id: z.number(), name: z.string() }).nullish(),
  status: z.string(),
  meetUrl: z.string().nullish(),
  /** The other party's name; 'Pendente' when no teacher claimed the lesson yet. */
  teacherFromLesson: z.string().nullish(),
  teacher: z.string().nullish(),
  student: z.string().nullish(),
  studentFeedback: z.number().nullish(),
  teacherFeedback: z.number().nullish(),
});
export type LessonView = z.infer<typeof LessonView>;

export const lessonViewToCard = (view: LessonView, viewer: "student" | "teacher"): LessonCard => ({
  id: view.id,
  date: view.date,
  trail: view.trailObj,
  levelName: view.level?.name ?? null,
  objective: view.objective ?? null,
  teacherName: view.status === "Pendente" ? null : (view.teacher ?? view.teacherFromLesson ?? null),
  studentName: view.student ?? null,
  meetUrl: view.meetUrl ?? null,
  feedbackGiven: (viewer === "student" ? view.studentFeedback : view.teacherFeedback) != null,
});

export const LESSONS_PAGE_SIZE = 5;

/** One page (zero-based, 5 a page) of the signed-in user's lessons, newest first, and how many there are. */
export const fetchMyLessons = async (page: number, viewer: "student" | "teacher") => {
  const { data, headers } = await api.getWithHeaders<unknown>("api/lessons/authenticatedUser", {
    page,
    size: LESSONS_PAGE_SIZE,
    sort: "date,desc",
  });
  const lessons = z.array(LessonView).parse(data);
  return {
    lessons: lessons.map((view) => lessonViewToCard(view, viewer)),
    total: Number(headers.get("X-Total-Count") ?? lessons.length),
  };
};
