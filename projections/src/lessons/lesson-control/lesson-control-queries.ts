import type { Objective } from "@el/domain/accounts/account";
import { LESSON_REMUNERATION_CENTS, TEACHER_PAYMENT_CENTS } from "@el/domain/lessons/lesson";
import type {
  LessonControlFilters,
  LessonControlPage,
  LessonControlTotals,
  LessonControlView,
} from "@el/domain/lessons/lesson-control-view";
import { LESSON_TIME_ZONE } from "@el/domain/lessons/sao-paulo-time";
import type { Sql } from "../../sql";
import { countedLessons } from "./lesson-control-counts";

/**
 * Lesson control (`/gerencia/aula`): the lessons that stand (cancelled ones are gone from it), read from
 * `lesson_schedulings` by the indexes its projector keeps for these filters (date, teacher, student).
 */

interface LessonControlRow {
  id: string;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  level_id: number;
  level_name: string;
  date: Date | string;
  objective: Objective;
  teacher_id: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
  meet_url: string | null;
  payment_id: string | null;
  paid_cents: number | null;
  paid_at: Date | string | null;
  /** The São Paulo day and hour, worked out by PostgreSQL: an export formats 100,000 of them. */
  local_day: string;
  local_time: string;
}

const COLUMNS = `s.id, s.student_id, s.student_first_name, s.student_last_name, s.trail_id, s.trail_number,
  s.trail_title, s.level_id, s.level_name, s.date, s.objective, s.teacher_id, s.teacher_first_name,
  s.teacher_last_name, s.meet_url, s.payment_id, s.paid_cents, s.paid_at,
  to_char(s.date at time zone '${LESSON_TIME_ZONE}', 'YYYY-MM-DD') as local_day,
  to_char(s.date at time zone '${LESSON_TIME_ZONE}', 'HH24:MI') as local_time`;

