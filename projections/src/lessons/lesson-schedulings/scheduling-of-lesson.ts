import type { Lesson } from "@el/domain/lessons/lesson";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";

const iso = (value: string) => new Date(value).toISOString();

/**
 * The scheduling `api/schedulings` shows, folded from the lesson's own events instead of read from
 * `lesson_schedulings`: what a command on the lesson answers, since its events are stored before the
 * read model shows them. Null for a lesson that was never scheduled.
 */
export const schedulingOfLesson = (lesson: Lesson): SchedulingView | null => {
  if (lesson.status === "none") return null;
  const { id, date, objective, trail, level, student, createdDate } = lesson.scheduled;
  return {
    id,
    date: iso(date),
    objective,
    trail: { id: trail.id, number: trail.number, title: trail.title, level: level.id },
    level: { id: level.id, name: level.name },
    student: { id: student.id, firstName: student.firstName, lastName: student.lastName },
    lesson:
      lesson.status === "accepted"
        ? {
            id,
            meetUrl: lesson.meetUrl,
            teacher: { id: lesson.teacher.id, firstName: lesson.teacher.firstName, lastName: lesson.teacher.lastName },
          }
        : null,
    createdDate: iso(createdDate),
  };
};
