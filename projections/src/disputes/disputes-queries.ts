import {
  answerDeadlineOf,
  type DisputeParty,
  type DisputeReason,
  FLAG_DISPUTES,
  FLAG_WINDOW_DAYS,
} from "@el/domain/disputes/dispute";
import type { DisputeStatus, DisputeView, FlaggedTeacherView } from "@el/domain/disputes/dispute-contracts";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "../sql";

/** Who asks: a student or a teacher sees the disputes of their own lessons, an administrator every one. */
export type DisputeViewer = { role: "student" | "teacher"; id: number } | { role: "admin" };

interface DisputeRow {
  id: string;
  lesson_id: string;
  lesson_date: Date;
  reason: DisputeReason;
  status: DisputeStatus;
  opened_by: DisputeParty;
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  teacher_id: string;
  teacher_first_name: string;
  teacher_last_name: string | null;
  comment: string;
  opened_at: Date;
  answer_comment: string | null;
  answered_at: Date | null;
  refund_student: boolean | null;
  pay_teacher: boolean | null;
  resolution_reason: string | null;
  resolved_at: Date | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toView = (row: DisputeRow): DisputeView => {
  const openedAt = iso(row.opened_at);
  return {
    id: Number(row.id),
    lessonId: Number(row.lesson_id),
    lessonDate: iso(row.lesson_date),
    reason: row.reason,
    status: row.status,
    openedBy: row.opened_by,
    student: {
      id: Number(row.student_id),
      name: fullName({ firstName: row.student_first_name, lastName: row.student_last_name }),
    },
    teacher: {
      id: Number(row.teacher_id),
      name: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
    },
    comment: row.comment,
    openedAt,
    answerDeadline: answerDeadlineOf({ at: openedAt }),
    answer:
      row.answer_comment !== null && row.answered_at !== null
        ? { comment: row.answer_comment, at: iso(row.answered_at) }
        : null,
    resolution:
      row.resolved_at !== null
        ? {
            refundStudent: row.refund_student === true,
            payTeacher: row.pay_teacher === true,
            reason: row.resolution_reason ?? "",
            at: iso(row.resolved_at),
          }
        : null,
  };
};

/** The disputes `viewer` may see, of one status when asked: the oldest first, as a queue is worked. */
export const disputesOf = async (
  db: Sql,
  viewer: DisputeViewer,
  status: DisputeStatus | undefined,
): Promise<DisputeView[]> => {
  const { rows } = await db.query<DisputeRow>(
    `select * from disputes
     where ($1::text is null or status = $1)
       and ($2::text = 'admin' or ($2 = 'student' and student_id = $3) or ($2 = 'teacher' and teacher_id = $3))
     order by opened_at, id
     limit 500`,
    [status ?? null, viewer.role, viewer.role === "admin" ? null : viewer.id],
  );
  return rows.map(toView);
};

/** One dispute, when `viewer` may see it (null otherwise: someone else's is one they do not know of). */
export const disputeOf = async (db: Sql, viewer: DisputeViewer, id: number): Promise<DisputeView | null> => {
  const { rows } = await db.query<DisputeRow>("select * from disputes where id = $1", [id]);
  const row = rows[0];
  if (!row) return null;
  if (viewer.role === "student" && Number(row.student_id) !== viewer.id) return null;
  if (viewer.role === "teacher" && Number(row.teacher_id) !== viewer.id) return null;
  return toView(row);
};

/**
 * Teachers with FLAG_DISPUTES or more disputes against them opened in the FLAG_WINDOW_DAYS before `now`:
 * reported absent, or resolved with their payout withheld. Most disputes first.
 */
export const flaggedTeachers = async (db: Sql, now: Date): Promise<FlaggedTeacherView[]> => {
  const since = new Date(now.getTime() - FLAG_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const { rows } = await db.query<{
    teacher_id: string;
    teacher_first_name: string;
    teacher_last_name: string | null;
    disputes: string;
  }>(
    `select teacher_id, max(teacher_first_name) as teacher_first_name, max(teacher_last_name) as teacher_last_name,
       count(*) as disputes
     from disputes
     where opened_at > $1 and opened_at <= $2 and (reason = 'TEACHER_ABSENT' or pay_teacher = false)
     group by teacher_id
     having count(*) >= $3
     order by count(*) desc, teacher_id`,
    [since, now, FLAG_DISPUTES],
  );
  return rows.map((row) => ({
    teacherId: Number(row.teacher_id),
    name: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
    disputes: Number(row.disputes),
  }));
};