const toView = (row: LessonControlRow): LessonControlView => {
  const start = new Date(row.date);
  return {
    id: Number(row.id),
    student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
    level: { id: row.level_id, name: row.level_name },
    objective: row.objective,
    trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
    startsAt: start.toISOString(),
    date: row.local_day,
    time: row.local_time,
    teacher:
      row.teacher_id === null
        ? null
        : { id: Number(row.teacher_id), firstName: row.teacher_first_name ?? "", lastName: row.teacher_last_name },
    meetUrl: row.meet_url,
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

/**
 * The filters as SQL on `lesson_schedulings s`. A year (with or without its month) is a range of instants,
 * so the date index serves it; a month of every year is read on the São Paulo calendar.
 */
const whereOf = (filters: LessonControlFilters, params: unknown[]) => {
  const conditions = ["s.status <> 'cancelled'"];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.year !== undefined) {
    const from = filters.month ?? 1;
    const [toYear, toMonth] =
      filters.month === undefined
        ? [filters.year + 1, 1]
        : filters.month === 12
          ? [filters.year + 1, 1]
          : [filters.year, filters.month + 1];
    conditions.push(
      `s.date >= make_timestamptz(${param(filters.year)}, ${param(from)}, 1, 0, 0, 0, '${LESSON_TIME_ZONE}')`,
      `s.date < make_timestamptz(${param(toYear)}, ${param(toMonth)}, 1, 0, 0, 0, '${LESSON_TIME_ZONE}')`,
    );
  } else if (filters.month !== undefined) {
    conditions.push(`extract(month from s.date at time zone '${LESSON_TIME_ZONE}') = ${param(filters.month)}`);
  }
  if (filters.teacherId !== undefined) conditions.push(`s.teacher_id = ${param(filters.teacherId)}`);
  if (filters.studentId !== undefined) conditions.push(`s.student_id = ${param(filters.studentId)}`);
  return conditions.join(" and ");
};

export interface LessonControlRequest extends LessonControlFilters {
  page: number;
  size: number;
  /** `scheduling.date,asc|desc` (or `date,…`); latest first when absent. */
  sort?: string;
}

/** `GET api/lessons` for administrators: one page of lesson control and how many lessons match. */
export const pageLessonControl = async (sql: Sql, request: LessonControlRequest): Promise<LessonControlPage> => {
  const params: unknown[] = [];
  const where = whereOf(request, params);
  const order = request.sort?.split(",")[1]?.toLowerCase() === "asc" ? "asc" : "desc";
  const [page, total] = await Promise.all([
    sql.query<LessonControlRow>(
      `select ${COLUMNS} from lesson_schedulings s where ${where}
       order by s.date ${order}, s.id ${order} limit ${request.size} offset ${request.page * request.size}`,
      params,
    ),
    lessonCount(sql, request),
  ]);
  return { content: page.rows.map(toView), totalElements: total };
};

/** How many lessons the filters match: from the month counts for the broad filters, else counted. */
const lessonCount = async (sql: Sql, filters: LessonControlFilters) => {
  const counted = await countedLessons(sql, filters);
  if (counted !== null) return counted;
  const params: unknown[] = [];
  const { rows } = await sql.query<{ count: string }>(
    `select count(*) as count from lesson_schedulings s where ${whereOf(filters, params)}`,
    params,
  );
  return Number(rows[0]?.count ?? 0);
};

/** The totals panel: the lessons the filters match, at PAYMENT_VALUE (teachers) and PURCHASE_VALUE (revenue) each. */
export const lessonControlTotals = async (sql: Sql, filters: LessonControlFilters): Promise<LessonControlTotals> => {
  const lessons = await lessonCount(sql, filters);
  const teacherCostCents = lessons * TEACHER_PAYMENT_CENTS;
  const revenueCents = lessons * LESSON_REMUNERATION_CENTS;
  return { lessons, teacherCost: teacherCostCents / 100, teacherCostCents, revenue: revenueCents / 100, revenueCents };
};

/** One lesson of lesson control (cancelled ones included, so the edit form can say it was cancelled). */
export const findLessonControl = async (sql: Sql, id: number) => {
  const { rows } = await sql.query<LessonControlRow & { status: string }>(
    `select ${COLUMNS}, s.status from lesson_schedulings s where s.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...toView(row), cancelled: row.status === "cancelled" } : null;
};

/** A lesson of the export: its lesson-control row and both feedbacks, when given. */
export interface LessonExportRow extends LessonControlView {
  studentFeedback: { note: number | null; information: string } | null;
  teacherFeedback: {
    skipped: boolean;
    status: number | null;
    note: number | null;
    information: string;
    sugestions: string;
    productSugestions: string;
    studentInformation: string;
    partialyHeld: string | null;
  } | null;
}

interface ExportRow extends LessonControlRow {
  sf_note: number | null;
  sf_information: string | null;
  tf_id: string | null;
  tf_skipped: boolean | null;
  tf_status: number | null;
  tf_note: number | null;
  tf_information: string | null;
  tf_sugestions: string | null;
  tf_product_sugestions: string | null;
  tf_student_information: string | null;
  tf_partialy_held: string | null;
  sf_id: string | null;
}

const toExportRow = (row: ExportRow): LessonExportRow => ({
  ...toView(row),
  studentFeedback: row.sf_id === null ? null : { note: row.sf_note, information: row.sf_information ?? "" },
  teacherFeedback:
    row.tf_id === null
      ? null
      : {
          skipped: row.tf_skipped ?? false,
          status: row.tf_status,
          note: row.tf_note,
          information: row.tf_information ?? "",
          sugestions: row.tf_sugestions ?? "",
          productSugestions: row.tf_product_sugestions ?? "",
          studentInformation: row.tf_student_information ?? "",
          partialyHeld: row.tf_partialy_held,
        },
});

/**
 * Every lesson the filters match with both feedbacks, latest first, in pages of `batchSize` read by key
 * (the last row's date and id), not by offset: each page costs the same however deep the export is, and
 * only one page is held in memory at a time.
 */
export async function* exportLessonControl(
  sql: Sql,
  filters: LessonControlFilters,
  batchSize = 5_000,
): AsyncGenerator<LessonExportRow[]> {
  let after: { date: Date | string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [];
    let where = whereOf(filters, params);
    if (after) {
      params.push(after.date, after.id);
      where += ` and (s.date, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    const { rows } = await sql.query<ExportRow>(
      `select ${COLUMNS}, sf.id as sf_id, sf.note as sf_note, sf.information as sf_information,
         tf.id as tf_id, tf.skipped as tf_skipped, tf.status as tf_status, tf.note as tf_note,
         tf.information as tf_information, tf.sugestions as tf_sugestions,
         tf.product_sugestions as tf_product_sugestions, tf.student_information as tf_student_information,
         tf.partialy_held as tf_partialy_held
       from lesson_schedulings s
       left join student_feedbacks sf on sf.lesson_id = s.id
       left join teacher_feedbacks tf on tf.lesson_id = s.id
       where ${where}
       order by s.date desc, s.id desc limit ${batchSize}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows.map(toExportRow);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as ExportRow;
    after = { date: last.date, id: last.id };
  }
}
