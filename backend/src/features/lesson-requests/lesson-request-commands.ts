import { notFound } from "@el/domain";
import type { LessonRequestView, RequestFallback } from "@el/domain/directory/directory-contracts";
import { lessonErrors, lessonStreams } from "@el/domain/lessons/lesson";
import {
  acceptLessonRequest,
  evolveLessonRequest,
  initialLessonRequestState,
  type LapseLessonRequest,
  type LessonRequestState,
  lapseLessonRequest,
  requestedOf,
  requestLessonSpendingCredit,
} from "@el/domain/lessons/lesson-request-decisions";
import { studentSlotsOfLesson } from "@el/domain/lessons/student-slot";
import { slotsOfLesson } from "@el/domain/lessons/teacher-slot";
import { requestOfLesson } from "@el/projections/lesson-requests/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import type { CurrentUser } from "../../plugins/auth";
import { lessonAppends, objectiveOf, personOf } from "../../shared/lesson-bookings";
import {
  type Caller,
  contextOf,
  slotState,
  studentSlotState,
  studentState,
  teacherState,
  trailInCatalog,
} from "../../shared/lesson-streams";

/**
 * Requests of one teacher ("solicitada para você"): each command reads the streams it touches, lets
 * `lesson-request-decisions` decide, and appends to all of them at once. Each answers the request as the
 * lesson's own stream has it once stored, so a read model still catching up cannot answer a stale status.
 */

const requestState = foldOf(lessonStreams, { initialState: initialLessonRequestState, evolve: evolveLessonRequest });

const readRequest = async (app: FastifyInstance, lessonId: number) =>
  (await app.streamStates.read({ request: requestState(lessonId) })).request.state;

/** The request as stored; a lesson that is no request (or no longer one) is not found. */
const storedRequest = async (app: FastifyInstance, lessonId: number): Promise<LessonRequestView> => {
  const view = requestOfLesson(await readRequest(app, lessonId));
  if (!view) throw notFound(lessonErrors.notFound);
  return view;
};

const viewAfter = (state: LessonRequestState, events: Parameters<typeof evolveLessonRequest>[1][]) =>
  requestOfLesson(events.reduce(evolveLessonRequest, state));

/** A student requests a teacher at a time outside the teacher's free slots, spending the credit now. */
export const requestLessonCommand = async (
  app: FastifyInstance,
  user: Caller,
  input: { teacherId: number; start: string; trailId: number; fallback: RequestFallback },
  commandId?: string,
): Promise<LessonRequestView> => {
  const [lessonId, trail] = await Promise.all([app.nextId(), trailInCatalog(app, input.trailId)]);
  const studentSlots = studentSlotsOfLesson(user.id, input.start);
  let view: LessonRequestView | null = null;
  const { result: requested } = await executeOnStates(
    app,
    {
      // The lesson's id was just drawn: its stream is new, there is nothing to read.
      request: requestState(lessonId, { fresh: true }),
      student: studentState(user.id),
      studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
      teacher: teacherState(input.teacherId),
    },
    (state) => {
      const decision = requestLessonSpendingCredit(
        {
          type: "ScheduleLesson",
          id: lessonId,
          student: personOf(user, state.student),
          trail,
          levelId: null,
          date: input.start,
          objective: objectiveOf(state.student),
          now: app.clock.now(),
          // The teacher's names as their account has them now; the decision refuses one who does not teach.
          teacher: personOf({ id: input.teacherId }, state.teacher),
          fallback: input.fallback,
        },
        { ...state, lesson: state.request.lesson },
      );
      view = viewAfter(state.request, decision.lesson);
      return { appends: lessonAppends({ lessonId, studentId: user.id, studentSlots }, decision), result: lessonId };
    },
    // Answered from the decision: the read models catch up before this process's next read.
    { ...contextOf(user, commandId), waitForReadModels: false },
  );
  // A retried request answers the lesson its first run created, not the one this run decided.
  return requested === lessonId && view ? view : storedRequest(app, requested);
};

