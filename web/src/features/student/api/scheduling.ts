import { z } from "zod";
import type { LessonCard } from "../../../lib/lessons/lesson-card";

const Person = z.object({ firstName: z.string(), lastName: z.string().nullish() });
const fullName = (person: z.infer<typeof Person>) => [person.firstName, person.lastName].filter(Boolean).join(" ");

/** A scheduling as `api/schedulings…` answers it; `lesson` is set once a teacher claimed it. */
export const Scheduling = z.object({
  id: z.number(),
  date: z.string(),
  objective: z.string().nullish(),
  trail: z.object({ id: z.number(), number: z.number(), title: z.string() }),
  level: z.object({ id: z.number(), name: z.string() }).nullish(),
  lesson: z.object({ id: z.number(), meetUrl: z.string().nullish(), teacher: Person.nullish() }).nullish(),
});
export type Scheduling = z.infer<typeof Scheduling>;

export const schedulingToCard = (scheduling: Scheduling): LessonCard => ({
  id: scheduling.id,
  date: scheduling.date,
  trail: scheduling.trail,
  levelName: scheduling.level?.name ?? null,
  objective: scheduling.objective ?? null,
  teacherName: scheduling.lesson?.teacher ? fullName(scheduling.lesson.teacher) : null,
  studentName: null,
  meetUrl: scheduling.lesson?.meetUrl ?? null,
  feedbackGiven: false,
});
