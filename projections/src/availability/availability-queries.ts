import {
  BOOKING_NOTICE_MS,
  bookableStarts,
  emptyAvailability,
  saoPauloInstant,
  type TeacherAvailability,
} from "@el/domain/directory/availability";
import type { Sql } from "../sql";
import {
  type AvailabilityRow,
  availabilityOfRow,
  busyHalfHoursOf,
  FREE_STARTS_DAYS,
  recomputeFreeStarts,
} from "./teacher-availability";

const DAY_MS = 24 * 60 * 60 * 1000;

const availabilityRowOf = async (sql: Sql, teacherId: number) => {
  const { rows } = await sql.query<AvailabilityRow & { free_until: Date | string }>(
    "select weekly, days_off, free_until from teacher_availability where teacher_id = $1",
    [teacherId],
  );
  return rows[0];
};

/** The teacher's weekly windows and dates off as last saved; none before the first save. */
export const availabilityOf = async (sql: Sql, teacherId: number): Promise<TeacherAvailability> => {
  const row = await availabilityRowOf(sql, teacherId);
  return row ? availabilityOfRow(row) : emptyAvailability;
};

/**
 * The starts a student may book with the teacher between `from` and `to` (instants, `to` excluded), at
 * least `BOOKING_NOTICE_MS` after `now`, as São Paulo instants in order. Read from `teacher_free_starts` as
 * far as it was computed; past that (a range longer than it holds), computed from the availability and the
 * busy half hours.
 */
export const freeStartsOf = async (
  sql: Sql,
  teacherId: number,
  range: { from: Date; to: Date; now: Date },
): Promise<string[]> => {
  const row = await availabilityRowOf(sql, teacherId);
  if (!row) return [];
  const from = new Date(Math.max(range.from.getTime(), range.now.getTime() + BOOKING_NOTICE_MS));
  const computedUntil = new Date(row.free_until);
  const stored = new Date(Math.min(range.to.getTime(), computedUntil.getTime()));
  const starts: string[] = [];
  if (from < stored) {
    const { rows } = await sql.query<{ starts_at: Date | string }>(
      `select starts_at from teacher_free_starts
        where teacher_id = $1 and starts_at >= $2 and starts_at < $3 order by starts_at`,
      [teacherId, from.toISOString(), stored.toISOString()],
    );
    for (const { starts_at } of rows) starts.push(saoPauloInstant(new Date(starts_at).getTime()));
  }
  const rest = new Date(Math.max(from.getTime(), computedUntil.getTime()));
  if (rest < range.to) {
    const busy = await busyHalfHoursOf(sql, teacherId, rest, new Date(range.to.getTime() + DAY_MS));
    starts.push(...bookableStarts(availabilityOfRow(row), busy, { from: rest, to: range.to, now: range.now }));
  }
  return starts;
};

/**
 * The first `count` starts each of the teachers may be booked at after `now` and its notice, as São Paulo
 * instants in order (the directory's cards). A teacher with none is absent from the map.
 */
export const nextFreeStartsOf = async (
  sql: Sql,
  teacherIds: readonly number[],
  now: Date,
  count: number,
): Promise<Map<number, string[]>> => {
  const next = new Map<number, string[]>();
  if (teacherIds.length === 0 || count < 1) return next;
  const { rows } = await sql.query<{ teacher_id: string | number; starts_at: Date | string }>(
    `select teacher_id, starts_at from (
       select teacher_id, starts_at, row_number() over (partition by teacher_id order by starts_at) as n
         from teacher_free_starts where teacher_id = any($1::bigint[]) and starts_at >= $2
     ) as free where n <= $3 order by teacher_id, starts_at`,
    [teacherIds, new Date(now.getTime() + BOOKING_NOTICE_MS).toISOString(), count],
  );
  for (const row of rows) {
    const teacherId = Number(row.teacher_id);
    next.set(teacherId, [...(next.get(teacherId) ?? []), saoPauloInstant(new Date(row.starts_at).getTime())]);
  }
  return next;
};

/**
 * Moves the free starts of every teacher whose computed window ends in less than `FREE_STARTS_DAYS - 1`
 * days from `now` forward to `now` (so it always covers more than the booking horizon), forgets starts
 * already past and half hours over a day past, and moves each first bookable start that is no longer
 * `BOOKING_NOTICE_MS` ahead to the next one. Safe to run in every process at once. Answers how many
 * teachers' windows it moved.
 */
export const rollFreeStartsForward = async (
  db: Sql & { transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> },
  now: Date,
): Promise<number> => {
  const { rows } = await db.query<{ teacher_id: string | number }>(
    "select teacher_id from teacher_availability where free_until < $1 order by teacher_id",
    [new Date(now.getTime() + (FREE_STARTS_DAYS - 1) * DAY_MS).toISOString()],
  );
  for (const { teacher_id } of rows) await db.transaction((tx) => recomputeFreeStarts(tx, Number(teacher_id), now));
  await db.query("delete from teacher_free_starts where starts_at < $1", [now.toISOString()]);
  await db.query("delete from teacher_busy where half_hour < $1", [new Date(now.getTime() - DAY_MS).toISOString()]);
  await moveNextFreeStartsForward(db, now);
  return rows.length;
};

/**
 * Each first bookable start now less than the notice ahead becomes the next stored one. Teacher by teacher,
 * the row locked before the starts are read, as `recomputeFreeStarts` does: a recompute that committed
 * meanwhile is read, not overwritten with what was stored before it.
 */
const moveNextFreeStartsForward = async (
  db: Sql & { transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> },
  now: Date,
) => {
  const bookableFrom = new Date(now.getTime() + BOOKING_NOTICE_MS).toISOString();
  const { rows } = await db.query<{ teacher_id: string | number }>(
    "select teacher_id from teacher_availability where next_free_start < $1 order by teacher_id",
    [bookableFrom],
  );
  for (const { teacher_id } of rows)
    await db.transaction(async (tx) => {
      const locked = await tx.query(
        "select 1 from teacher_availability where teacher_id = $1 and next_free_start < $2 for update",
        [teacher_id, bookableFrom],
      );
      if (locked.rows.length === 0) return;
      await tx.query(
        `update teacher_availability set next_free_start = (
           select min(starts_at) from teacher_free_starts where teacher_id = $1 and starts_at >= $2)
          where teacher_id = $1`,
        [teacher_id, bookableFrom],
      );
    });
};

/**
 * The lessons the teacher accepted that start after `now` on one of `days` (São Paulo dates), by id: those
 * taking these days off may affect. The lessons' own streams decide; this only says which to read.
 */
export const acceptedLessonsOnDays = async (
  sql: Sql,
  teacherId: number,
  days: readonly string[],
  now: Date,
): Promise<number[]> => {
  if (days.length === 0) return [];
  const { rows } = await sql.query<{ id: string | number }>(
    `select id from lesson_schedulings
      where teacher_id = $1 and status = 'accepted' and date > $2
        and to_char(date at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') = any($3::text[])
      order by date, id`,
    [teacherId, now.toISOString(), days],
  );
  return rows.map((row) => Number(row.id));
};
