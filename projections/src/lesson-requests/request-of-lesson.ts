import type { LessonRequestView } from "@el/domain/directory/directory-contracts";
import type { LessonRequestState } from "@el/domain/lessons/lesson-request-decisions";
import { schedulingOfLesson } from "../lessons/lesson-schedulings/scheduling-of-lesson";

/**
 * The request `GET /api/lesson-requests` shows, folded from the lesson's own events: what a command on it
 * answers, since its events are stored before the read model shows them. Null for a lesson that was never
 * requested, or one its student cancelled before the answer.
 */
export const requestOfLesson = ({ lesson, lapse }: LessonRequestState): LessonRequestView | null => {
  const scheduling = schedulingOfLesson(lesson);
  if (lesson.status === "none" || !scheduling) return null;
  const chosen = lesson.scheduled.chosenTeacher;
  if (chosen?.how !== "REQUESTED" || !chosen.expiresAt) return null;
  const status = lapse
    ? lapse.reason
    : lesson.status === "accepted" && lesson.teacher.id === chosen.teacher.id
      ? "ACCEPTED"
      : lesson.status === "pending" && lesson.request
        ? "REQUESTED"
        : null;
  if (!status) return null;
  const { id, firstName, lastName } = chosen.teacher;
  return {
    id: scheduling.id,
    status,
    fallback: chosen.fallback ?? "BOARD",
    expiresAt: new Date(chosen.expiresAt).toISOString(),
    scheduling,
    teacher: { id, firstName, lastName },
  };
};
