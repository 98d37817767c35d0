import { notFound } from "@el/domain";
import type { Objective } from "@el/domain/accounts/account";
import {
  type Lesson,
  type LessonEvent,
  lessonErrors,
  lessonStreams,
  type TeacherFeedbackInput,
} from "@el/domain/lessons/lesson";
import { cancellerRoleOf, mayCancelScheduling } from "@el/domain/lessons/lesson-access";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import {
  acceptLessonReservingSlots,
  cancelLessonRefunding,
  scheduleLessonSpendingCredit,
} from "@el/domain/lessons/lesson-decisions";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { studentSlotsOfLesson } from "@el/domain/lessons/student-slot";
import { slotsOfLesson } from "@el/domain/lessons/teacher-slot";
import { schedulingOfLesson } from "@el/projections/lessons/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import type { CurrentUser } from "../../plugins/auth";
import type { MeetingProvider } from "../../plugins/meetings";
import { lessonAppends, personOf, storedScheduling } from "../../shared/lesson-bookings";
import {
  type Caller,
  callerOf,
  contextOf,
  lessonState,
  slotState,
  studentSlotAppends,
  studentSlotState,
  studentState,
  teacherState,
  trailInCatalog,
} from "../../shared/lesson-streams";

// Shared with the bookings, requests and series features from backend/src/shared; named here too, where
// they were first.
export {
  type Caller,
  callerOf,
  contextOf,
  lessonState,
  slotState,
  storedScheduling,
  studentSlotAppends,
  studentSlotState,
  studentState,
  teacherState,
  trailInCatalog,
};

/**
 * The lesson loop's commands: each reads the states of the streams it touches, lets the pure decisions
 * of `domain/src/lessons` decide, and appends to all of them at once (see executeOnStates).
 */

const readLesson = async (app: FastifyInstance, lessonId: number) =>
  (await app.streamStates.read({ lesson: lessonState(lessonId) })).lesson.state;

export const scheduleLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { trailId: number; levelId: number | null; date: string; objective: Objective },
  commandId?: string,
): Promise<SchedulingView> => {
  const [lessonId, trail] = await Promise.all([app.nextId(), trailInCatalog(app, input.trailId)]);
  const studentSlots = studentSlotsOfLesson(user.id, input.date);
  let scheduling: SchedulingView | null = null;
  const { result: scheduled } = await executeOnStates(
    app,
    // The lesson's id was just drawn: its stream is new, there is nothing to read.
    {
      lesson: lessonState(lessonId, { fresh: true }),
      student: studentState(user.id),
      studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
    },
    ({ lesson, student, studentSlots: studentSlotStates }) => {
      const decision = scheduleLessonSpendingCredit(
        {
          type: "ScheduleLesson",
          id: lessonId,
          student: personOf(user, student),
          trail,
          levelId: input.levelId,
          date: input.date,
          objective: input.objective,
          now: app.clock.now(),
        },
        { lesson, student, studentSlots: studentSlotStates },
      );
      scheduling = schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, lesson));
      return { appends: lessonAppends({ lessonId, studentId: user.id, studentSlots }, decision), result: lessonId };
    },
    // Answered from the decision: the read models catch up before this process's next read.
    { ...contextOf(user, commandId), waitForReadModels: false },
  );
  // A retried request answers the lesson its first run created, not the one this run decided.
  return scheduled === lessonId && scheduling ? scheduling : storedScheduling(app, scheduled);
};

/** A teacher claims a pending lesson: one wins, the others are told it was already claimed. */
export const acceptLessonCommand = async (
  app: FastifyInstance,
  meetings: MeetingProvider,
  user: CurrentUser,
  lessonId: number,
): Promise<SchedulingView> => {
  const scheduled = await readLesson(app, lessonId);
  if (scheduled.status === "none") throw notFound(lessonErrors.notFound);
  const slots = slotsOfLesson(user.id, scheduled.scheduled.date);
  const meeting = await meetings.createMeeting({ id: lessonId, date: scheduled.scheduled.date });
  const { result: claimed } = await executeOnStates(
    app,
    { lesson: lessonState(lessonId), teacher: teacherState(user.id), slots: slots.map((slot) => slotState(slot)) },
    ({ lesson, teacher, slots: slotStates }) => {
      const decision = acceptLessonReservingSlots(
        { type: "AcceptLesson", teacher: personOf(user, teacher), meetUrl: meeting.meetUrl, now: app.clock.now() },
        { lesson, slots: slotStates },
      );
      return {
        appends: lessonAppends({ lessonId, slots }, decision),
        // The claim as it now stands: the one just decided, or the teacher's own earlier one.
        result: schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, lesson)),
      };
    },
    { ...contextOf(user), waitForReadModels: false },
  );
  if (!claimed) throw notFound(lessonErrors.notFound);
  return claimed;
};

