import type { Objective } from "@el/domain/accounts/account";
import { LESSON_DURATION_MS, LESSON_REMUNERATION_CENTS, TEACHER_PAYMENT_CENTS } from "@el/domain/lessons/lesson";
import { LESSON_TIME_ZONE, localDateOf, localTimeOf } from "@el/domain/lessons/sao-paulo-time";
import type {
  FinanceMonthView,
  LessonPage,
  LessonPeriod,
  LessonView,
  SchedulingView,
} from "@el/domain/lessons/scheduling-view";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "../../sql";

/** Who is asking: a lesson "of mine" is one I scheduled (student) or claimed (teacher). */
export interface LessonViewer {
  id: number;
  role: "student" | "teacher";
}

interface LessonSchedulingRow {
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
  created_date: Date | string;
  status: "pending" | "accepted" | "cancelled";
  teacher_id: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
  meet_url: string | null;
  student_feedback_id: string | null;
  teacher_feedback_id: string | null;
  payment_id: string | null;
  paid_cents: number | null;
  paid_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const nullableNumber = (value: string | null) => (value === null ? null : Number(value));
/** The scheduling as `api/schedulings` answers it (spec section 3, Scheduling). */
export const toScheduling = (row: LessonSchedulingRow): SchedulingView => ({
  id: Number(row.id),
  date: iso(row.date),
  objective: row.objective,
  trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title, level: row.level_id },
  level: { id: row.level_id, name: row.level_name },
  student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
  lesson:
    row.status === "accepted" && row.teacher_id !== null
      ? {
          id: Number(row.id),
          meetUrl: row.meet_url as string,
          teacher: {
            id: Number(row.teacher_id),
            firstName: row.teacher_first_name as string,
            lastName: row.teacher_last_name,
          },
        }
      : null,
  createdDate: iso(row.created_date),
});

/** The lesson view model of spec section 3, as the student and teacher areas list lessons. */
export const toLessonView = (row: LessonSchedulingRow, viewer: LessonViewer): LessonView => {
  const accepted = row.status === "accepted";
  const start = new Date(row.date);
  const end = new Date(start.getTime() + LESSON_DURATION_MS);
  const studentName = fullName({ firstName: row.student_first_name, lastName: row.student_last_name });
  const teacherName = accepted
    ? fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name })
    : null;
  return {
    id: Number(row.id),
    lessonId: accepted ? Number(row.id) : null,
    title: row.trail_title,
    trail: `${row.trail_number} - ${row.trail_title}`,
    trailObj: { id: row.trail_id, number: row.trail_number, title: row.trail_title, level: row.level_id },
    level: { id: row.level_id, name: row.level_name },
    /** Day, start and end on the São Paulo wall clock; `startsAt`/`endsAt` are the instants. */
    date: localDateOf(start),
    time: localTimeOf(start),
    endTime: localTimeOf(end),
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    status: accepted ? "Aceito" : "Pendente",
    /** In reais, as the spec's PURCHASE_VALUE is shown. */
    remuneration: LESSON_REMUNERATION_CENTS / 100,
    teacherFromLesson: viewer.role === "student" ? (teacherName ?? "Pendente") : studentName,
    teacher: accepted ? { id: Number(row.teacher_id), name: teacherName as string } : null,
    meetUrl: accepted ? row.meet_url : null,
    student: studentName,
    studentObject: { firstName: row.student_first_name, lastName: row.student_last_name },
    objective: row.objective,
    studentFeedbackId: nullableNumber(row.student_feedback_id),
    teacherFeedbackId: nullableNumber(row.teacher_feedback_id),
    payment:
      row.payment_id === null
        ? null
        : {
            id: Number(row.payment_id),
            value: (row.paid_cents ?? 0) / 100,
            valueCents: row.paid_cents ?? 0,
            date: iso(row.paid_at ?? row.date),
          },
    createdDate: iso(row.created_date),
  };
};

const ownerColumn = (viewer: LessonViewer) => (viewer.role === "student" ? "student_id" : "teacher_id");

export const findScheduling = async (sql: Sql, id: number) => {
  const { rows } = await sql.query<LessonSchedulingRow>("select * from lesson_schedulings where id = $1", [id]);
  return rows[0] ? toScheduling(rows[0]) : null;
};

/** `GET api/schedulings/authenticatedUser`: the viewer's schedulings that still stand, latest first. */
export const schedulingsOf = async (sql: Sql, viewer: LessonViewer) => {
  const { rows } = await sql.query<LessonSchedulingRow>(
    `select * from lesson_schedulings where ${ownerColumn(viewer)} = $1 and status <> 'cancelled'
     order by date desc, id desc`,
    [viewer.id],
  );
  return rows.map(toScheduling);
};

/**
 * The feedback prompt: the viewer's latest lesson that took place (claimed, not cancelled) and started
 * more than an hour ago, still without this viewer's feedback.
 */
export const lastWithoutFeedback = async (sql: Sql, viewer: LessonViewer, now: Date) => {
  const feedback = viewer.role === "student" ? "student_feedback_id" : "teacher_feedback_id";
  const { rows } = await sql.query<LessonSchedulingRow>(
    `select * from lesson_schedulings
     where ${ownerColumn(viewer)} = $1 and status = 'accepted' and ${feedback} is null and date < $2
     order by date desc, id desc limit 1`,
    [viewer.id, new Date(now.getTime() - LESSON_DURATION_MS)],
  );
  return rows[0] ? toScheduling(rows[0]) : null;
};

/**
 * The teachers' board: lessons waiting for any teacher, soonest first (not those whose student chose the
 * teacher, see `on_board`); `from` keeps only those still ahead.
 */