/** The lesson of a request made of `teacher`; anyone else (and any other lesson) is not found. */
const requestOf = async (app: FastifyInstance, teacher: CurrentUser, lessonId: number) => {
  const state = await readRequest(app, lessonId);
  if (state.lesson.status === "none" || !requestedOf(state.lesson, teacher.id)) throw notFound(lessonErrors.notFound);
  return state.lesson;
};

/** The teacher asked accepts: the claim's rules and the video link a claim makes. */
export const acceptLessonRequestCommand = async (
  app: FastifyInstance,
  user: Caller,
  lessonId: number,
): Promise<LessonRequestView> => {
  const lesson = await requestOf(app, user, lessonId);
  const slots = slotsOfLesson(user.id, lesson.scheduled.date);
  const meeting = await app.meetings.createMeeting({ id: lessonId, date: lesson.scheduled.date });
  const { result } = await executeOnStates(
    app,
    { request: requestState(lessonId), teacher: teacherState(user.id), slots: slots.map((slot) => slotState(slot)) },
    ({ request, teacher, slots: slotStates }) => {
      const decision = acceptLessonRequest(
        {
          type: "AcceptLesson",
          teacher: personOf({ id: user.id }, teacher),
          meetUrl: meeting.meetUrl,
          now: app.clock.now(),
        },
        { request, slots: slotStates },
      );
      return { appends: lessonAppends({ lessonId, slots }, decision), result: viewAfter(request, decision.lesson) };
    },
    { ...contextOf(user), waitForReadModels: false },
  );
  if (!result) throw notFound(lessonErrors.notFound);
  return result;
};

/**
 * The request lapses (declined by the teacher asked, or expired): to the board, or cancelled with the credit
 * back and the student's half hours free, in one append. Answers the request as it then stands.
 */
const lapseCommand = async (
  app: FastifyInstance,
  lesson: Exclude<LessonRequestState["lesson"], { status: "none" }>,
  command: (now: Date) => LapseLessonRequest,
  context: ReturnType<typeof contextOf> | Record<string, never>,
) => {
  const lessonId = lesson.scheduled.id;
  const studentId = lesson.scheduled.student.id;
  const studentSlots = studentSlotsOfLesson(studentId, lesson.scheduled.date);
  const { result } = await executeOnStates(
    app,
    {
      request: requestState(lessonId),
      student: studentState(studentId),
      studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
    },
    (state) => {
      const decision = lapseLessonRequest(command(app.clock.now()), state);
      return {
        appends: lessonAppends({ lessonId, studentId, studentSlots }, decision),
        result: { view: viewAfter(state.request, decision.lesson), lapsed: decision.lesson.length > 0 },
      };
    },
    { ...context, waitForReadModels: false },
  );
  return result;
};

export const declineLessonRequestCommand = async (
  app: FastifyInstance,
  user: Caller,
  lessonId: number,
): Promise<LessonRequestView> => {
  const lesson = await requestOf(app, user, lessonId);
  const { view } = await lapseCommand(
    app,
    lesson,
    (now) => ({ reason: "DECLINED", teacherId: user.id, now }),
    contextOf(user),
  );
  if (!view) throw notFound(lessonErrors.notFound);
  return view;
};

/**
 * The sweep's step for one request whose time is over: lapses it unless it was answered (or cancelled)
 * meanwhile. Answers whether it lapsed now: false when there was nothing to do or another process was first.
 */
export const expireLessonRequest = async (app: FastifyInstance, lessonId: number): Promise<boolean> => {
  const { lesson } = await readRequest(app, lessonId);
  if (lesson.status !== "pending" || !lesson.request) return false;
  const { lapsed } = await lapseCommand(app, lesson, (now) => ({ reason: "EXPIRED", now }), {});
  return lapsed;
};
