import { type StudentAccount, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { isPayable, type Lesson, type LessonCommand, type LessonEvent, lessonDecider, lessonStreams } from "./lesson";
import { type TeacherSlot, type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

/**
 * The decisions that span streams, kept pure so their specs need no database: the backend reads the
 * streams, calls these, and appends every stream's events in one transaction.
 */

type Command<Type extends LessonCommand["type"]> = Extract<LessonCommand, { type: Type }>;

/** Scheduling: the lesson's rules first (time, trail), then the credit it costs (a trial one for a trial lesson). */
export const scheduleLesson = (
  command: Command<"ScheduleLesson">,
  state: { lesson: Lesson; student: StudentAccount },
): { lesson: LessonEvent[]; student: StudentEvent[] } => {
  const lesson = lessonDecider.decide(command, state.lesson);
  // The lesson's rules passed, so the trail is there; its level decides which credit pays.
  const levelId = command.trail?.level.id ?? command.levelId ?? 0;
  const student = studentAccountDecider.decide(
    { type: "SpendCredit", lessonId: command.id, schedulingId: command.id, levelId },
    state.student,
  );
  return { lesson, student };
};

/** Claiming: the lesson must still be pending, and each half-hour slot of the teacher free. */
export const acceptLesson = (
  command: Command<"AcceptLesson">,
  state: { lesson: Lesson; slots: TeacherSlot[] },
): { lesson: LessonEvent[]; slots: TeacherSlotEvent[][] } => {
  const lesson = lessonDecider.decide(command, state.lesson);
  if (state.lesson.status === "none") return { lesson, slots: [] };
  const lessonId = state.lesson.scheduled.id;
  const slots = state.slots.map((slot) =>
    teacherSlotDecider.decide({ type: "ReserveSlot", teacherId: command.teacher.id, lessonId }, slot),
  );
  return { lesson, slots };
};

/** Cancelling: the credit comes back and a claimed lesson frees its teacher's slots. */
export const cancelLesson = (
  command: Command<"CancelLesson">,
  state: { lesson: Lesson; student: StudentAccount; slots: TeacherSlot[] },
): { lesson: LessonEvent[]; student: StudentEvent[]; slots: TeacherSlotEvent[][] } => {
  const lesson = lessonDecider.decide(command, state.lesson);
  if (lesson.length === 0 || state.lesson.status === "none") return { lesson, student: [], slots: [] };
  const lessonId = state.lesson.scheduled.id;
  const student = studentAccountDecider.decide(
    { type: "RefundCredit", lessonId, reason: `${lessonStreams.id(lessonId)} cancelled by ${command.role}` },
    state.student,
  );
  const teacher = state.lesson.teacher;
  const slots = teacher
    ? state.slots.map((slot) =>
        teacherSlotDecider.decide({ type: "ReleaseSlot", teacherId: teacher.id, lessonId }, slot),
      )
    : [];
  return { lesson, student, slots };
};

/**
 * Paying a teacher's month at once: each lesson of theirs that is owed and not yet paid gets its own
 * payment (`paymentIds[i]` for `lessons[i]`); the others (paid already, cancelled meanwhile, not over,
 * reported as not held, someone else's) are left as they are, so paying a month twice pays nothing more.
 */
export const payTeacherLessons = (
  command: { teacherId: number; paymentIds: readonly number[]; by: string; now: Date },
  lessons: readonly Lesson[],
): LessonEvent[][] =>
  lessons.map((lesson, index) => {
    const paymentId = command.paymentIds[index];
    if (paymentId === undefined || lesson.status !== "accepted" || lesson.teacher.id !== command.teacherId) return [];
    if (!isPayable(lesson, command.now)) return [];
    return lessonDecider.decide(
      { type: "PayLesson", paymentId, teacherId: command.teacherId, by: command.by, now: command.now },
      lesson,
    );
  });
