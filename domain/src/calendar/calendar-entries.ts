import { LESSON_DURATION_MS } from "../lessons/lesson";

/** A lesson as the calendar feed reads it from the lesson read model. */
export interface CalendarLesson {
  id: number;
  /** ISO instant of its start. */
  date: string;
  status: "pending" | "accepted" | "cancelled";
  trailTitle: string;
  levelName: string;
  studentName: string;
  teacherName: string | null;
  meetUrl: string | null;
}

/** One entry of a calendar: what an iCalendar VEVENT needs, in words the person reads. */
export interface CalendarEntry {
  /** Stable across refreshes, so a calendar updates the entry instead of adding another. */
  uid: string;
  start: number;
  end: number;
  title: string;
  description: string;
  url: string | null;
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
}

export type CalendarViewer = "student" | "teacher";

/**
 * How a person's lessons show in their calendar. A student sees a lesson waiting for a teacher as
 * tentative, an accepted one confirmed with its video link, and a cancelled one cancelled (so a calendar
 * that had it takes it off); a teacher sees the lessons they teach. Texts in Portuguese, the product's.
 */
export const calendarEntriesOf = (lessons: readonly CalendarLesson[], viewer: CalendarViewer, host: string) =>
  lessons.map((lesson): CalendarEntry => {
    const start = Date.parse(lesson.date);
    const other = viewer === "student" ? lesson.teacherName : lesson.studentName;
    const lines = [
      `${lesson.levelName} — ${lesson.trailTitle}`,
      viewer === "student"
        ? other
          ? `Professor: ${other}`
          : "Aguardando um professor aceitar a aula"
        : `Aluno: ${other}`,
      ...(lesson.meetUrl && lesson.status === "accepted" ? [`Link da aula: ${lesson.meetUrl}`] : []),
    ];
    return {
      uid: `lesson-${lesson.id}@${host}`,
      start,
      end: start + LESSON_DURATION_MS,
      title:
        lesson.status === "cancelled" ? `Aula cancelada: ${lesson.trailTitle}` : `Aula de inglês: ${lesson.trailTitle}`,
      description: lines.join("\n"),
      url: lesson.status === "accepted" ? lesson.meetUrl : null,
      status: lesson.status === "cancelled" ? "CANCELLED" : lesson.status === "accepted" ? "CONFIRMED" : "TENTATIVE",
    };
  });
