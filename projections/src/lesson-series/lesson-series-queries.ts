import type { LessonSeriesStatus, LessonSeriesView, SeriesOccurrence } from "@el/domain/directory/directory-contracts";
import type { Sql } from "../sql";

/** Who asks for the series: a student sees their own, a teacher theirs, an administrator all. */
export type SeriesViewer = { role: "student" | "teacher"; id: number } | { role: "admin" };

interface SeriesRow {
  id: string;
  status: LessonSeriesStatus;
  paused_reason: string | null;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_id: string;
  teacher_first_name: string;
  teacher_last_name: string | null;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  start: string;
  weeks: number;
  occurrences: { date: string; lessonId: number | null; status: SeriesOccurrence["status"] }[] | null;
}

const SELECT = `select s.id, s.status, s.paused_reason, s.student_id, s.student_first_name, s.student_last_name,
    s.teacher_id, s.teacher_first_name, s.teacher_last_name, s.trail_id, s.trail_number, s.trail_title, s.start,
    s.weeks,
    (select json_agg(json_build_object('date', o.date, 'lessonId', o.lesson_id, 'status', o.status)
       order by o.starts_at)
     from lesson_series_occurrences o where o.series_id = s.id) as occurrences
  from lesson_series s`;

const toView = (row: SeriesRow): LessonSeriesView => ({
  id: Number(row.id),
  status: row.status,
  teacher: { id: Number(row.teacher_id), firstName: row.teacher_first_name, lastName: row.teacher_last_name },
  student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
  trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
  start: row.start,
  weeks: row.weeks,
  occurrences: (row.occurrences ?? []).map(({ date, lessonId, status }) => ({
    date,
    lessonId: lessonId === null ? null : Number(lessonId),
    status,
  })),
  pausedReason: row.paused_reason,
});

/** The series `viewer` may see, newest first, of one status when asked. */
export const lessonSeriesOf = async (
  sql: Sql,
  viewer: SeriesViewer,
  filter: { status?: LessonSeriesStatus } = {},
): Promise<LessonSeriesView[]> => {
  const params: unknown[] = [];
  const where: string[] = [];
  if (viewer.role !== "admin") {
    params.push(viewer.id);
    where.push(`s.${viewer.role}_id = $${params.length}`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`s.status = $${params.length}`);
  }
  const { rows } = await sql.query<SeriesRow>(
    `${SELECT} ${where.length ? `where ${where.join(" and ")}` : ""} order by s.created_at desc, s.id desc`,
    params,
  );
  return rows.map(toView);
};

/** One series as the lists show it (undefined: none such). */
export const lessonSeriesById = async (sql: Sql, id: number): Promise<LessonSeriesView | undefined> => {
  const { rows } = await sql.query<SeriesRow>(`${SELECT} where s.id = $1`, [id]);
  return rows[0] ? toView(rows[0]) : undefined;
};

/**
 * The sweep's work list: running series with an occurrence not yet dealt with that starts before `horizon`,
 * paused ones (they resume once credited), and those whose last occurrence is over (they end).
 */
export const lessonSeriesToSweep = async (sql: Sql, at: { now: Date; horizon: Date }): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    `select s.id from lesson_series s
     where s.status in ('ACTIVE', 'PAUSED')
       and (s.status = 'PAUSED' or s.ends_at <= $1
         or exists (select 1 from lesson_series_occurrences o
                    where o.series_id = s.id and o.status = 'PLANNED' and o.starts_at < $2))
     order by s.id`,
    [at.now, at.horizon],
  );
  return rows.map((row) => Number(row.id));
};

/** A student's series paused for want of credits: what a credit granted to them may resume. */
export const pausedLessonSeriesOf = async (sql: Sql, studentId: number): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    "select id from lesson_series where student_id = $1 and status = 'PAUSED' order by id",
    [studentId],
  );
  return rows.map((row) => Number(row.id));
};

/** The series a person is the student or the teacher of, for their personal data's export (LGPD). */
export const lessonSeriesIdsOf = async (
  sql: Sql,
  person: { role: "student" | "teacher"; id: number },
): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    `select id from lesson_series where ${person.role === "student" ? "student_id" : "teacher_id"} = $1 order by id`,
    [person.id],
  );
  return rows.map((row) => Number(row.id));
};
