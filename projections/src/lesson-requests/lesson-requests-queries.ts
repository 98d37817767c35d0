import type { LessonRequestView } from "@el/domain/directory/directory-contracts";
import type { LessonScheduled } from "@el/domain/lessons/lesson";
import type { Sql } from "../sql";

/** The most requests one list shows: the open ones first, then the latest answered. */
export const LESSON_REQUESTS_LIST_LIMIT = 200;

interface RequestRow {
  lesson_id: string;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_id: string;
  teacher_first_name: string;
  teacher_last_name: string | null;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  level_id: number;
  level_name: string;
  date: Date;
  objective: LessonScheduled["objective"];
  created_date: Date;
  status: LessonRequestView["status"];
  fallback: LessonRequestView["fallback"];
  expires_at: Date;
  holder_id: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  meet_url: string | null;
}

const iso = (value: Date) => new Date(value).toISOString();

const viewOf = (row: RequestRow): LessonRequestView => {
  const id = Number(row.lesson_id);
  return {
    id,
    status: row.status,
    fallback: row.fallback,
    expiresAt: iso(row.expires_at),
    scheduling: {
      id,
      date: iso(row.date),
      objective: row.objective,
      trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title, level: row.level_id },
      level: { id: row.level_id, name: row.level_name },
      student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
      lesson:
        row.holder_id !== null && row.meet_url !== null
          ? {
              id,
              meetUrl: row.meet_url,
              teacher: {
                id: Number(row.holder_id),
                firstName: row.holder_first_name ?? "",
                lastName: row.holder_last_name,
              },
            }
          : null,
      createdDate: iso(row.created_date),
    },
    teacher: { id: Number(row.teacher_id), firstName: row.teacher_first_name, lastName: row.teacher_last_name },
  };
};

/**
 * `GET /api/lesson-requests`: a teacher's are the requests made of them, a student's the ones they made;
 * those still waiting for the answer first (the soonest to expire on top, then the first asked), then the others, latest lesson first.
 */
export const lessonRequestsOf = async (
  sql: Sql,
  viewer: { role: "teacher" | "student"; id: number },
): Promise<LessonRequestView[]> => {
  const owner = viewer.role === "teacher" ? "teacher_id" : "student_id";
  const { rows } = await sql.query<RequestRow>(
    `select * from lesson_requests where ${owner} = $1
     order by status = 'REQUESTED' desc, case when status = 'REQUESTED' then expires_at end,
       case when status = 'REQUESTED' then lesson_id end, date desc, lesson_id desc
     limit $2`,
    [viewer.id, LESSON_REQUESTS_LIST_LIMIT],
  );
  return rows.map(viewOf);
};

/** The lessons whose request still waits for an answer at `now` though its time is over: the expiry sweep's list. */
export const lessonRequestsDue = async (sql: Sql, now: Date, limit = 500): Promise<number[]> => {
  const { rows } = await sql.query<{ lesson_id: string }>(
    `select lesson_id from lesson_requests where status = 'REQUESTED' and expires_at <= $1
     order by expires_at, lesson_id limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => Number(row.lesson_id));
};

/**
 * The lessons requested of a teacher that they declined or let expire: no longer theirs in the lessons' read
 * model, yet their events name the teacher, so a teacher's personal data download and erasure include them.
 */
export const lessonIdsRequestedOf = async (sql: Sql, teacherId: number): Promise<number[]> => {
  const { rows } = await sql.query<{ lesson_id: string }>(
    "select lesson_id from lesson_requests where teacher_id = $1 and status in ('DECLINED', 'EXPIRED') order by lesson_id",
    [teacherId],
  );
  return rows.map((row) => Number(row.lesson_id));
};
