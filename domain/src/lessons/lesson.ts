import { z } from "zod";
import { Objective } from "../accounts/account";
import type { Command } from "../shared/command";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { wallClockOf } from "./sao-paulo-time";

/**
 * One lesson (stream `lesson-{id}`): scheduled by a student with a credit, claimed by one teacher who
 * gets a video link, held, rated by both sides, paid to the teacher. The scheduling and its lesson share
 * the id, so `/api/schedulings/{id}` and `/api/lessons/{id}` name the same thing.
 */

export const LESSON_DURATION_MS = 60 * 60 * 1000;
/** A student may cancel (and get the credit back) only this long before the lesson. */
export const CANCELLATION_NOTICE_MS = 24 * 60 * 60 * 1000;
/** Spec section 9: PAYMENT_VALUE, what a teacher earns per lesson, in centavos. */
export const TEACHER_PAYMENT_CENTS = 25_00;
/** Spec section 9: PURCHASE_VALUE, shown as the remuneration per lesson, in centavos. */
export const LESSON_REMUNERATION_CENTS = 40_00;
export const FIRST_HOUR = 7;
export const LAST_HOUR = 22;

/**
 * Why a rule says no, as i18n keys the web app translates (`error.lesson.*`, with the spec's own
 * Portuguese where it has one): a sentence would reach an English reader in Portuguese.
 */
export const lessonErrors = {
  required: "error.lesson.required",
  halfHours: "error.lesson.halfHours",
  hours: "error.lesson.hours",
  past: "error.lesson.past",
  trailNotFound: "error.lesson.trailNotFound",
  trailOfOtherLevel: "error.lesson.trailOfOtherLevel",
  levelInactive: "error.lesson.levelInactive",
  notFound: "error.lesson.notFound",
  alreadyClaimed: "error.lesson.alreadyClaimed",
  cancelled: "error.lesson.cancelled",
  alreadyStarted: "error.lesson.alreadyStarted",
  teacherBusy: "error.lesson.teacherBusy",
  studentBusy: "error.lesson.studentBusy",
  studentBusyOther: "error.lesson.studentBusyOther",
  notYours: "error.lesson.notYours",
  cancellationPolicy: "error.lesson.cancellationPolicy",
  notHeldYet: "error.lesson.notHeldYet",
  notAccepted: "error.lesson.notAccepted",
  feedbackGiven: "error.lesson.feedbackGiven",
  chooseOption: "error.lesson.chooseOption",
  rateMaterial: "error.lesson.rateMaterial",
  note: "error.lesson.note",
  notPaid: "error.lesson.notPaid",
  paymentNotFound: "error.lesson.paymentNotFound",
  reportedNotHeld: "error.lesson.reportedNotHeld",
  notTheTeacher: "error.lesson.notTheTeacher",
  teacherNotFound: "error.lesson.teacherNotFound",
  studentNotFound: "error.lesson.studentNotFound",
  startedNoChange: "error.lesson.startedNoChange",
  teacherBusyOther: "error.lesson.teacherBusyOther",
  feedbackNotFound: "error.lesson.feedbackNotFound",
} as const;

const instant = z.iso.datetime({ offset: true });
const text = z.string().max(4000);

export const TrailSnapshot = z.object({ id: z.number().int(), number: z.number().int(), title: z.string() });
export type TrailSnapshot = z.infer<typeof TrailSnapshot>;
export const PersonSnapshot = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
});
export type PersonSnapshot = z.infer<typeof PersonSnapshot>;
export const LevelSnapshot = z.object({ id: z.number().int(), name: z.string() });
export type LevelSnapshot = z.infer<typeof LevelSnapshot>;

/**
 * Names are copied into the events as they were when the lesson was scheduled or claimed, so every
 * screen and push shows them without joining other read models.
 */
export const LessonScheduled = z.object({
  id: z.number().int().positive(),
  student: PersonSnapshot,
  trail: TrailSnapshot,
  level: LevelSnapshot,
  date: instant,
  objective: Objective,
  createdDate: instant,
  /**
   * The student chose the teacher: "BOOKED" in the teacher's free slots (a `LessonAccepted` follows in the
   * same append), "REQUESTED" outside them (offered to that teacher alone until `expiresAt`, then
   * `fallback`). A lesson of a weekly series names it. Absent: an open lesson for the board, as always.
   */
  chosenTeacher: z
    .object({
      teacher: PersonSnapshot,
      how: z.enum(["BOOKED", "REQUESTED"]),
      seriesId: z.number().int().optional(),
      expiresAt: instant.optional(),
      fallback: z.enum(["BOARD", "CANCEL"]).optional(),
    })
    .optional(),
});
export type LessonScheduled = z.infer<typeof LessonScheduled>;

