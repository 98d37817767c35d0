/**
 * A lesson as the student's and the teacher's screens show it, whatever call it came from (their
 * schedulings, their paged lessons, a push). `feedbackGiven` is about the viewer's own feedback.
 */
export interface LessonCard {
  id: number;
  /** ISO instant of the start. */
  date: string;
  /** The id is there when the lesson came from the API: its materials are read by it. */
  trail: { id?: number; number: number; title: string };
  levelName: string | null;
  objective: string | null;
  teacherName: string | null;
  /** The claiming teacher's id, where the source names it: their profile is read by it. */
  teacherId?: number | null;
  studentName: string | null;
  meetUrl: string | null;
  feedbackGiven: boolean;
}

/** The trail as the spec shows it everywhere: 'number - title'. */
export const trailLabel = (trail: { number: number; title: string }) => `${trail.number} - ${trail.title}`;
