import { notFound } from "@el/domain";
import type { Objective } from "@el/domain/accounts/account";
import { type StudentAccount, type StudentEvent, studentStreams } from "@el/domain/accounts/student-account";
import type { TeacherAccount } from "@el/domain/accounts/teacher-account";
import { availabilityDecider, availabilityStreams } from "@el/domain/directory/availability";
import { type LessonEvent, lessonErrors, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { type StudentSlotEvent, type StudentSlotKey, studentSlotsOfLesson } from "@el/domain/lessons/student-slot";
import {
  slotsOfLesson,
  type TeacherSlotEvent,
  type TeacherSlotKey,
  teacherSlotStreams,
} from "@el/domain/lessons/teacher-slot";
import { schedulingOfLesson } from "@el/projections/lessons/index";
import type { FastifyInstance } from "fastify";
import { foldOf } from "../commands/stream-states";
import {
  lessonState,
  slotState,
  studentSlotAppends,
  studentSlotState,
  studentState,
  teacherState,
  trailInCatalog,
} from "./lesson-streams";

/**
 * What the commands that schedule, book, request and cancel lessons do alike before and after their decision:
 * the names and objective a lesson keeps, a new lesson's id, trail and video link, the streams a booking reads,
 * and where a decision's events go.
 */

const availabilityState = foldOf(availabilityStreams, availabilityDecider);

/** Each of the teacher's slots' events, appended to its own stream. */
export const teacherSlotAppends = (slots: TeacherSlotKey[], events: TeacherSlotEvent[][]) =>
  slots.map((slot, index) => ({ streamId: teacherSlotStreams.id(slot), events: events[index] ?? [] }));

/**
 * The names a lesson keeps of a person, as their account has them in the state the command read; the
 * `firstName` given (the caller's, as signed in) when the account has none.
 */
export const personOf = (
  person: { id: number; firstName?: string },
  account: StudentAccount | TeacherAccount,
): PersonSnapshot => {
  const profile = account.status === "unregistered" ? undefined : account.account.profile;
  return {
    id: person.id,
    firstName: profile?.firstName ?? person.firstName ?? "",
    lastName: profile?.lastName ?? null,
  };
};

/** What a lesson is for: the objective asked, else the student's own, else "PROFESSIONAL". */
export const objectiveOf = (student: StudentAccount, asked?: Objective): Objective =>
  asked ?? (student.status === "unregistered" ? null : student.account.profile.objective) ?? "PROFESSIONAL";

/**
 * The scheduling as the lesson's own stream has it once a command on it is stored: what that command
 * answers, so a read model still catching up cannot turn a stored scheduling into a 404.
 */
export const storedScheduling = async (app: FastifyInstance, lessonId: number): Promise<SchedulingView> => {
  const { lesson } = await app.streamStates.read({ lesson: lessonState(lessonId) });
  const scheduling = schedulingOfLesson(lesson.state);
  if (!scheduling) throw notFound(lessonErrors.notFound);
  return scheduling;
};

/** A lesson booked with its teacher at once: its new id, its trail as the catalogue has it, and its video link. */
export const newBookedLesson = async (app: FastifyInstance, trailId: number, date: string) => {
  const [lessonId, trail] = await Promise.all([app.nextId(), trailInCatalog(app, trailId)]);
  const { meetUrl } = await app.meetings.createMeeting({ id: lessonId, date });
  return { lessonId, trail, meetUrl };
};

/** The streams a lesson command's decision goes to: the lesson, the student's account, both sides' half hours. */
export interface LessonTouches {
  lessonId: number;
  studentId?: number;
  slots?: TeacherSlotKey[];
  studentSlots?: StudentSlotKey[];
}

/** A lesson command's decision appended to the streams it touches, in one append. */
export const lessonAppends = (
  touches: LessonTouches,
  decision: {
    lesson: LessonEvent[];
    student?: StudentEvent[];
    slots?: TeacherSlotEvent[][];
    studentSlots?: StudentSlotEvent[][];
  },
) => [
  { streamId: lessonStreams.id(touches.lessonId), events: decision.lesson },
  ...(touches.studentId === undefined
    ? []
    : [{ streamId: studentStreams.id(touches.studentId), events: decision.student ?? [] }]),
  ...studentSlotAppends(touches.studentSlots ?? [], decision.studentSlots ?? []),
  ...teacherSlotAppends(touches.slots ?? [], decision.slots ?? []),
];

/** A lesson's half hours, the teacher's (when it has one) and the student's, and its student's account. */
export const lessonTouches = (lesson: {
  id: number;
  studentId: number;
  teacherId: number | null;
  date: string;
}): Required<LessonTouches> => ({
  lessonId: lesson.id,
  studentId: lesson.studentId,
  slots: lesson.teacherId === null ? [] : slotsOfLesson(lesson.teacherId, lesson.date),
  studentSlots: studentSlotsOfLesson(lesson.studentId, lesson.date),
});

/**
 * A lesson booked with a teacher: the streams its decision reads (the lesson's is new, its id just drawn;
 * the teacher's availability with the rest, so a change saved before the read is seen) and touches.
 */
export const bookingOf = (lesson: { id: number; studentId: number; teacherId: number; date: string }) => {
  const touches = lessonTouches(lesson);
  return {
    touches,
    streams: {
      lesson: lessonState(lesson.id, { fresh: true }),
      student: studentState(lesson.studentId),
      studentSlots: touches.studentSlots.map((slot) => studentSlotState(slot)),
      teacher: teacherState(lesson.teacherId),
      availability: availabilityState(lesson.teacherId),
      slots: touches.slots.map((slot) => slotState(slot)),
    },
  };
};
