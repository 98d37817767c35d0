import { fullName } from "@el/domain/shared/full-name";
import { announceSuccess } from "../../../lib/api";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useLivePush } from "../../../lib/socket";

/**
 * While the teacher's area is open, a toast for each lesson a student books straight into their free
 * hours ("Ana Souza agendou uma aula com você em 01/12/26 às 18:00"). Renders nothing itself.
 */
export const BookedLessonToasts = () => {
  useLivePush("lesson:booked", ({ lesson }) =>
    announceSuccess({
      key: "availability.booked",
      params: { student: fullName(lesson.student), date: formatDay(lesson.date), time: formatTime(lesson.date) },
    }),
  );
  return null;
};
