import { LESSON_DURATION_MS } from "@el/domain/lessons/lesson";
import type {
  PaymentSummary,
  PaymentsTotalView,
  PaymentView,
  TeacherLessonPaymentView,
} from "@el/domain/lessons/payment-view";
import { LESSON_TIME_ZONE, localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type { Sql } from "../../sql";

/**
 * Teacher payouts, read from `lesson_schedulings`: a payment is the `payment_id` a held lesson carries
 * (null: pending). Months are the lesson's, on the São Paulo calendar, as the teacher's finance cards
 * count them: paying "May" pays the lessons given in May.
 */

interface PaymentRow {
  id: string;
  date: Date | string;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  level_id: number;
  level_name: string;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_id: string;
  teacher_first_name: string;
  teacher_last_name: string | null;
  teacher_feedback_status: number | null;
  payment_id: string | null;
  paid_cents: number | null;
  paid_at: Date | string | null;
}

export interface PaymentFilters {
  teacherId?: number;
  year?: number;
  month?: number;
}

const LOCAL = `(date at time zone '${LESSON_TIME_ZONE}')`;
/** A lesson its teacher is owed for once over: claimed, not cancelled, not reported as not held. */
const OWED = `status = 'accepted' and coalesce(teacher_feedback_status, 0) <> 3`;
/** Over: started at least a lesson's length before `$n`. */
const over = (param: number) => `date <= $${param}::timestamptz - interval '${LESSON_DURATION_MS / 60_000} minutes'`;

const whereOf = (filters: PaymentFilters, params: unknown[], base: string[]) => {
  const conditions = [...base];
  const add = (condition: (param: number) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(params.length));
  };
  if (filters.teacherId !== undefined) add((n) => `teacher_id = $${n}`, filters.teacherId);
  if (filters.year !== undefined) add((n) => `extract(year from ${LOCAL}) = $${n}`, filters.year);
  if (filters.month !== undefined) add((n) => `extract(month from ${LOCAL}) = $${n}`, filters.month);
  return conditions.join(" and ");
};

const summaryOf = (row: PaymentRow): PaymentSummary | null =>
  row.payment_id === null
    ? null
    : {
        id: Number(row.payment_id),
        value: (row.paid_cents ?? 0) / 100,
        valueCents: row.paid_cents ?? 0,
        date: new Date(row.paid_at ?? row.date).toISOString(),
      };

const toPayment = (row: PaymentRow): PaymentView => ({
  ...(summaryOf(row) as PaymentSummary),
  lesson: {
    id: Number(row.id),
    date: new Date(row.date).toISOString(),
    trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
    student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
  },
  teacher: { id: Number(row.teacher_id), firstName: row.teacher_first_name, lastName: row.teacher_last_name },
});

/** `GET api/payments`: a page of payments, the latest lesson first. */
export const pagePayments = async (
  sql: Sql,
  query: PaymentFilters & { page: number; size: number },
): Promise<{ payments: PaymentView[]; total: number }> => {
  const params: unknown[] = [];
  const where = whereOf(query, params, ["payment_id is not null"]);
  const [page, counted] = await Promise.all([
    sql.query<PaymentRow>(
      `select * from lesson_schedulings where ${where} order by date desc, id desc
       limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, query.size, query.page * query.size],
    ),
    sql.query<{ total: string }>(`select count(*) as total from lesson_schedulings where ${where}`, params),
  ]);
  return { payments: page.rows.map(toPayment), total: Number(counted.rows[0]?.total ?? 0) };
};

/** `GET api/payments/totalAmount`: how many payments match and their sum. */
export const paymentsTotal = async (sql: Sql, filters: PaymentFilters): Promise<PaymentsTotalView> => {
  const params: unknown[] = [];
  const where = whereOf(filters, params, ["payment_id is not null"]);
  const { rows } = await sql.query<{ count: string; cents: string | null }>(
    `select count(*) as count, sum(paid_cents) as cents from lesson_schedulings where ${where}`,
    params,
  );
  const cents = Number(rows[0]?.cents ?? 0);
  return { count: Number(rows[0]?.count ?? 0), totalAmount: cents / 100, totalAmountCents: cents };
};

/** `GET api/payments/{id}`: one payment, as the list shows it; null when no lesson has it now. */
export const paymentView = async (sql: Sql, paymentId: number): Promise<PaymentView | null> => {
  const { rows } = await sql.query<PaymentRow>("select * from lesson_schedulings where payment_id = $1", [paymentId]);
  return rows[0] ? toPayment(rows[0]) : null;
};

/** The lesson a payment was made on, and its teacher: what undoing it by the payment's id needs. */
export const findPayment = async (sql: Sql, paymentId: number) => {
  const { rows } = await sql.query<{ id: string; teacher_id: string | null }>(
    "select id, teacher_id from lesson_schedulings where payment_id = $1",
    [paymentId],
  );
  const row = rows[0];
  return row ? { lessonId: Number(row.id), teacherId: row.teacher_id === null ? null : Number(row.teacher_id) } : null;
};

/** The teacher detail: the lessons the teacher claimed (not cancelled), latest first, each with its payment. */
export const teacherLessonsToPay = async (
  sql: Sql,
  teacherId: number,
  filters: Omit<PaymentFilters, "teacherId">,
  now: Date,
): Promise<TeacherLessonPaymentView[]> => {
  const params: unknown[] = [];
  const where = whereOf({ ...filters, teacherId }, params, ["status = 'accepted'"]);
  const { rows } = await sql.query<PaymentRow>(
    `select * from lesson_schedulings where ${where} order by date desc, id desc`,
    params,
  );
  return rows.map((row) => {
    const start = new Date(row.date);
    const held = start.getTime() + LESSON_DURATION_MS <= now.getTime();
    const reportedNotHeld = row.teacher_feedback_status === 3;
    return {
      lessonId: Number(row.id),
      startsAt: start.toISOString(),
      date: localDateOf(start),
      time: localTimeOf(start),
      trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
      level: { id: row.level_id, name: row.level_name },
      student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
      held,
      reportedNotHeld,
      payable: held && !reportedNotHeld,
      payment: summaryOf(row),
    };
  });
};

/** "Pagar todas deste mês": the teacher's lessons of the month that are owed and not paid yet. */
export const owedLessonsOfMonth = async (
  sql: Sql,
  teacherId: number,
  month: { year: number; month: number },
  now: Date,
): Promise<number[]> => {
  const params: unknown[] = [now];
  const where = whereOf({ teacherId, ...month }, params, [OWED, "payment_id is null", over(1)]);
  const { rows } = await sql.query<{ id: string }>(
    `select id from lesson_schedulings where ${where} order by date, id`,
    params,
  );
  return rows.map((row) => Number(row.id));
};

/** The teacher list's debt indicator: which of these teachers have a held lesson not paid yet. */
export const teachersOwed = async (sql: Sql, teacherIds: readonly number[], now: Date): Promise<Set<number>> => {
  if (teacherIds.length === 0) return new Set();
  const { rows } = await sql.query<{ teacher_id: string }>(
    `select distinct teacher_id from lesson_schedulings
     where teacher_id = any($2::bigint[]) and ${OWED} and payment_id is null and ${over(1)}`,
    [now, teacherIds],
  );
  return new Set(rows.map((row) => Number(row.teacher_id)));
};
