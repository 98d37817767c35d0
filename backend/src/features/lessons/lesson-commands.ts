import type { RecordedEvent } from "@el/domain";
import { notFound, stateFrom } from "@el/domain";
import type { Objective } from "@el/domain/accounts/account";
import { type StudentEvent, studentAccountDecider, studentStreamId } from "@el/domain/accounts/student-account";
import {
  type Lesson,
  type LessonEvent,
  lessonDecider,
  lessonErrors,
  lessonStreamId,
  type PersonSnapshot,
  type TeacherFeedbackInput,
  type TrailInCatalog,
} from "@el/domain/lessons/lesson";
import { cancellerRoleOf } from "@el/domain/lessons/lesson-access";
import { acceptLesson, cancelLesson, scheduleLesson } from "@el/domain/lessons/lesson-decisions";
import { type TeacherSlotEvent, teacherSlotDecider, teacherSlotStreamIds } from "@el/domain/lessons/teacher-slot";
import { type SchedulingView, schedulingOfLesson } from "@el/projections/lessons/index";
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
const lessonOf = (histories: Histories, id: number) =>
  stateFrom(lessonDecider, (histories[lessonStreamId(id)] ?? []) as unknown as LessonEvent[]);
const studentOf = (histories: Histories, id: number) =>
  stateFrom(studentAccountDecider, (histories[studentStreamId(id)] ?? []) as unknown as StudentEvent[]);
const slotsOf = (histories: Histories, streamIds: string[]) =>
  streamIds.map((streamId) =>
    stateFrom(teacherSlotDecider, (histories[streamId] ?? []) as unknown as TeacherSlotEvent[]),
  );

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
const storedScheduling = async (app: FastifyInstance, id: number): Promise<SchedulingView> => {
  const scheduling = schedulingOfLesson(lessonOf(await app.eventStore.readStreams([lessonStreamId(id)]), id));
  if (!scheduling) throw notFound(lessonErrors.notFound);
  return scheduling;
};

export const scheduleLessonCommand = async (
  app: FastifyInstance,
  user: CurrentUser,
  input: { trailId: number; levelId: number | null; date: string; objective: Objective },
  commandId?: string,
): Promise<SchedulingView> => {
  const [id, student, trail] = await Promise.all([
    app.nextId(),
    personOf(app, user),
    trailInCatalog(app, input.trailId),
  ]);
  const streams = [studentStreamId(user.id), lessonStreamId(id)];
  // A retried request answers the lesson its first run created, not the id drawn for this run.
  const { result: scheduled } = await executeOnStreams(
    app,
    streams,
    (histories) => {
      const decision = scheduleLesson(
        {
          type: "ScheduleLesson",
          id,
          student,
          trail,
          levelId: input.levelId,
          date: input.date,
          objective: input.objective,
          now: new Date(),
        },
        { lesson: lessonOf(histories, id), student: studentOf(histories, user.id) },
      );
      return {
        appends: [
          { streamId: lessonStreamId(id), events: decision.lesson },
          { streamId: studentStreamId(user.id), events: decision.student },
        ],
        result: id,
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
  const scheduled = stateFrom(
    lessonDecider,
    (await app.eventStore.readStream(lessonStreamId(lessonId))) as unknown as LessonEvent[],
  );
  if (scheduled.status === "none") throw notFound(lessonErrors.notFound);
  const slotStreams = teacherSlotStreamIds(user.id, scheduled.scheduled.date);
  const [teacher, meeting] = await Promise.all([
    personOf(app, user),
    meetings.createMeeting({ id: lessonId, date: scheduled.scheduled.date }),
  ]);
  await executeOnStreams(
    app,
    [lessonStreamId(lessonId), ...slotStreams],
    (histories) => {
      const decision = acceptLesson(
        { type: "AcceptLesson", teacher, meetUrl: meeting.meetUrl, now: new Date() },
        { lesson: lessonOf(histories, lessonId), slots: slotsOf(histories, slotStreams) },
      );
      return {
        appends: [
          { streamId: lessonStreamId(lessonId), events: decision.lesson },
          ...decision.slots.map((events, index) => ({ streamId: slotStreams[index] as string, events })),
        ],
        result: null,
      };
    },
    contextOf(user),
  );
  return storedScheduling(app, lessonId);
};

/** The student (with 24 h notice) or support cancels; the credit comes back in the same append. */
export const cancelLessonCommand = async (app: FastifyInstance, user: CurrentUser, lessonId: number) => {
  const current: Lesson = stateFrom(
    lessonDecider,
    (await app.eventStore.readStream(lessonStreamId(lessonId))) as unknown as LessonEvent[],
  );
  if (current.status === "none") throw notFound(lessonErrors.notFound);
  const studentId = current.scheduled.student.id;
  const slotStreams = current.teacher ? teacherSlotStreamIds(current.teacher.id, current.scheduled.date) : [];
  await executeOnStreams(
    app,
    [lessonStreamId(lessonId), studentStreamId(studentId), ...slotStreams],
    (histories) => {
      const decision = cancelLesson(
        { type: "CancelLesson", by: user.id, role: cancellerRoleOf(user), now: new Date() },
        {
          lesson: lessonOf(histories, lessonId),
          student: studentOf(histories, studentId),
          slots: slotsOf(histories, slotStreams),
        },
      );
      return {
        appends: [
          { streamId: lessonStreamId(lessonId), events: decision.lesson },
          { streamId: studentStreamId(studentId), events: decision.student },
          ...decision.slots.map((events, index) => ({ streamId: slotStreams[index] as string, events })),
        ],
        result: null,
      };
    },
    contextOf(user),
  );
};

const decideOnLesson = async (
  app: FastifyInstance,
  user: CurrentUser,
  lessonId: number,
  command: (now: Date) => Parameters<typeof lessonDecider.decide>[0],
) =>
  executeOnStreams(
    app,
    [lessonStreamId(lessonId)],
    (histories) => ({
      appends: [
        {
          streamId: lessonStreamId(lessonId),
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
