import type { CalendarLesson, CalendarViewer } from "@el/domain/calendar/index";
import { calendarFeedStreams } from "@el/domain/calendar/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `calendar_feeds`: whose private calendar address a token digest opens (one row per person
 * with an active address; issuing again replaces the digest, revoking deletes the row).
 */
export const calendarFeedsProjector: Projector = {
  name: "calendar-feeds",
  handles: ["CalendarFeedIssued", "CalendarFeedRevoked"],
  tables: ["calendar_feeds"],
  migrate: readModelMigrations("calendar-feeds", [
    {
      name: "001-calendar-feeds",
      sql: `create table if not exists calendar_feeds (
      user_id bigint primary key,
      token_digest text not null unique,
      issued_at timestamptz not null
    )`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = calendarFeedStreams.event(recorded);
    const userId = calendarFeedStreams.parse(event.streamId);
    if (event.type === "CalendarFeedIssued") {
      await tx.query(
        `insert into calendar_feeds (user_id, token_digest, issued_at) values ($1, $2, $3)
         on conflict (user_id) do update set token_digest = $2, issued_at = $3`,
        [userId, event.data.tokenDigest, event.data.issuedAt],
      );
    } else {
      await tx.query("delete from calendar_feeds where user_id = $1", [userId]);
    }
  }),
};

export const calendarFeedsProjectors = [calendarFeedsProjector];

/** Whether the person has an active address, and since when. */
export const calendarFeedOf = async (db: Sql, userId: number) => {
  const { rows } = await db.query<{ issued_at: Date }>("select issued_at from calendar_feeds where user_id = $1", [
    userId,
  ]);
  const row = rows[0];
  return { active: row !== undefined, issuedAt: row ? new Date(row.issued_at).toISOString() : null };
};

/** The person a token digest's address belongs to, as a student or a teacher; null when it opens nothing. */
export const calendarOwnerOf = async (
  db: Sql,
  tokenDigest: string,
): Promise<{ userId: number; viewer: CalendarViewer } | null> => {
  const { rows } = await db.query<{ user_id: string; kind: string }>(
    `select f.user_id, u.kind from calendar_feeds f join users u on u.id = f.user_id
      where f.token_digest = $1 and u.activated and u.kind in ('student', 'teacher')`,
    [tokenDigest],
  );
  const row = rows[0];
  return row ? { userId: Number(row.user_id), viewer: row.kind as CalendarViewer } : null;
};

/**
 * The lessons a person's calendar lists: from `since` on, a student's (waiting, accepted, cancelled) or a
 * teacher's (those they teach, and those they taught that were cancelled), oldest first, at most `limit`.
 */
export const calendarLessonsOf = async (
  db: Sql,
  owner: { userId: number; viewer: CalendarViewer },
  since: Date,
  limit = 1000,
): Promise<CalendarLesson[]> => {
  const { rows } = await db.query<{
    id: string;
    date: Date;
    status: CalendarLesson["status"];
    trail_title: string;
    level_name: string;
    student_first_name: string;
    student_last_name: string | null;
    teacher_first_name: string | null;
    teacher_last_name: string | null;
    meet_url: string | null;
  }>(
    `select id, date, status, trail_title, level_name, student_first_name, student_last_name,
            teacher_first_name, teacher_last_name, meet_url
       from lesson_schedulings
      where ${owner.viewer === "student" ? "student_id" : "teacher_id"} = $1 and date >= $2
      order by date, id
      limit $3`,
    [owner.userId, since.toISOString(), limit],
  );
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;
  return rows.map((row) => ({
    id: Number(row.id),
    date: new Date(row.date).toISOString(),
    status: row.status,
    trailTitle: row.trail_title,
    levelName: row.level_name,
    studentName: name(row.student_first_name, row.student_last_name) ?? "",
    teacherName: name(row.teacher_first_name, row.teacher_last_name),
    meetUrl: row.meet_url,
  }));
};
