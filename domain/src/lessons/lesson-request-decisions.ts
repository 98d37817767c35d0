import type { StudentAccount, StudentEvent } from "../accounts/student-account";
import type { TeacherAccount } from "../accounts/teacher-account";
import type { RequestFallback } from "../directory/directory-contracts";
import { conflict, invalid, notFound } from "../shared/errors";
import {
  type AcceptLesson,
  CANCELLATION_NOTICE_MS,
  checkLessonTime,
  type Lesson,
  type LessonEvent,
  type LessonEventData,
  lessonErrors,
  type PersonSnapshot,
  type ScheduleLesson,
} from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { acceptLessonReservingSlots, cancelLessonRefunding, scheduleLessonSpendingCredit } from "./lesson-decisions";
import type { StudentSlot, StudentSlotEvent } from "./student-slot";
import type { TeacherSlot } from "./teacher-slot";

/**
 * A lesson requested of one teacher outside their availability ("solicitada para você"): offered to that
 * teacher alone for up to 12 hours, and never later than 24 hours before it starts, so the student still
 * has a day to find another teacher; accepted, declined, or let expire, then on the open board or cancelled
 * with the credit back, as the student chose when asking.
 */

/** The longest a teacher has to answer a request. */
export const REQUEST_ANSWER_MS = 12 * 60 * 60 * 1000;

export const lessonRequestErrors = {
  /** Less than about 24 hours before the start: the student should book a free slot or use the open board. */
  tooSoon: "error.lessonRequest.tooSoon",
  /** The teacher's time to answer is over (the request went to its fallback, or is about to). */
  expired: "error.lessonRequest.expired",
  /** Answered already, the other way (a decline after accepting, an acceptance after declining). */
  answered: "error.lessonRequest.answered",
} as const;

/** When the teacher's time to answer a request made `now` for a lesson starting at `start` is over. */
export const requestExpiry = (start: string, now: Date): Date =>
  new Date(Math.min(now.getTime() + REQUEST_ANSWER_MS, Date.parse(start) - CANCELLATION_NOTICE_MS));

/** A lesson's state with how its request ended, when it lapsed: what the answers and the views read. */
export interface LessonRequestState {
  lesson: Lesson;
  lapse: LessonEventData<"LessonRequestLapsed"> | null;
}

export const initialLessonRequestState = (): LessonRequestState => ({
  lesson: lessonDecider.initialState(),
  lapse: null,
});

export const evolveLessonRequest = (state: LessonRequestState, event: LessonEvent): LessonRequestState => ({
  lesson: lessonDecider.evolve(state.lesson, event),
  lapse: event.type === "LessonRequestLapsed" ? event.data : state.lapse,
});

/** Whether the lesson was ever requested of this teacher: nobody else may see or answer its request. */
export const requestedOf = (lesson: Lesson, teacherId: number): boolean =>
  lesson.status !== "none" &&
  lesson.scheduled.chosenTeacher?.how === "REQUESTED" &&
  lesson.scheduled.chosenTeacher.teacher.id === teacherId;

export type RequestLesson = Omit<ScheduleLesson, "chosenTeacher"> & {
  teacher: PersonSnapshot;
  fallback: RequestFallback;
};

/**
 * Requesting is scheduling (same rules, same credit, the student's half hours) with the teacher chosen:
 * the teacher must teach (an active account), and the start far enough ahead for them to have time to answer.
 */
export const requestLessonSpendingCredit = (
  command: RequestLesson,
  state: { lesson: Lesson; student: StudentAccount; studentSlots: StudentSlot[]; teacher: TeacherAccount },
): { lesson: LessonEvent[]; student: StudentEvent[]; studentSlots: StudentSlotEvent[][] } => {
  if (state.teacher.status !== "active") throw notFound(lessonErrors.teacherNotFound);
  const { teacher, fallback, ...schedule } = command;
  // The id is drawn before deciding: a retry finds its lesson there and decides nothing again.
  if (state.lesson.status === "none") {
    checkLessonTime(command.date, command.now);
    if (requestExpiry(command.date, command.now).getTime() <= command.now.getTime())
      throw invalid(lessonRequestErrors.tooSoon, "start");
  }
  const expiresAt = requestExpiry(command.date, command.now).toISOString();
  return scheduleLessonSpendingCredit(
    { ...schedule, chosenTeacher: { teacher, how: "REQUESTED", expiresAt, fallback } },
    { lesson: state.lesson, student: state.student, studentSlots: state.studentSlots },
  );
};

