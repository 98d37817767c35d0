import { LESSON_DURATION_MS, LESSON_REMUNERATION_CENTS, TEACHER_PAYMENT_CENTS } from "@el/domain/lessons/lesson";
import type {
  LessonHistoryFilters,
  LessonHistoryTotals,
  LessonHistoryView,
} from "@el/domain/lessons/lesson-history-view";
import { LESSON_TIME_ZONE, localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import { fullName } from "@el/domain/shared/full-name";
import { orderAndPage, type Page, type PageRequest } from "../../catalog/paging";
import type { Sql } from "../../sql";

/**
 * The lesson history of the back office (`api/lesson-histories`), read from `lesson_schedulings`: the
 * lessons that took place, i.e. claimed by a teacher, not cancelled, over (an hour after the start),
 * and not reported by the teacher as not held. Years and months are the São Paulo calendar's.
 */

interface HistoryRow {
  id: string;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_id: string;
  teacher_first_name: string;
  teacher_last_name: string | null;
  level_id: number;
  level_name: string;
  objective: string;
  trail_title: string;
  date: Date | string;
  payment_id: string | null;
  paid_cents: number | null;
  paid_at: Date | string | null;
}

const LOCAL = `(date at time zone '${LESSON_TIME_ZONE}')`;
const HELD = `status = 'accepted' and coalesce(teacher_feedback_status, 0) <> 3
  and date <= $1::timestamptz - interval '${LESSON_DURATION_MS / 60_000} minutes'`;

const toHistory = (row: HistoryRow): LessonHistoryView => {
  const start = new Date(row.date);
  return {
    id: Number(row.id),
    teacherName: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
    teacherId: Number(row.teacher_id),
    studentName: fullName({ firstName: row.student_first_name, lastName: row.student_last_name }),
    studentId: Number(row.student_id),
    level: { id: row.level_id, name: row.level_name },
    objective: row.objective,
    classTitle: row.trail_title,
    date: localDateOf(start),
    hour: localTimeOf(start),
    startsAt: start.toISOString(),
    teacherValue: TEACHER_PAYMENT_CENTS / 100,
    totalValue: LESSON_REMUNERATION_CENTS / 100,
    payment:
      row.payment_id === null
        ? null
        : {
            id: Number(row.payment_id),
            value: (row.paid_cents ?? 0) / 100,
            valueCents: row.paid_cents ?? 0,
            date: new Date(row.paid_at ?? row.date).toISOString(),
          },
  };
};

/** `where` for the filters, `$1` being the instant the history is read at. */
const whereOf = (filters: LessonHistoryFilters, now: Date) => {
  const params: unknown[] = [now];
  const conditions = [HELD];
  const add = (condition: (param: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.year !== undefined) add((n) => `extract(year from ${LOCAL}) = ${n}`, filters.year);
  if (filters.month !== undefined) add((n) => `extract(month from ${LOCAL}) = ${n}`, filters.month);
  if (filters.teacherId !== undefined) add((n) => `teacher_id = ${n}`, filters.teacherId);
  if (filters.studentId !== undefined) add((n) => `student_id = ${n}`, filters.studentId);
  return { where: conditions.join(" and "), params };
};

const SORTABLE = { id: "id", date: "date", startsAt: "date" };

/** `GET api/lesson-histories`: a page of the lessons held, the latest first by default. */
export const pageLessonHistory = async (
  sql: Sql,
  filters: LessonHistoryFilters,
  request: PageRequest,
  now: Date,
): Promise<Page<LessonHistoryView>> => {
  const { where, params } = whereOf(filters, now);
  const order = orderAndPage(request, SORTABLE, "date desc", params.length + 1);
  const [page, counted] = await Promise.all([
    sql.query<HistoryRow>(`select * from lesson_schedulings where ${where} ${order.clause}`, [
      ...params,
      ...order.params,
    ]),
    sql.query<{ total: string }>(`select count(*) as total from lesson_schedulings where ${where}`, params),
  ]);
  return { items: page.rows.map(toHistory), total: Number(counted.rows[0]?.total ?? 0) };
};

/** `GET api/lesson-histories/{id}`: one lesson held; null for any other lesson. */
export const findLessonHistory = async (sql: Sql, id: number, now: Date): Promise<LessonHistoryView | null> => {
  const { where, params } = whereOf({}, now);
  const { rows } = await sql.query<HistoryRow>(
    `select * from lesson_schedulings where ${where} and id = $${params.length + 1}`,
    [...params, id],
  );
  return rows[0] ? toHistory(rows[0]) : null;
};

/** The totals panel of the history, for the same filters. */
export const lessonHistoryTotals = async (
  sql: Sql,
  filters: LessonHistoryFilters,
  now: Date,
): Promise<LessonHistoryTotals> => {
  const { where, params } = whereOf(filters, now);
  const { rows } = await sql.query<{ lessons: string; paid: string | null }>(
    `select count(*) as lessons, sum(paid_cents) as paid from lesson_schedulings where ${where}`,
    params,
  );
  const lessons = Number(rows[0]?.lessons ?? 0);
  return {
    lessons,
    teacherValue: (lessons * TEACHER_PAYMENT_CENTS) / 100,
    totalValue: (lessons * LESSON_REMUNERATION_CENTS) / 100,
    paidValue: Number(rows[0]?.paid ?? 0) / 100,
  };
};
