import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { lessonSeriesStreams, weeklyStarts } from "@el/domain/directory/lesson-series";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { type ServerToClientPayload, userRoom } from "@el/domain/realtime";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `lesson_series` (+ `lesson_series_occurrences`): each weekly series as its student, its teacher
 * and the back office list it, with every occurrence planned, booked, skipped or cancelled (a lesson of it
 * cancelled like any other), and the sweep's work list (running series with an occurrence due). A series
 * paused, resumed, ended or cancelled tells its student and teacher (`series:changed`).
 */

const SCHEMA = `
create table if not exists lesson_series (
  id bigint primary key,
  status text not null,
  paused_reason text,
  student_id bigint not null,
  student_first_name text not null,
  student_last_name text,
  teacher_id bigint not null,
  teacher_first_name text not null,
  teacher_last_name text,
  trail_id int not null,
  trail_number int not null,
  trail_title text not null,
  start text not null,
  weeks int not null,
  ends_at timestamptz not null,
  created_at timestamptz not null
);
create index if not exists lesson_series_student_idx on lesson_series (student_id);
create index if not exists lesson_series_teacher_idx on lesson_series (teacher_id);
create index if not exists lesson_series_running_idx on lesson_series (status) where status in ('ACTIVE', 'PAUSED');
create table if not exists lesson_series_occurrences (
  series_id bigint not null,
  date text not null,
  starts_at timestamptz not null,
  lesson_id bigint,
  status text not null,
  primary key (series_id, starts_at)
);
create index if not exists lesson_series_occurrences_lesson_idx on lesson_series_occurrences (lesson_id)
  where lesson_id is not null`;

const HOUR_MS = 60 * 60 * 1000;

const seriesChanged = async (
  tx: Sql,
  id: number,
  status: "ACTIVE" | "PAUSED" | "ENDED" | "CANCELLED",
  pausedReason: string | null,
): Promise<Push[]> => {
  const { rows } = await tx.query<{ student_id: string; teacher_id: string }>(
    "update lesson_series set status = $2, paused_reason = $3 where id = $1 returning student_id, teacher_id",
    [id, status, pausedReason],
  );
  const row = rows[0];
  if (!row) return [];
  const payload: ServerToClientPayload<"series:changed"> = { seriesId: id, status, pausedReason };
  return [Number(row.student_id), Number(row.teacher_id)].map((userId) => ({
    room: userRoom(userId),
    event: "series:changed",
    payload,
  }));
};

const recordOccurrence = (tx: Sql, id: number, date: string, status: string, lessonId: number | null) =>
  tx.query("update lesson_series_occurrences set status = $3, lesson_id = $4 where series_id = $1 and starts_at = $2", [
    id,
    date,
    status,
    lessonId,
  ]);

/** An erased person's names, wherever a series of theirs showed them (LGPD): "titular removido". */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  await tx.query(
    `update lesson_series set ${person.role}_first_name = $2,
       ${person.role}_last_name = case when ${person.role}_last_name is null then null else $2 end
     where ${person.role}_id = $1`,
    [person.id, PERSON_REMOVED],
  );
};

const applySeriesEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[] | undefined> => {
  const event = lessonSeriesStreams.event(recorded);
  const id = event.type === "LessonSeriesCreated" ? event.data.id : lessonSeriesStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonSeriesCreated": {
      const { student, teacher, trail, start, weeks, at } = event.data;
      const dates = weeklyStarts(start, weeks);
      const last = dates.at(-1) ?? start;
      await tx.query(
        `insert into lesson_series (id, status, student_id, student_first_name, student_last_name, teacher_id,
           teacher_first_name, teacher_last_name, trail_id, trail_number, trail_title, start, weeks, ends_at, created_at)
         values ($1, 'ACTIVE', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         on conflict (id) do nothing`,
        [
          id,
          student.id,
          student.firstName,
          student.lastName,
          teacher.id,
          teacher.firstName,
          teacher.lastName,
          trail.id,
          trail.number,
          trail.title,
          start,
          weeks,
          new Date(Date.parse(last) + HOUR_MS),
          at,
        ],
      );
      await tx.query(
        `insert into lesson_series_occurrences (series_id, date, starts_at, status)
         select $1, date, date::timestamptz, 'PLANNED' from unnest($2::text[]) as date
         on conflict do nothing`,
        [id, dates],
      );
      return;
    }
    case "SeriesOccurrenceBooked":
      await recordOccurrence(tx, id, event.data.date, "BOOKED", event.data.lessonId);
      return;
    case "SeriesOccurrenceSkipped":
      await recordOccurrence(tx, id, event.data.date, "SKIPPED", null);
      return;
    case "LessonSeriesPaused":
      return seriesChanged(tx, id, "PAUSED", event.data.reason);
    case "LessonSeriesResumed":
      return seriesChanged(tx, id, "ACTIVE", null);
    case "LessonSeriesEnded":
      return seriesChanged(tx, id, "ENDED", null);
    case "LessonSeriesCancelled":
      return seriesChanged(tx, id, "CANCELLED", null);
  }
};

export const lessonSeriesProjector: Projector = {
  name: "lesson-series",
  handles: [
    "LessonSeriesCreated",
    "SeriesOccurrenceBooked",
    "SeriesOccurrenceSkipped",
    "LessonSeriesPaused",
    "LessonSeriesResumed",
    "LessonSeriesEnded",
    "LessonSeriesCancelled",
    "LessonCancelled",
    "PersonalDataErased",
  ],
  tables: ["lesson_series", "lesson_series_occurrences"],
  migrate: readModelMigrations("lesson-series", [{ name: "001-lesson-series", sql: SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (recorded.type === "PersonalDataErased") return erasePerson(recorded, tx);
    // A lesson of a series cancelled on its own (the 24-hour rule, support) shows so among the occurrences.
    if (recorded.type === "LessonCancelled") {
      if (!lessonStreams.holds(recorded.streamId)) return;
      await tx.query("update lesson_series_occurrences set status = 'CANCELLED' where lesson_id = $1", [
        lessonStreams.parse(recorded.streamId),
      ]);
      return;
    }
    return applySeriesEvent(recorded, tx);
  }),
};