/**
 * The teacher asked accepts while the request stands: the claim's rules and slots (their hour must be free).
 * Accepting again is answered with nothing new; after a decline or the expiry it is refused.
 */
export const acceptLessonRequest = (
  command: AcceptLesson,
  state: { request: LessonRequestState; slots: TeacherSlot[] },
): ReturnType<typeof acceptLessonReservingSlots> => {
  const { lesson, lapse } = state.request;
  if (!requestedOf(lesson, command.teacher.id)) throw notFound(lessonErrors.notFound);
  if (lesson.status === "accepted" && lesson.teacher.id === command.teacher.id) return { lesson: [], slots: [] };
  if (lapse?.reason === "EXPIRED") throw conflict(lessonRequestErrors.expired);
  if (lesson.status === "cancelled" && !lapse) throw conflict(lessonErrors.cancelled);
  if (lapse || lesson.status !== "pending" || !lesson.request) throw conflict(lessonRequestErrors.answered);
  if (Date.parse(lesson.request.expiresAt) <= command.now.getTime()) throw conflict(lessonRequestErrors.expired);
  return acceptLessonReservingSlots(command, { lesson, slots: state.slots });
};

export type LapseLessonRequest =
  | { reason: "DECLINED"; teacherId: number; now: Date }
  | { reason: "EXPIRED"; now: Date };

/**
 * The teacher declines, or the time to answer runs out: `LessonRequestLapsed`, and with the "CANCEL" fallback
 * the lesson is cancelled in the same append, the credit back and the student's half hours free. That
 * cancellation is the student's own choice, made when asking: it is decided as the student's, as of the
 * moment the request lapsed (a decline comes before the expiry, and the expiry is 24 hours before the start
 * at the latest), so the 24-hour rule gives the credit back even when the sweep finds it late.
 * Declining again answers nothing new; declining after accepting or after the expiry is refused; an expiry
 * not yet due, or of a request already answered, decides nothing.
 */
export const lapseLessonRequest = (
  command: LapseLessonRequest,
  state: { request: LessonRequestState; student: StudentAccount; studentSlots: StudentSlot[] },
): { lesson: LessonEvent[]; student: StudentEvent[]; studentSlots: StudentSlotEvent[][] } => {
  const nothing = { lesson: [], student: [], studentSlots: [] };
  const { lesson, lapse } = state.request;
  if (command.reason === "DECLINED" && !requestedOf(lesson, command.teacherId)) throw notFound(lessonErrors.notFound);
  if (lesson.status === "none" || !lesson.request || lesson.status !== "pending") {
    if (command.reason === "EXPIRED" || lapse?.reason === "DECLINED") return nothing;
    if (lapse?.reason === "EXPIRED") throw conflict(lessonRequestErrors.expired);
    throw conflict(lesson.status === "cancelled" ? lessonErrors.cancelled : lessonRequestErrors.answered);
  }
  const { teacher, expiresAt, fallback } = lesson.request;
  const due = Date.parse(expiresAt) <= command.now.getTime();
  if (command.reason === "EXPIRED" && !due) return nothing;
  if (command.reason === "DECLINED" && due) throw conflict(lessonRequestErrors.expired);
  const at = command.reason === "EXPIRED" ? new Date(expiresAt) : command.now;
  const lapsed: LessonEvent = {
    type: "LessonRequestLapsed",
    data: { teacher, reason: command.reason, fallback, at: at.toISOString() },
  };
  if (fallback === "BOARD") return { lesson: [lapsed], student: [], studentSlots: [] };
  const cancelled = cancelLessonRefunding(
    { type: "CancelLesson", by: lesson.scheduled.student.id, role: "student", now: at },
    {
      lesson: lessonDecider.evolve(lesson, lapsed),
      student: state.student,
      slots: [],
      studentSlots: state.studentSlots,
    },
  );
  return { lesson: [lapsed, ...cancelled.lesson], student: cancelled.student, studentSlots: cancelled.studentSlots };
};
