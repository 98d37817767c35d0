import type { RecordedEvent } from "@el/domain";
import { notFound, stateFrom } from "@el/domain";
import type { Objective } from "@el/domain/accounts/account";
import { studentAccountDecider, studentStreams } from "@el/domain/accounts/student-account";
import {
  type Lesson,
  lessonDecider,
  lessonErrors,
  lessonStreams,
  type PersonSnapshot,
  type TeacherFeedbackInput,
  type TrailInCatalog,
} from "@el/domain/lessons/lesson";
import { cancellerRoleOf } from "@el/domain/lessons/lesson-access";
import { acceptLesson, cancelLesson, scheduleLesson } from "@el/domain/lessons/lesson-decisions";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import {
  slotsOfLesson,
  type TeacherSlotEvent,
  type TeacherSlotKey,
  teacherSlotDecider,
  teacherSlotStreams,
} from "@el/domain/lessons/teacher-slot";
import { schedulingOfLesson } from "@el/projections/lessons/index";
import { findUserById } from "@el/projections/users/index";
import type { FastifyInstance } from "fastify";
import { executeOnStreams } from "../../commands/execute";
import type { CurrentUser } from "../../plugins/auth";
import type { MeetingProvider } from "../../plugins/meetings";

/**
 * The lesson loop's commands: each reads the streams it touches, lets the pure decisions of
 * `domain/src/lessons` decide, and appends to all of them at once (see executeOnStreams).
 */

type Histories = Record<string, RecordedEvent[]>;
const lessonOf = (histories: Histories, lessonId: number) =>
  stateFrom(lessonDecider, lessonStreams.history(histories, lessonId));
const studentOf = (histories: Histories, studentId: number) =>
  stateFrom(studentAccountDecider, studentStreams.history(histories, studentId));
const slotsOf = (histories: Histories, slots: TeacherSlotKey[]) =>
  slots.map((slot) => stateFrom(teacherSlotDecider, teacherSlotStreams.history(histories, slot)));
/** Each slot's events, appended to its own stream. */
const slotAppends = (slots: TeacherSlotKey[], events: TeacherSlotEvent[][]) =>
  slots.map((slot, index) => ({ streamId: teacherSlotStreams.id(slot), events: events[index] ?? [] }));

const readLesson = async (app: FastifyInstance, lessonId: number): Promise<Lesson> =>
  stateFrom(lessonDecider, lessonStreams.events(await app.eventStore.readStream(lessonStreams.id(lessonId))));

/** The names a lesson keeps of the people in it, as the `users` read model has them now. */
const personOf = async (app: FastifyInstance, user: CurrentUser): Promise<PersonSnapshot> => {
  const row = await findUserById(app.db, user.id);
  return { id: user.id, firstName: row?.firstName ?? user.firstName, lastName: row?.lastName ?? null };
};

