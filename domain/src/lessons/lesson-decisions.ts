import { type StudentAccount, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { conflict, DomainError, invalid } from "../shared/errors";
import {
  type AcceptLesson,
  type AssignTeacher,
  type CancelLesson,
  isPayable,
  type Lesson,
  type LessonEvent,
  lessonErrors,
  lessonStreams,
  type ScheduleLesson,
  type UnassignTeacher,
} from "./lesson";
import { lessonDecider } from "./lesson-decider";
import {
  moveStudentSlots,
  type StudentSlot,
  type StudentSlotEvent,
  type StudentSlotKey,
  studentSlotDecider,
  studentSlotsOfLesson,
} from "./student-slot";
import {
  slotsOfLesson,
  type TeacherSlot,
  type TeacherSlotEvent,
  type TeacherSlotKey,
  teacherSlotDecider,
} from "./teacher-slot";

/**
 * The decisions that span streams, kept pure so their specs need no database: the backend reads the
 * streams, calls these, and appends every stream's events in one transaction.
 */

/**
 * Scheduling: the lesson's rules first (time, trail), then the student's half hours (no two lessons of
 * theirs at once), then the credit it costs (a trial one for a trial lesson). `studentSlots` holds the
 * states of `studentSlotsOfLesson(student, date)`, in that order.
 */
export const scheduleLessonSpendingCredit = (
  command: ScheduleLesson,
  state: { lesson: Lesson; student: StudentAccount; studentSlots: StudentSlot[] },
): { lesson: LessonEvent[]; student: StudentEvent[]; studentSlots: StudentSlotEvent[][] } => {
  const lesson = lessonDecider.decide(command, state.lesson);
  const keys = studentSlotsOfLesson(command.student.id, command.date);
  const studentSlots = keys.map((key, index) =>
    studentSlotDecider.decide(
      { type: "ReserveStudentSlot", studentId: key.studentId, lessonId: command.id },
      state.studentSlots[index] ?? studentSlotDecider.initialState(),
    ),
  );
  // The lesson's rules passed, so the trail is there; its level decides which credit pays.
  const levelId = command.trail?.level.id ?? command.levelId ?? 0;
  const student = studentAccountDecider.decide(
    { type: "SpendCredit", lessonId: command.id, schedulingId: command.id, levelId },
    state.student,
  );
  return { lesson, student, studentSlots };
};

/** Claiming: the lesson must still be pending, and each half-hour slot of the teacher free. */
export const acceptLessonReservingSlots = (
  command: AcceptLesson,
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

/** The student's half hours a cancelled lesson frees; `states` as `studentSlotsOfLesson` lists them. */
const releaseStudentSlots = (lesson: Exclude<Lesson, { status: "none" }>, states: StudentSlot[]) =>
  studentSlotsOfLesson(lesson.scheduled.student.id, lesson.scheduled.date).map((key, index) =>
    studentSlotDecider.decide(
      { type: "ReleaseStudentSlot", studentId: key.studentId, lessonId: lesson.scheduled.id },
      states[index] ?? studentSlotDecider.initialState(),
    ),
  );

/**
 * Cancelling: the credit comes back (not when the student is being erased: the account is gone), a
 * claimed lesson frees its teacher's slots, and the student's half hours are free for another lesson.
 * `slots` holds the teacher's slots of the lesson, `studentSlots` the student's, as `*SlotsOfLesson` list them.
 */
export const cancelLessonRefunding = (
  command: CancelLesson,
  state: { lesson: Lesson; student: StudentAccount; slots: TeacherSlot[]; studentSlots: StudentSlot[] },
): {
  lesson: LessonEvent[];
  student: StudentEvent[];
  slots: TeacherSlotEvent[][];
  studentSlots: StudentSlotEvent[][];
} => {
  const lesson = lessonDecider.decide(command, state.lesson);
  if (lesson.length === 0 || state.lesson.status === "none")
    return { lesson, student: [], slots: [], studentSlots: [] };
  const lessonId = state.lesson.scheduled.id;
  const refunded = lesson.some((event) => event.type === "LessonCancelled" && event.data.refunded);
  const student = refunded
    ? studentAccountDecider.decide(
        { type: "RefundCredit", lessonId, reason: `${lessonStreams.id(lessonId)} cancelled by ${command.role}` },
        state.student,
      )
    : [];
  const teacher = state.lesson.teacher;
  const slots = teacher
    ? state.slots.map((slot) =>
        teacherSlotDecider.decide({ type: "ReleaseSlot", teacherId: teacher.id, lessonId }, slot),
      )
    : [];
  return { lesson, student, slots, studentSlots: releaseStudentSlots(state.lesson, state.studentSlots) };
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

type SlotDecisions = { key: TeacherSlotKey; events: TeacherSlotEvent[] }[];
type StudentSlotDecisions = { key: StudentSlotKey; events: StudentSlotEvent[] }[];

/**
 * The slot rules speak to a teacher claiming for themselves ("Você já tem uma aula…"); an administrator
 * choosing a teacher is told it is that teacher who is busy.
 */
const asAdministrator = <Result>(decide: () => Result): Result => {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError && error.messageKey === lessonErrors.teacherBusy)
      throw conflict(lessonErrors.teacherBusyOther);
    throw error;
  }
};

/** Likewise the student's clash: an administrator is told it is the student who has a lesson then. */
const studentBusyAsAdministrator = <Result>(decide: () => Result): Result => {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError && error.messageKey === lessonErrors.studentBusy)
      throw invalid(lessonErrors.studentBusyOther, "date");
    throw error;
  }
};