/** A lesson's state, and whether its cancellation (if any) gave the credit back: what a repeat answers. */
const cancellableLessonState = foldOf(lessonStreams, {
  initialState: () => ({ lesson: lessonDecider.initialState(), refunded: false }),
  evolve: (state: { lesson: Lesson; refunded: boolean }, event: LessonEvent) => ({
    lesson: lessonDecider.evolve(state.lesson, event),
    refunded: event.type === "LessonCancelled" ? event.data.refunded : state.refunded,
  }),
});

/**
 * The student (with 24 h notice) or support cancels; another student finds no such lesson. The credit
 * comes back in the same append. Answers whether it came back as the cancellation recorded it: the one
 * just decided, or the earlier one when the lesson was already cancelled.
 */
export const cancelLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  lessonId: number,
): Promise<{ refunded: boolean }> => {
  const { lesson: current } = (await app.streamStates.read({ lesson: cancellableLessonState(lessonId) })).lesson.state;
  if (current.status === "none" || !mayCancelScheduling(user, current.scheduled)) throw notFound(lessonErrors.notFound);
  const studentId = current.scheduled.student.id;
  const slots = current.teacher ? slotsOfLesson(current.teacher.id, current.scheduled.date) : [];
  const studentSlots = studentSlotsOfLesson(studentId, current.scheduled.date);
  const { result } = await executeOnStates(
    app,
    {
      lesson: cancellableLessonState(lessonId),
      student: studentState(studentId),
      slots: slots.map((slot) => slotState(slot)),
      studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
    },
    ({ lesson, student, slots: slotStates, studentSlots: studentSlotStates }) => {
      const decision = cancelLessonRefunding(
        { type: "CancelLesson", by: user.id, role: cancellerRoleOf(user), now: app.clock.now() },
        { lesson: lesson.lesson, student, slots: slotStates, studentSlots: studentSlotStates },
      );
      const cancellation = decision.lesson.filter((event) => event.type === "LessonCancelled").at(-1);
      return {
        appends: lessonAppends({ lessonId, studentId, slots, studentSlots }, decision),
        result: { refunded: cancellation?.type === "LessonCancelled" ? cancellation.data.refunded : lesson.refunded },
      };
    },
    contextOf(user),
  );
  return result;
};

const decideOnLesson = async (
  app: FastifyInstance,
  user: CurrentUser,
  lessonId: number,
  command: (now: Date) => Parameters<typeof lessonDecider.decide>[0],
) =>
  executeOnStates(
    app,
    { lesson: lessonState(lessonId) },
    ({ lesson }) => ({
      appends: [
        { streamId: lessonStreams.id(lessonId), events: lessonDecider.decide(command(app.clock.now()), lesson) },
      ],
      result: null,
    }),
    contextOf(user),
  );

export const giveStudentFeedbackCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { lessonId: number; note: number | null; information: string },
) => {
  const feedbackId = await app.nextId();
  await decideOnLesson(app, user, input.lessonId, (now) => ({
    type: "GiveStudentFeedback",
    feedbackId,
    studentId: user.id,
    note: input.note,
    information: input.information,
    now,
  }));
  return feedbackId;
};

export const giveTeacherFeedbackCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: TeacherFeedbackInput & { lessonId: number; skipped: boolean },
) => {
  const feedbackId = await app.nextId();
  const { lessonId, ...feedback } = input;
  await decideOnLesson(app, user, lessonId, (now) => ({
    type: "GiveTeacherFeedback",
    feedbackId,
    teacherId: user.id,
    ...feedback,
    now,
  }));
  return feedbackId;
};