export const TeacherFeedbackStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const lessonEventSchemas = {
  LessonScheduled,
  LessonAccepted: z.object({
    teacher: PersonSnapshot,
    meetUrl: z.url(),
    acceptedAt: instant,
    /** The administrator who gave the lesson to this teacher, absent when the teacher claimed it. */
    assignedBy: z.number().int().optional(),
  }),
  /** An administrator moved the lesson to another start (same rules as scheduling it). */
  LessonMoved: z.object({ from: instant, date: instant, by: z.number().int(), at: instant }),
  /** An administrator gave a claimed lesson to another teacher, with a video link of theirs. */
  LessonTeacherChanged: z.object({
    from: PersonSnapshot,
    teacher: PersonSnapshot,
    meetUrl: z.url(),
    by: z.number().int(),
    at: instant,
  }),
  /** An administrator took a claimed lesson back from its teacher: it waits for a teacher again. */
  /**
   * The lesson waits for a teacher again: an administrator took it back ("ADMIN", the default), or its
   * teacher took the day off ("DAY_OFF", `by` the teacher or an administrator): then its student may also
   * cancel it with the credit back at any time.
   */
  LessonTeacherUnassigned: z.object({
    from: PersonSnapshot,
    by: z.number().int(),
    at: instant,
    reason: z.enum(["ADMIN", "DAY_OFF"]).optional(),
  }),
  /**
   * The teacher asked did not take a requested lesson: declined it, or let it expire. With fallback
   * "BOARD" it is an open lesson from now on; with "CANCEL" a `LessonCancelled` (credit back) follows.
   */
  LessonRequestLapsed: z.object({
    teacher: PersonSnapshot,
    reason: z.enum(["DECLINED", "EXPIRED"]),
    fallback: z.enum(["BOARD", "CANCEL"]),
    at: instant,
  }),
  /**
   * `role` "erasure": the student's personal data was erased (LGPD) before the lesson took place; `by` is
   * the student, and the credit is not given back (the account is gone).
   */
  LessonCancelled: z.object({
    by: z.number().int(),
    role: z.enum(["student", "admin", "erasure"]),
    refunded: z.boolean(),
    at: instant,
  }),
  StudentFeedbackGiven: z.object({
    feedbackId: z.number().int(),
    studentId: z.number().int(),
    /** null when the student skipped the rating. */
    note: z.number().int().min(0).max(5).nullable(),
    information: text,
    givenAt: instant,
  }),
  TeacherFeedbackGiven: z.object({
    feedbackId: z.number().int(),
    teacherId: z.number().int(),
    /** The teacher closed the prompt: an empty report, so the prompt does not come back. */
    skipped: z.boolean(),
    /** 1 held fully, 2 partly held, 3 not held. */
    status: TeacherFeedbackStatus.nullable(),
    note: z.number().int().min(1).max(5).nullable(),
    information: text,
    sugestions: text,
    productSugestions: text,
    studentInformation: text,
    partialyHeld: text.nullable(),
    givenAt: instant,
  }),
  /** The teacher was paid PAYMENT_VALUE for the lesson (`by`: the administrator's login). */
  LessonPaid: z.object({
    paymentId: z.number().int(),
    valueCents: z.number().int(),
    teacherId: z.number().int(),
    by: z.string(),
    at: instant,
  }),
  /** The payment was undone: the lesson is owed to its teacher again. */
  LessonPaymentCancelled: z.object({ paymentId: z.number().int(), by: z.string(), at: instant }),
  /** An administrator corrected the student's rating or comment (`by`: the administrator's login). */
  StudentFeedbackRevised: z.object({
    feedbackId: z.number().int(),
    note: z.number().int().min(0).max(5).nullable(),
    information: text,
    by: z.string(),
    at: instant,
  }),
  /** An administrator removed the student's feedback: the lesson is without one again. */
  StudentFeedbackDeleted: z.object({ feedbackId: z.number().int(), by: z.string(), at: instant }),
  /** An administrator corrected the teacher's report. */
  TeacherFeedbackRevised: z.object({
    feedbackId: z.number().int(),
    status: TeacherFeedbackStatus,
    note: z.number().int().min(1).max(5).nullable(),
    information: text,
    sugestions: text,
    productSugestions: text,
    studentInformation: text,
    partialyHeld: text.nullable(),
    by: z.string(),
    at: instant,
  }),
  /** An administrator removed the teacher's report: the lesson is without one again. */
  TeacherFeedbackDeleted: z.object({ feedbackId: z.number().int(), by: z.string(), at: instant }),
  /** The teacher's Google Calendar made the lesson's event: its Google Meet link replaces the Jitsi one. */
  LessonVideoLinkChanged: z.object({ meetUrl: z.url(), teacherId: z.number().int(), at: instant }),
};