/**
 * The half-hour slots a lesson holds after a change, from those it held before: slots it leaves are
 * released, slots it takes are reserved (one it keeps, moved by half an hour, is left as it is).
 * `slots` holds the state of every key of both lists.
 */
const moveSlots = (
  lessonId: number,
  before: TeacherSlotKey[],
  after: TeacherSlotKey[],
  slots: ReadonlyMap<string, TeacherSlot>,
): SlotDecisions => {
  const keyOf = (key: TeacherSlotKey) => `${key.teacherId}-${key.startsAt}`;
  const kept = new Set(after.map(keyOf));
  const stateOf = (key: TeacherSlotKey) => slots.get(keyOf(key)) ?? teacherSlotDecider.initialState();
  const released = before
    .filter((key) => !kept.has(keyOf(key)))
    .map((key) => ({
      key,
      events: teacherSlotDecider.decide({ type: "ReleaseSlot", teacherId: key.teacherId, lessonId }, stateOf(key)),
    }));
  const reserved = after.map((key) => ({
    key,
    events: teacherSlotDecider.decide({ type: "ReserveSlot", teacherId: key.teacherId, lessonId }, stateOf(key)),
  }));
  return [...released, ...reserved];
};

/** The slots a lesson's teacher holds for it, none while it waits for a teacher. */
export const slotsHeldBy = (lesson: Lesson): TeacherSlotKey[] =>
  lesson.status === "accepted" ? slotsOfLesson(lesson.teacher.id, lesson.scheduled.date) : [];

/**
 * An administrator takes a claimed lesson back from its teacher: it waits for a teacher again and the
 * teacher's half hours of it are freed. `slots` holds the state of the slots the lesson holds now.
 */
export const unassignTeacherFreeingSlots = (
  command: UnassignTeacher,
  state: { lesson: Lesson; slots: ReadonlyMap<string, TeacherSlot> },
): { lesson: LessonEvent[]; slots: SlotDecisions } => {
  const lesson = lessonDecider.decide(command, state.lesson);
  if (lesson.length === 0 || state.lesson.status === "none") return { lesson, slots: [] };
  return { lesson, slots: moveSlots(state.lesson.scheduled.id, slotsHeldBy(state.lesson), [], state.slots) };
};

/**
 * "Criar aula" by an administrator: the student's own scheduling (same rules, same credit), and with a
 * teacher chosen the lesson is accepted on that teacher's behalf at once, reserving their slots.
 * `slots` holds the chosen teacher's slots of the lesson's time.
 */
export const scheduleLessonByAdministrator = (
  command: ScheduleLesson,
  assign: Omit<AssignTeacher, "type" | "now"> | null,
  state: {
    lesson: Lesson;
    student: StudentAccount;
    slots: ReadonlyMap<string, TeacherSlot>;
    studentSlots: StudentSlot[];
  },
): { lesson: LessonEvent[]; student: StudentEvent[]; studentSlots: StudentSlotEvent[][]; slots: SlotDecisions } => {
  const scheduled = studentBusyAsAdministrator(() => scheduleLessonSpendingCredit(command, state));
  if (!assign || scheduled.lesson.length === 0) return { ...scheduled, slots: [] };
  const lesson = scheduled.lesson.reduce(lessonDecider.evolve, state.lesson);
  const accepted = lessonDecider.decide({ type: "AssignTeacher", ...assign, now: command.now }, lesson);
  const slots = asAdministrator(() =>
    moveSlots(command.id, [], slotsOfLesson(assign.teacher.id, command.date), state.slots),
  );
  return { ...scheduled, lesson: [...scheduled.lesson, ...accepted], slots };
};

/**
 * An administrator moves a lesson, gives it to a teacher, or both: the new time follows the scheduling
 * rules, a pending lesson given a teacher is accepted, a claimed one changes teacher, and the teachers'
 * slots follow (the old ones freed, the new ones reserved, refused when that teacher is busy then).
 * `slots` holds the state of the slots the lesson holds now and of those it would hold after.
 */
export const changeLesson = (
  change: { date: string | null; assign: Omit<AssignTeacher, "type" | "now"> | null; by: number; now: Date },
  state: {
    lesson: Lesson;
    slots: ReadonlyMap<string, TeacherSlot>;
    /** The student's half hours of the lesson's time now and of its new one. */
    studentSlots: ReadonlyMap<string, StudentSlot>;
  },
): { lesson: LessonEvent[]; slots: SlotDecisions; studentSlots: StudentSlotDecisions } => {
  const { by, now } = change;
  const moved =
    change.date === null ? [] : lessonDecider.decide({ type: "MoveLesson", date: change.date, by, now }, state.lesson);
  const afterMove = moved.reduce(lessonDecider.evolve, state.lesson);
  const assigned = change.assign
    ? lessonDecider.decide({ type: "AssignTeacher", ...change.assign, now }, afterMove)
    : [];
  const lesson = [...moved, ...assigned];
  if (lesson.length === 0 || state.lesson.status === "none") return { lesson, slots: [], studentSlots: [] };
  const lessonId = state.lesson.scheduled.id;
  const after = lesson.reduce(lessonDecider.evolve, state.lesson);
  const before = slotsHeldBy(state.lesson);
  const slots = asAdministrator(() => moveSlots(lessonId, before, slotsHeldBy(after), state.slots));
  const studentSlots =
    after.status === "none" || moved.length === 0
      ? []
      : studentBusyAsAdministrator(() =>
          moveStudentSlots(
            lessonId,
            after.scheduled.student.id,
            { from: state.lesson.status === "none" ? null : state.lesson.scheduled.date, to: after.scheduled.date },
            state.studentSlots,
          ),
        );
  return { lesson, slots, studentSlots };
};
