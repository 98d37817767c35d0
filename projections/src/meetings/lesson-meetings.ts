import { teacherStreams } from "@el/domain/accounts/teacher-account";
import { lessonStreams } from "@el/domain/lessons/lesson";
import {
  googleCalendarStreams,
  lessonMeetingStreams,
  MAX_MEETING_ATTEMPTS,
  MEETING_CLAIM_LEASE_MS,
  type MeetingAction,
  meetingRetryDelayMs,
} from "@el/domain/meetings/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `lesson_meetings`: the work list of the Google Calendar events of lessons, one row per lesson
 * and teacher. `action` is what is still to do with Google (`create` once a connected teacher has the lesson,
 * `move` to `move_to` once a lesson with an event is moved, `delete` once it is cancelled or given to another
 * teacher and an event was made), null when nothing is;
 * `next_attempt_at` and `claimed_until` say when a sweep may take it. `wanted` is whether the lesson is still
 * this teacher's and not cancelled, so an event made while the cancellation came in is deleted right after.
 * `google_calendar_connections` holds the teachers whose calendar is connected; a teacher whose account is
 * deleted or erased (LGPD) is no longer, so the backend forgets their Google token too.
 */
export const lessonMeetingsProjector: Projector = {
  name: "lesson-meetings",
  // The work list is the sweeper's, read on its schedule: lessons' commands do not wait for it. A
  // teacher's connection is read back at once, and the sweeper's own steps before its next one.
  awaitedOn: [
    "GoogleCalendarConnected",
    "GoogleCalendarDisconnected",
    "MeetingClaimed",
    "MeetingAttemptFailed",
    "MeetingAbandoned",
    "MeetingCreated",
    "MeetingDeleted",
    "MeetingMoved",
  ],
  handles: [
    "GoogleCalendarConnected",
    "GoogleCalendarDisconnected",
    "LessonAccepted",
    "LessonMoved",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonCancelled",
    "MeetingClaimed",
    "MeetingAttemptFailed",
    "MeetingAbandoned",
    "MeetingCreated",
    "MeetingDeleted",
    "MeetingMoved",
    "AccountDeleted",
    "PersonalDataErased",
  ],
  tables: ["lesson_meetings", "google_calendar_connections"],
  migrate: readModelMigrations("lesson-meetings", [
    {
      name: "001-lesson-meetings",
      sql: `
      create table if not exists google_calendar_connections (
        teacher_id bigint primary key,
        connected_at timestamptz not null
      );
      create table if not exists lesson_meetings (
        lesson_id bigint not null,
        teacher_id bigint not null,
        wanted boolean not null,
        action text,
        next_attempt_at timestamptz not null,
        claimed_until timestamptz,
        failures int not null default 0,
        calendar_event_id text,
        deleted boolean not null default false,
        primary key (lesson_id, teacher_id)
      );
      alter table lesson_meetings add column if not exists move_to timestamptz;
      alter table lesson_meetings drop constraint if exists lesson_meetings_action_check;
      alter table lesson_meetings add constraint lesson_meetings_action_check
        check (action in ('create', 'move', 'delete'));
      create index if not exists lesson_meetings_to_do on lesson_meetings (next_attempt_at) where action is not null;`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (googleCalendarStreams.holds(recorded.streamId)) {
      const event = googleCalendarStreams.event(recorded);
      const teacherId = googleCalendarStreams.parse(event.streamId);
      if (event.type === "GoogleCalendarConnected") {
        await tx.query(
          `insert into google_calendar_connections (teacher_id, connected_at) values ($1, $2)
           on conflict (teacher_id) do update set connected_at = $2`,
          [teacherId, event.data.at],
        );
        return;
      }
      await tx.query("delete from google_calendar_connections where teacher_id = $1", [teacherId]);
      // Without the teacher's token nothing more can be done in their calendar.
      await tx.query("update lesson_meetings set action = null where teacher_id = $1", [teacherId]);
      return;
    }
    if (lessonMeetingStreams.holds(recorded.streamId)) {
      const event = lessonMeetingStreams.event(recorded);
      const lessonId = lessonMeetingStreams.parse(event.streamId);
      const key = [lessonId, event.data.teacherId];
      const at = Date.parse(event.data.at);
      switch (event.type) {
        case "MeetingClaimed":
          await tx.query(
            "update lesson_meetings set claimed_until = $3 where lesson_id = $1 and teacher_id = $2 and action = $4",
            [...key, new Date(at + MEETING_CLAIM_LEASE_MS).toISOString(), event.data.action],
          );
          return;
        case "MeetingAttemptFailed": {
          const { rows } = await tx.query<{ failures: number }>(
            `update lesson_meetings set failures = failures + 1, claimed_until = null
              where lesson_id = $1 and teacher_id = $2 and action = $3 returning failures`,
            [...key, event.data.action],
          );
          const failures = rows[0]?.failures ?? 0;
          await tx.query(
            `update lesson_meetings set next_attempt_at = $3,
               action = case when $4::int >= ${MAX_MEETING_ATTEMPTS} then null else action end
             where lesson_id = $1 and teacher_id = $2`,
            [...key, new Date(at + meetingRetryDelayMs(failures)).toISOString(), failures],
          );
          return;
        }
        case "MeetingAbandoned":
          await tx.query(
            "update lesson_meetings set action = null, claimed_until = null where lesson_id = $1 and teacher_id = $2",
            key,
          );
          return;
        case "MeetingCreated":
          // Made while the lesson was being cancelled or taken away: it is deleted straight after.
          await tx.query(
            `update lesson_meetings set calendar_event_id = $3, claimed_until = null, failures = 0,
               next_attempt_at = $4, action = case when wanted then null else 'delete' end
             where lesson_id = $1 and teacher_id = $2`,
            [...key, event.data.calendarEventId, event.data.at],
          );
          return;
        case "MeetingMoved":
          // Moved again while this move was under way: the newer start is still to be sent.
          await tx.query(
            `update lesson_meetings set claimed_until = null, failures = 0,
               action = case when action = 'move' and move_to = $3::timestamptz then null else action end
             where lesson_id = $1 and teacher_id = $2`,
            [...key, event.data.date],
          );
          return;
        case "MeetingDeleted":
          await tx.query(
            `update lesson_meetings set deleted = true, action = null, claimed_until = null
              where lesson_id = $1 and teacher_id = $2`,
            key,
          );
          return;
        default:
          return;
      }
    }
    if (recorded.type === "AccountDeleted" || recorded.type === "PersonalDataErased") {
      if (!teacherStreams.holds(recorded.streamId)) return;
      const teacherId = teacherStreams.parse(recorded.streamId);
      await tx.query("delete from google_calendar_connections where teacher_id = $1", [teacherId]);
      await tx.query("update lesson_meetings set action = null where teacher_id = $1", [teacherId]);
      return;
    }
    const event = lessonStreams.event(recorded);
    const lessonId = lessonStreams.parse(event.streamId);
    const create = async (teacherId: number, at: string) => {
      await tx.query(
        `insert into lesson_meetings (lesson_id, teacher_id, wanted, action, next_attempt_at)
         select $1, $2, true, 'create', $3 where exists (select 1 from google_calendar_connections where teacher_id = $2)
         on conflict (lesson_id, teacher_id) do update set wanted = true,
           action = case when lesson_meetings.calendar_event_id is null then 'create' else null end,
           failures = 0, next_attempt_at = $3`,
        [lessonId, teacherId, at],
      );
    };
    /** The lesson is no longer theirs: an event made is deleted, one still to make is not made. */
    const drop = async (teacherId: number | null, at: string) => {
      await tx.query(
        `update lesson_meetings set wanted = false, failures = 0, next_attempt_at = $3,
           action = case when calendar_event_id is not null and not deleted then 'delete' else null end
         where lesson_id = $1 and ($2::bigint is null or teacher_id = $2)`,
        [lessonId, teacherId, at],
      );
    };
    switch (event.type) {
      case "LessonAccepted":
        await create(event.data.teacher.id, event.data.acceptedAt);
        return;
      case "LessonMoved":
        // An event still to be made is made at the new start anyway: the call reads the lesson then.
        await tx.query(
          `update lesson_meetings set move_to = $2, action = 'move', failures = 0, next_attempt_at = $3
            where lesson_id = $1 and wanted and calendar_event_id is not null and not deleted
              and (action is null or action = 'move')`,
          [lessonId, event.data.date, event.data.at],
        );
        return;
      case "LessonTeacherChanged":
        await drop(event.data.from.id, event.data.at);
        await create(event.data.teacher.id, event.data.at);
        return;
      case "LessonTeacherUnassigned":
        await drop(event.data.from.id, event.data.at);
        return;
      case "LessonCancelled":
        await drop(null, event.data.at);
        return;
      default:
        return;
    }
  }),
};

export const lessonMeetingsProjectors = [lessonMeetingsProjector];

/** One call to make to a teacher's Google Calendar. */
export interface MeetingWork {
  lessonId: number;
  teacherId: number;
  action: MeetingAction;
  calendarEventId: string | null;
}

/** The calls due at `now` and not held by a claim, oldest first. */
export const dueMeetingWork = async (sql: Sql, now: Date, limit = 50): Promise<MeetingWork[]> => {
  const { rows } = await sql.query<{
    lesson_id: string;
    teacher_id: string;
    action: MeetingAction;
    calendar_event_id: string | null;
  }>(
    `select lesson_id, teacher_id, action, calendar_event_id from lesson_meetings
      where action is not null and next_attempt_at <= $1 and (claimed_until is null or claimed_until <= $1)
      order by next_attempt_at limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    lessonId: Number(row.lesson_id),
    teacherId: Number(row.teacher_id),
    action: row.action,
    calendarEventId: row.calendar_event_id,
  }));
};

/** Everything the work list holds about a lesson (for tests and support). */
export const lessonMeetingRows = async (sql: Sql, lessonId: number) =>
  (
    await sql.query<{
      teacher_id: string;
      wanted: boolean;
      action: MeetingAction | null;
      failures: number;
      next_attempt_at: Date;
      calendar_event_id: string | null;
      deleted: boolean;
    }>("select * from lesson_meetings where lesson_id = $1 order by teacher_id", [lessonId])
  ).rows.map((row) => ({
    teacherId: Number(row.teacher_id),
    wanted: row.wanted,
    action: row.action,
    failures: row.failures,
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
    calendarEventId: row.calendar_event_id,
    deleted: row.deleted,
  }));

/** When the teacher connected their Google Calendar, or null when it is not connected. */
export const googleCalendarConnectionOf = async (sql: Sql, teacherId: number) => {
  const { rows } = await sql.query<{ connected_at: Date }>(
    "select connected_at from google_calendar_connections where teacher_id = $1",
    [teacherId],
  );
  return rows[0] ? new Date(rows[0].connected_at).toISOString() : null;
};
