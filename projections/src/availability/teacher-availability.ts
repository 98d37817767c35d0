import type { RecordedEvent } from "@el/domain";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import {
  availabilityStreams,
  BOOKING_NOTICE_MS,
  bookableStarts,
  type TeacherAvailability,
} from "@el/domain/directory/availability";
import { teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { readModelMigrations } from "../migrations";
import type { Projector } from "../runner/projector";
import type { Sql } from "../sql";

/** How far ahead `teacher_free_starts` is computed; the roll-forward keeps at least `BOOKING_HORIZON_DAYS` of it. */
export const FREE_STARTS_DAYS = 21;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Read model of when teachers can be booked: `teacher_availability` (the weekly windows and dates off as
 * last saved, and until when `teacher_free_starts` was computed), `teacher_busy` (each reserved half hour
 * and its lesson) and `teacher_free_starts` (every start a lesson hour may take, from when it was computed to
 * `FREE_STARTS_DAYS` ahead, the booking notice ignored), which the directory joins to find who is free.
 * `next_free_start` keeps the first of those starts a student could book when they were last computed or
 * moved forward (at least `BOOKING_NOTICE_MS` after then; null: none), so the directory reads one row per
 * teacher instead of probing `teacher_free_starts` for each; it is exact for as long as it is still that far
 * ahead of the request.
 */
export const TEACHER_AVAILABILITY_SCHEMA = `
create table if not exists teacher_availability (
  teacher_id bigint primary key,
  weekly jsonb not null,
  days_off text[] not null default '{}',
  free_until timestamptz not null
);
create table if not exists teacher_busy (
  teacher_id bigint not null,
  half_hour timestamptz not null,
  lesson_id bigint not null,
  primary key (teacher_id, half_hour)
);
create table if not exists teacher_free_starts (
  teacher_id bigint not null,
  starts_at timestamptz not null,
  primary key (teacher_id, starts_at)
);
create index if not exists teacher_free_starts_starts_at on teacher_free_starts (starts_at, teacher_id);
create index if not exists teacher_availability_free_until on teacher_availability (free_until);
`;

/** Each teacher's first bookable free start in the availability's row, filled from the starts already stored. */
export const NEXT_FREE_START_SCHEMA = `
alter table teacher_availability add column next_free_start timestamptz;
update teacher_availability a set next_free_start = (
  select min(f.starts_at) from teacher_free_starts f
   where f.teacher_id = a.teacher_id and f.starts_at >= now() + interval '${BOOKING_NOTICE_MS / 60_000} minutes');
create index if not exists teacher_availability_next_free_start on teacher_availability (next_free_start);
`;

/** A `teacher_availability` row's windows and days off (a driver may hand `jsonb` over as text). */
export interface AvailabilityRow {
  weekly: TeacherAvailability["weekly"] | string;
  days_off: string[];
}

export const availabilityOfRow = (row: AvailabilityRow): TeacherAvailability => ({
  weekly: typeof row.weekly === "string" ? JSON.parse(row.weekly) : row.weekly,
  daysOff: row.days_off,
});

/** The teacher's reserved half hours between two instants, as the slot streams key them (`2026-05-04T13:30Z`). */
export const busyHalfHoursOf = async (sql: Sql, teacherId: number, from: Date, to: Date): Promise<Set<string>> => {
  const { rows } = await sql.query<{ half_hour: Date | string }>(
    "select half_hour from teacher_busy where teacher_id = $1 and half_hour >= $2 and half_hour < $3",
    [teacherId, from.toISOString(), to.toISOString()],
  );
  return new Set(rows.map((row) => `${new Date(row.half_hour).toISOString().slice(0, 16)}Z`));
};

/**
 * Computes the teacher's free starts again from `now` to `FREE_STARTS_DAYS` ahead. The availability's row
 * is locked first, so the projector and the roll-forward, which both come here, write one after the other
 * and the later one reads what the earlier committed. A teacher who never saved an availability has none.
 */
export const recomputeFreeStarts = async (sql: Sql, teacherId: number, now: Date): Promise<void> => {
  const { rows } = await sql.query<AvailabilityRow>(
    "select weekly, days_off from teacher_availability where teacher_id = $1 for update",
    [teacherId],
  );
  await sql.query("delete from teacher_free_starts where teacher_id = $1", [teacherId]);
  const row = rows[0];
  if (!row) return;
  const until = new Date(now.getTime() + FREE_STARTS_DAYS * DAY_MS);
  const busy = await busyHalfHoursOf(sql, teacherId, now, new Date(until.getTime() + DAY_MS));
  const starts = bookableStarts(availabilityOfRow(row), busy, {
    from: now,
    to: until,
    now: new Date(now.getTime() - BOOKING_NOTICE_MS),
  });
  if (starts.length > 0)
    await sql.query(
      `insert into teacher_free_starts (teacher_id, starts_at)
       select $1, starts_at from unnest($2::timestamptz[]) as starts_at`,
      [teacherId, starts],
    );
  const bookableFrom = now.getTime() + BOOKING_NOTICE_MS;
  const next = starts.find((start) => Date.parse(start) >= bookableFrom);
  await sql.query("update teacher_availability set free_until = $2, next_free_start = $3 where teacher_id = $1", [
    teacherId,
    until.toISOString(),
    next ?? null,
  ]);
};

/** Applies one event's rows and answers the teacher whose free starts it changes. */
const applyEvent = async (recorded: RecordedEvent, tx: Sql): Promise<number | undefined> => {
  if (availabilityStreams.holds(recorded.streamId)) {
    const event = availabilityStreams.event(recorded);
    const teacherId = availabilityStreams.parse(event.streamId);
    await tx.query(
      `insert into teacher_availability (teacher_id, weekly, days_off, free_until) values ($1, $2, $3, $4)
       on conflict (teacher_id) do update set weekly = $2, days_off = $3`,
      [teacherId, JSON.stringify(event.data.weekly), event.data.daysOff, recorded.recordedAt.toISOString()],
    );
    return teacherId;
  }
  if (teacherStreams.holds(recorded.streamId)) {
    // A deleted or erased teacher is booked by no one: their rows go, and any later slot finds no availability.
    const teacherId = teacherStreams.parse(recorded.streamId);
    for (const table of ["teacher_availability", "teacher_busy", "teacher_free_starts"])
      await tx.query(`delete from ${table} where teacher_id = $1`, [teacherId]);
    return undefined;
  }
  if (!teacherSlotStreams.holds(recorded.streamId)) return undefined;
  const event = teacherSlotStreams.event(recorded);
  const { teacherId, startsAt } = teacherSlotStreams.parse(event.streamId);
  const halfHour = startsAt.replace("Z", ":00Z");
  if (event.type === "TeacherSlotReserved")
    await tx.query(
      `insert into teacher_busy (teacher_id, half_hour, lesson_id) values ($1, $2, $3)
       on conflict (teacher_id, half_hour) do update set lesson_id = $3`,
      [teacherId, halfHour, event.data.lessonId],
    );
  else
    await tx.query("delete from teacher_busy where teacher_id = $1 and half_hour = $2 and lesson_id = $3", [
      teacherId,
      halfHour,
      event.data.lessonId,
    ]);
  return teacherId;
};

export const teacherAvailabilityProjector: Projector = {
  name: "teacher-availability",
  handles: [
    "TeacherAvailabilityChanged",
    "TeacherSlotReserved",
    "TeacherSlotReleased",
    "AccountDeleted",
    "PersonalDataErased",
  ],
  // A teacher reads back the availability they saved; the free starts follow the slots of lessons whose
  // own commands do not wait for them (a booking checks the slot streams, not this read model).
  awaitedOn: ["TeacherAvailabilityChanged"],
  tables: ["teacher_availability", "teacher_busy", "teacher_free_starts"],
  migrate: readModelMigrations("teacher-availability", [
    { name: "001-teacher-availability", sql: TEACHER_AVAILABILITY_SCHEMA },
    { name: "002-next-free-start", sql: NEXT_FREE_START_SCHEMA },
  ]),
  // The rows event by event; each teacher's free starts once per batch, as of the last event that moved them.
  evolve: async (events, tx) => {
    const touched = new Map<number, Date>();
    for (const recorded of events) {
      const teacherId = await applyEvent(recorded, tx);
      if (teacherId !== undefined) touched.set(teacherId, recorded.recordedAt);
    }
    for (const [teacherId, at] of touched) await recomputeFreeStarts(tx, teacherId, at);
    return [];
  },
};