export type LessonEvent = EventOf<typeof lessonEventSchemas>;
export type LessonEventData<Type extends LessonEvent["type"]> = Extract<LessonEvent, { type: Type }>["data"];

/** `lesson-{id}`: the id is the scheduling's, the lesson's and its stream's, one number under every name. */
export const lessonStreams = streamKind("lesson", lessonEventSchemas, numericKey);

export const lessonEventDefinitions = Object.entries(lessonEventSchemas).map(([type, schema]) => ({ type, schema }));

/** The trail the student chose, as the catalog knows it now (null when it does not exist). */
export interface TrailInCatalog extends TrailSnapshot {
  level: { id: number; name: string; active: boolean };
}

export interface TeacherFeedbackInput {
  status: number | null;
  note: number | null;
  information: string;
  sugestions: string;
  productSugestions: string;
  studentInformation: string;
  partialyHeld: string | null;
}

export type ScheduleLesson = Command<
  "ScheduleLesson",
  {
    id: number;
    student: PersonSnapshot;
    trail: TrailInCatalog | null;
    /** The level the student picked first, when the form sends it. */
    levelId: number | null;
    date: string;
    objective: Objective;
    now: Date;
    /** The teacher the student chose (a booking, a request, a series' lesson); absent for the open board. */
    chosenTeacher?: LessonScheduled["chosenTeacher"];
  }
>;
export type AcceptLesson = Command<"AcceptLesson", { teacher: PersonSnapshot; meetUrl: string; now: Date }>;
/** An administrator gives the lesson to a teacher: a pending one is accepted, a claimed one changes teacher. */
export type AssignTeacher = Command<
  "AssignTeacher",
  { teacher: PersonSnapshot; meetUrl: string; by: number; now: Date }
>;
/** An administrator takes the lesson back from its teacher: it is pending again, for any teacher to claim. */
export type UnassignTeacher = Command<"UnassignTeacher", { by: number; now: Date }>;
export type MoveLesson = Command<"MoveLesson", { date: string; by: number; now: Date }>;
export type CancelLesson = Command<"CancelLesson", { by: number; role: "student" | "admin" | "erasure"; now: Date }>;
export type GiveStudentFeedback = Command<
  "GiveStudentFeedback",
  { feedbackId: number; studentId: number; note: number | null; information: string; now: Date }
>;
export type GiveTeacherFeedback = Command<
  "GiveTeacherFeedback",
  { feedbackId: number; teacherId: number; skipped: boolean; now: Date } & TeacherFeedbackInput
>;
export type PayLesson = Command<
  "PayLesson",
  {
    paymentId: number;
    /** The teacher the administrator means to pay, when named: it must be the lesson's. */
    teacherId: number | null;
    by: string;
    now: Date;
  }
>;
export type CancelLessonPayment = Command<"CancelLessonPayment", { paymentId: number; by: string; now: Date }>;
export type ReviseStudentFeedback = Command<
  "ReviseStudentFeedback",
  { feedbackId: number; note: number | null; information: string; by: string; now: Date }
>;
export type ReviseTeacherFeedback = Command<
  "ReviseTeacherFeedback",
  { feedbackId: number; by: string; now: Date } & TeacherFeedbackInput
>;
export type DeleteFeedback = Command<
  "DeleteFeedback",
  { of: "student" | "teacher"; feedbackId: number; by: string; now: Date }
>;
/** The lesson's video link becomes the teacher's Google Meet one, while the lesson is still theirs. */
export type UseMeetingLink = Command<"UseMeetingLink", { teacherId: number; meetUrl: string; now: Date }>;

export type LessonCommand =
  | ScheduleLesson
  | AcceptLesson
  | AssignTeacher
  | UnassignTeacher
  | MoveLesson
  | CancelLesson
  | GiveStudentFeedback
  | GiveTeacherFeedback
  | PayLesson
  | CancelLessonPayment
  | ReviseStudentFeedback
  | ReviseTeacherFeedback
  | DeleteFeedback
  | UseMeetingLink;