/** The trail as the catalog read models have it, with its level. */
const trailInCatalog = async (app: FastifyInstance, trailId: number): Promise<TrailInCatalog | null> => {
  const { rows } = await app.db.query<{
    id: number;
    number: number;
    title: string;
    level_id: number;
    level_name: string;
    level_active: boolean;
  }>(
    `select t.id, t.number, t.title, l.id as level_id, l.name as level_name, l.active as level_active
     from catalog_trails t join catalog_levels l on l.id = t.level_id where t.id = $1`,
    [trailId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    level: { id: row.level_id, name: row.level_name, active: row.level_active },
  };
};

const contextOf = (user: CurrentUser, commandId?: string) => ({ userId: String(user.id), commandId });

/**
 * The scheduling as the lesson's own stream has it once a command on it is stored: what that command
 * answers, so a read model still catching up cannot turn a stored scheduling into a 404.
 */
const storedScheduling = async (app: FastifyInstance, lessonId: number): Promise<SchedulingView> => {
  const scheduling = schedulingOfLesson(await readLesson(app, lessonId));
  if (!scheduling) throw notFound(lessonErrors.notFound);
  return scheduling;
};

export const scheduleLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { trailId: number; levelId: number | null; date: string; objective: Objective },
  commandId?: string,
): Promise<SchedulingView> => {
  const [lessonId, student, trail] = await Promise.all([
    app.nextId(),
    personOf(app, user),
    trailInCatalog(app, input.trailId),
  ]);
  const streams = [studentStreams.id(user.id), lessonStreams.id(lessonId)];
  // A retried request answers the lesson its first run created, not the id drawn for this run.
  const { result: scheduled } = await executeOnStreams(
    app,
    streams,
    (histories) => {
      const decision = scheduleLesson(
        {
          type: "ScheduleLesson",
          id: lessonId,
          student,
          trail,
          levelId: input.levelId,
          date: input.date,
          objective: input.objective,
          now: new Date(),
        },
        { lesson: lessonOf(histories, lessonId), student: studentOf(histories, user.id) },
      );
      return {
        appends: [
          { streamId: lessonStreams.id(lessonId), events: decision.lesson },
          { streamId: studentStreams.id(user.id), events: decision.student },
        ],
        result: lessonId,
      };
    },
    contextOf(user, commandId),
  );
  return storedScheduling(app, scheduled);
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
  const [teacher, meeting] = await Promise.all([
    personOf(app, user),
    meetings.createMeeting({ id: lessonId, date: scheduled.scheduled.date }),
  ]);
  await executeOnStreams(
    app,
    [lessonStreams.id(lessonId), ...slots.map(teacherSlotStreams.id)],
    (histories) => {
      const decision = acceptLesson(
        { type: "AcceptLesson", teacher, meetUrl: meeting.meetUrl, now: new Date() },
        { lesson: lessonOf(histories, lessonId), slots: slotsOf(histories, slots) },
      );
      return {
        appends: [
          { streamId: lessonStreams.id(lessonId), events: decision.lesson },
          ...slotAppends(slots, decision.slots),
        ],
        result: null,
      };
    },
    contextOf(user),
  );
  return storedScheduling(app, lessonId);
};

/**
 * The student (with 24 h notice) or support cancels; the credit comes back in the same append. Answers
 * whether it came back as the cancellation recorded it: the one just decided, or the earlier one when
 * the lesson was already cancelled.
 */
export const cancelLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  lessonId: number,
): Promise<{ refunded: boolean }> => {
  const current = await readLesson(app, lessonId);
  if (current.status === "none") throw notFound(lessonErrors.notFound);
  const studentId = current.scheduled.student.id;
  const slots = current.teacher ? slotsOfLesson(current.teacher.id, current.scheduled.date) : [];
  const { result } = await executeOnStreams(
    app,
    [lessonStreams.id(lessonId), studentStreams.id(studentId), ...slots.map(teacherSlotStreams.id)],
    (histories) => {
      const decision = cancelLesson(
        { type: "CancelLesson", by: user.id, role: cancellerRoleOf(user), now: new Date() },
        {
          lesson: lessonOf(histories, lessonId),
          student: studentOf(histories, studentId),
          slots: slotsOf(histories, slots),
        },
      );
      const cancellation = [...lessonStreams.history(histories, lessonId), ...decision.lesson]
        .filter((event) => event.type === "LessonCancelled")
        .at(-1);
      return {
        appends: [
          { streamId: lessonStreams.id(lessonId), events: decision.lesson },
          { streamId: studentStreams.id(studentId), events: decision.student },
          ...slotAppends(slots, decision.slots),
        ],
        result: { refunded: cancellation?.type === "LessonCancelled" && cancellation.data.refunded },
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
  executeOnStreams(
    app,
    [lessonStreams.id(lessonId)],
    (histories) => ({
      appends: [
        {
          streamId: lessonStreams.id(lessonId),
          events: lessonDecider.decide(command(new Date()), lessonOf(histories, lessonId)),
        },
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
