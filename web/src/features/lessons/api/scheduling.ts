import { TrailSnapshot } from "@el/domain/lessons/lesson";
import { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { fullName } from "@el/domain/shared/full-name";
import type { z } from "zod";
import type { LessonCard } from "../../../lib/lessons/lesson-card";

/**
 * What a lesson card shows of a scheduling (`api/schedulings…`): of the trail, only what the card reads.
 * `lesson` is set once a teacher claimed it.
 */
export const Scheduling = SchedulingView.pick({
  id: true,
  date: true,
  objective: true,
  level: true,
  lesson: true,
}).extend({ trail: TrailSnapshot });
export type Scheduling = z.infer<typeof Scheduling>;

export const schedulingToCard = (scheduling: Scheduling): LessonCard => ({
  id: scheduling.id,
  date: scheduling.date,
  trail: scheduling.trail,
  levelName: scheduling.level.name,
  objective: scheduling.objective,
  teacherName: scheduling.lesson ? fullName(scheduling.lesson.teacher) : null,
  studentName: null,
  meetUrl: scheduling.lesson?.meetUrl ?? null,
  feedbackGiven: false,
});