interface LessonFacts {
  scheduled: LessonScheduled;
  teacher: PersonSnapshot | null;
  meetUrl: string | null;
  studentFeedbackId: number | null;
  teacherFeedbackId: number | null;
  /** The teacher's report said the lesson did not take place (status 3): nothing is owed for it. */
  reportedNotHeld: boolean;
  /** What the teacher was paid for it, null while pending. */
  payment: LessonPayment | null;
  /** Offered to one teacher alone until it expires (a request not yet answered), null otherwise. */
  request: { teacher: PersonSnapshot; expiresAt: string; fallback: "BOARD" | "CANCEL" } | null;
  /** Its teacher took the day off: the student may cancel it with the credit back at any time. */
  freedByTeacher: boolean;
}

export interface LessonPayment {
  id: number;
  valueCents: number;
  /** When it was recorded, an ISO instant. */
  at: string;
}

export type Lesson =
  | { status: "none" }
  | ({ status: "pending" | "cancelled" } & LessonFacts)
  | ({ status: "accepted" } & LessonFacts & { teacher: PersonSnapshot; meetUrl: string });

/** Start of the lesson in epoch milliseconds. */
export const startOf = (lesson: { date: string }) => Date.parse(lesson.date);
/** A lesson is over (and may be rated) one hour after it started. */
export const hasEnded = (lesson: { date: string }, now: Date) => now.getTime() >= startOf(lesson) + LESSON_DURATION_MS;

/** The spec's schedule-form rules on the instant chosen (section 5). */
export const checkLessonTime = (date: string, now: Date) => {
  const at = Date.parse(date);
  if (Number.isNaN(at)) throw invalid(lessonErrors.required, "date");
  const clock = wallClockOf(new Date(at));
  if ((clock.minute !== 0 && clock.minute !== 30) || clock.second !== 0 || at % 1000 !== 0)
    throw invalid(lessonErrors.halfHours, "date");
  if (clock.hour < FIRST_HOUR || clock.hour > LAST_HOUR || (clock.hour === LAST_HOUR && clock.minute > 0))
    throw invalid(lessonErrors.hours, "date");
  if (at <= now.getTime()) throw invalid(lessonErrors.past, "date");
};

export const checkNote = (note: number | null, min: number, message: string, field: string) => {
  if (note !== null && (!Number.isInteger(note) || note < min || note > 5)) throw invalid(message, field);
};

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim().length > 0;

export const checkTeacherFeedback = (input: TeacherFeedbackInput) => {
  if (input.status !== 1 && input.status !== 2 && input.status !== 3)
    throw invalid(lessonErrors.chooseOption, "status");
  if (input.note === null || input.note < 1) throw invalid(lessonErrors.rateMaterial, "note");
  checkNote(input.note, 1, lessonErrors.note, "note");
  if (input.status === 2 && !filled(input.partialyHeld)) throw invalid(lessonErrors.required, "partialyHeld");
  if (!filled(input.sugestions)) throw invalid(lessonErrors.required, "sugestions");
  if (!filled(input.productSugestions)) throw invalid(lessonErrors.required, "productSugestions");
  if (!filled(input.studentInformation)) throw invalid(lessonErrors.required, "studentInformation");
};

/** A lesson that was scheduled. */
export const existingLesson = (state: Lesson) => {
  if (state.status === "none") throw notFound(lessonErrors.notFound);
  return state;
};

/** A lesson an administrator may still move or give to a teacher: not cancelled and not started. */
export const changeableLesson = (state: Lesson, now: Date) => {
  const lesson = existingLesson(state);
  if (lesson.status !== "pending" && lesson.status !== "accepted") throw conflict(lessonErrors.cancelled);
  if (startOf(lesson.scheduled) <= now.getTime()) throw invalid(lessonErrors.startedNoChange);
  return lesson;
};

/** A lesson that took place: claimed by a teacher, not cancelled, and over. */
export const heldLesson = (state: Lesson, now: Date) => {
  const lesson = existingLesson(state);
  if (lesson.status === "cancelled") throw invalid(lessonErrors.cancelled);
  if (lesson.status !== "accepted") throw invalid(lessonErrors.notAccepted);
  if (!hasEnded(lesson.scheduled, now)) throw invalid(lessonErrors.notHeldYet);
  return lesson;
};

/**
 * A lesson its teacher is owed for: held (claimed, not cancelled, over) and not reported by the teacher
 * as one that did not take place. Cancelled lessons are never paid.
 */
export const payableLesson = (state: Lesson, now: Date) => {
  const lesson = heldLesson(state, now);
  if (lesson.reportedNotHeld) throw invalid(lessonErrors.reportedNotHeld);
  return lesson;
};

/** Whether `payableLesson` lets the lesson be paid: what paying a whole month pays and skips. */
export const isPayable = (state: Lesson, now: Date) =>
  state.status === "accepted" && hasEnded(state.scheduled, now) && !state.reportedNotHeld;