export const pendingLessons = async (sql: Sql, from?: Date) => {
  const { rows } = await sql.query<LessonSchedulingRow>(
    `select * from lesson_schedulings where status = 'pending' and on_board and ($1::timestamptz is null or date > $1)
     order by date asc, id asc`,
    [from ?? null],
  );
  return rows.map(toScheduling);
};

const sortColumns: Record<string, string> = {
  date: "date",
  "scheduling.date": "date",
  createdDate: "created_date",
  id: "id",
};

export interface LessonPageRequest {
  page: number;
  size: number;
  /** `field,asc|desc`; by the lesson's date, latest first, when absent or unknown. */
  sort?: string;
  /** The student area's three sections, on the São Paulo calendar, as seen at `now`. */
  period?: LessonPeriod;
  now: Date;
}

/** `GET api/lessons/authenticatedUser`: a page of the viewer's lessons as `{ content, totalElements }`. */
export const lessonsOf = async (sql: Sql, viewer: LessonViewer, request: LessonPageRequest): Promise<LessonPage> => {
  const [field, direction] = (request.sort ?? "").split(",");
  // Own keys only: `__proto__` or `toString` would name something of every object, not a column.
  const column = field && Object.hasOwn(sortColumns, field) ? sortColumns[field] : "date";
  const order = direction?.toLowerCase() === "asc" ? "asc" : "desc";
  const localDay = `(date at time zone '${LESSON_TIME_ZONE}')::date`;
  const today = `($2::timestamptz at time zone '${LESSON_TIME_ZONE}')::date`;
  const periods: Record<LessonPeriod, string> = {
    today: `${localDay} = ${today}`,
    upcoming: `${localDay} > ${today}`,
    // Over once its hour has passed: a lesson in progress is still one of today's.
    finished: `date <= $2::timestamptz - interval '${LESSON_DURATION_MS / 60_000} minutes' and status = 'accepted'`,
  };
  const mine = `${ownerColumn(viewer)} = $1 and status <> 'cancelled'`;
  const where = request.period ? `${mine} and ${periods[request.period]}` : mine;
  const params: unknown[] = request.period ? [viewer.id, request.now] : [viewer.id];
  const [page, total] = await Promise.all([
    sql.query<LessonSchedulingRow>(
      `select * from lesson_schedulings where ${where} order by ${column} ${order}, id ${order}
       limit ${request.size} offset ${request.page * request.size}`,
      params,
    ),
    sql.query<{ count: string }>(`select count(*) as count from lesson_schedulings where ${where}`, params),
  ]);
  return {
    content: page.rows.map((row) => toLessonView(row, viewer)),
    totalElements: Number(total.rows[0]?.count ?? 0),
  };
};

/**
 * `GET api/lessons/teacher/{login}`: one card per month (São Paulo calendar) of the lessons the teacher
 * claimed, except those cancelled or reported as not held, as seen at `now`: how many were paid, how many
 * were given (their hour is over) and are not paid yet, and how many are still to come.
 */
export const teacherFinanceByMonth = async (sql: Sql, teacherId: number, now: Date): Promise<FinanceMonthView[]> => {
  const over = `date <= $2::timestamptz - interval '${LESSON_DURATION_MS / 60_000} minutes'`;
  const { rows } = await sql.query<{ year: number; month: number; total: string; paid: string; owed: string }>(
    `select extract(year from date at time zone '${LESSON_TIME_ZONE}')::int as year,
            extract(month from date at time zone '${LESSON_TIME_ZONE}')::int as month,
            count(*) as total, count(payment_id) as paid,
            count(*) filter (where payment_id is null and ${over}) as owed
     from lesson_schedulings
     where teacher_id = $1 and status = 'accepted' and coalesce(teacher_feedback_status, 0) <> 3
     group by 1, 2 order by 1 desc, 2 desc`,
    [teacherId, now],
  );
  return rows.map((row) => {
    const totalLessons = Number(row.total);
    const paidLessons = Number(row.paid);
    const owedLessons = Number(row.owed);
    const upcomingLessons = totalLessons - paidLessons - owedLessons;
    const valueCents = totalLessons * TEACHER_PAYMENT_CENTS;
    return {
      year: row.year,
      month: row.month,
      totalLessons,
      /** In reais (PAYMENT_VALUE 25 per lesson); `valueCents` is the exact amount. */
      value: valueCents / 100,
      valueCents,
      paidLessons,
      owedLessons,
      upcomingLessons,
      status: owedLessons > 0 ? "pending" : upcomingLessons > 0 ? "scheduled" : "paid",
    };
  });
};

/** Every lesson a person scheduled or gave, cancelled ones too (their data export and erasure). */
export const lessonIdsOf = async (sql: Sql, viewer: LessonViewer): Promise<number[]> => {
  const { rows } = await sql.query<{ id: string }>(
    `select id from lesson_schedulings where ${ownerColumn(viewer)} = $1 order by id`,
    [viewer.id],
  );
  return rows.map((row) => Number(row.id));
};

/**
 * Whether the teacher teaches (or taught) one of the student's lessons; cancelled ones and lessons the
 * teacher was taken off do not count. Read from the lessons a command's answer waits for, so a student
 * told their lesson was accepted may open the teacher's profile at once.
 */
export const teachesStudent = async (sql: Sql, teacherId: number, studentId: number): Promise<boolean> => {
  const { rows } = await sql.query(
    "select 1 from lesson_schedulings where teacher_id = $1 and student_id = $2 and status <> 'cancelled' limit 1",
    [teacherId, studentId],
  );
  return rows.length > 0;
};
