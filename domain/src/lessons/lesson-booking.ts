import type { Objective } from "../accounts/account";
import type { StudentAccount, StudentEvent } from "../accounts/student-account";
import type { TeacherAccount } from "../accounts/teacher-account";
import {
  availabilityErrors,
  BOOKING_NOTICE_MS,
  isInsideAvailability,
  type TeacherAvailability,
} from "../directory/availability";
import type { Command } from "../shared/command";
import { conflict, DomainError, invalid, notFound } from "../shared/errors";
import {
  checkLessonTime,
  type Lesson,
  type LessonEvent,
  lessonErrors,
  type PersonSnapshot,
  type TrailInCatalog,
} from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { acceptLessonReservingSlots, scheduleLessonSpendingCredit } from "./lesson-decisions";
import type { StudentSlot, StudentSlotEvent } from "./student-slot";
import { slotsOfLesson, type TeacherSlot, type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

/**
 * A student books a teacher they chose in that teacher's free slots: the lesson is scheduled with the
 * credit spent and accepted with the teacher at once, in one decision over every stream it touches.
 */

/** The student books `teacherId` at `date`; `meetUrl` is the video link made for the lesson beforehand. */
export type BookLessonWithTeacher = Command<
  "BookLessonWithTeacher",
  {
    id: number;
    student: PersonSnapshot;
    teacherId: number;
    trail: TrailInCatalog | null;
    date: string;
    objective: Objective;
    meetUrl: string;
    /** The weekly series the lesson belongs to, when a series books it. */
    seriesId?: number;
    now: Date;
  }
>;

export interface BookingState {
  lesson: Lesson;
  student: StudentAccount;
  /** The student's half hours of the lesson, as `studentSlotsOfLesson` lists them. */
  studentSlots: StudentSlot[];
  teacher: TeacherAccount;
  availability: TeacherAvailability;
  /** The teacher's half hours of the lesson, as `slotsOfLesson` lists them. */
  slots: TeacherSlot[];
}

export interface BookingDecision {
  lesson: LessonEvent[];
  student: StudentEvent[];
  studentSlots: StudentSlotEvent[][];
  slots: TeacherSlotEvent[][];
}

const free = teacherSlotDecider.initialState();
const nothing: BookingDecision = { lesson: [], student: [], studentSlots: [], slots: [] };

/** The teacher as the lesson keeps them: only an active teacher may be booked; anyone else is not found. */
export const bookableTeacher = (teacherId: number, teacher: TeacherAccount): PersonSnapshot => {
  if (teacher.status !== "active") throw notFound(lessonErrors.teacherNotFound);
  const { firstName, lastName } = teacher.account.profile;
  return { id: teacherId, firstName: firstName ?? "", lastName };
};

/** The start lies in the teacher's availability, with the notice a teacher needs to see the booking. */
export const checkBookableStart = (availability: TeacherAvailability, date: string, now: Date) => {
  if (!isInsideAvailability(availability, date)) throw invalid(availabilityErrors.notAvailable, "start");
  if (Date.parse(date) - now.getTime() < BOOKING_NOTICE_MS) throw invalid(availabilityErrors.notice, "start");
};

/** A booking's body names the lesson's start `start` and its trail `trailId`: a refusal points at those. */
const bookingFields: Record<string, string> = { date: "start", trail: "trailId" };
const onBookingFields = <Result>(decide: () => Result): Result => {
  try {
    return decide();
  } catch (error) {
    const field = error instanceof DomainError && error.field ? bookingFields[error.field] : undefined;
    if (error instanceof DomainError && field) throw new DomainError(error.code, error.messageKey, field, error.params);
    throw error;
  }
};

/** The slot rule speaks to a teacher claiming for themselves; the student is told it is the teacher who is busy. */
const teacherTaken = <Result>(decide: () => Result): Result => {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError && error.messageKey === lessonErrors.teacherBusy)
      throw conflict(lessonErrors.teacherBusyOther);
    throw error;
  }
};

/**
 * The teacher first (active), then the lesson's time rules and the teacher's availability and notice,
 * then the scheduling's own rules (trail, the student's half hours, the credit), then the teacher's half
 * hours: a slot taken meanwhile refuses the whole booking, so the credit is not spent.
 */
export const bookLessonWithTeacher = (command: BookLessonWithTeacher, state: BookingState): BookingDecision =>
  onBookingFields(() => decideBooking(command, state));

const decideBooking = (command: BookLessonWithTeacher, state: BookingState): BookingDecision => {
  // The id is drawn before deciding: a lesson already there is this booking decided before.
  if (state.lesson.status !== "none") return nothing;
  const teacher = bookableTeacher(command.teacherId, state.teacher);
  if (!command.trail) throw invalid(lessonErrors.trailNotFound, "trailId");
  checkLessonTime(command.date, command.now);
  checkBookableStart(state.availability, command.date, command.now);
  const { id, student, trail, date, objective, now, seriesId } = command;
  const scheduled = scheduleLessonSpendingCredit(
    {
      type: "ScheduleLesson",
      id,
      student,
      trail,
      levelId: null,
      date,
      objective,
      now,
      chosenTeacher: { teacher, how: "BOOKED", ...(seriesId === undefined ? {} : { seriesId }) },
    },
    state,
  );
  const pending = scheduled.lesson.reduce(lessonDecider.evolve, state.lesson);
  const accepted = teacherTaken(() =>
    acceptLessonReservingSlots(
      { type: "AcceptLesson", teacher, meetUrl: command.meetUrl, now },
      // Always both half hours, so a caller that read none still has them reserved.
      { lesson: pending, slots: slotsOfLesson(teacher.id, date).map((_, i) => state.slots[i] ?? free) },
    ),
  );
  return { ...scheduled, lesson: [...scheduled.lesson, ...accepted.lesson], slots: accepted.slots };
};
