import type { LessonRequestView } from "@el/domain/directory/directory-contracts";
import type { PendingLessonView } from "@el/domain/lessons/scheduling-view";

/** A lesson asked of the teacher alone, still waiting for their answer, as the panel lists it. */
export type LessonRequestItem = PendingLessonView & { expiresAt: string };

/** The open requests of the list the server answered (it holds the answered ones too). */
export const openRequestsOf = (views: readonly LessonRequestView[]): LessonRequestItem[] =>
  sorted(
    views
      .filter((view) => view.status === "REQUESTED")
      .map(({ scheduling, expiresAt }) => ({
        id: scheduling.id,
        date: scheduling.date,
        objective: scheduling.objective,
        level: scheduling.level,
        student: scheduling.student,
        trail: { id: scheduling.trail.id, number: scheduling.trail.number, title: scheduling.trail.title },
        expiresAt,
      })),
  );

/** The soonest to expire first, as the server lists them. */
export const sorted = (items: LessonRequestItem[]) =>
  [...items].sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id);

export const withRequest = (items: LessonRequestItem[], item: LessonRequestItem) =>
  sorted([...items.filter((known) => known.id !== item.id), item]);

export const withoutRequest = (items: LessonRequestItem[], lessonId: number) =>
  items.filter((known) => known.id !== lessonId);
