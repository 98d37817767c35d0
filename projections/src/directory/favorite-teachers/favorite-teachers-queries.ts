import { saoPauloInstant } from "@el/domain/directory/availability";
import type { FavoriteTeacher } from "@el/domain/directory/directory-contracts";
import type { Sql } from "../../sql";
import { CARD_COLUMNS, type CardRow, cardOf, cardParams } from "../teacher-directory/teacher-directory-queries";

/** How many of a favourite teacher's next free starts the student's home shows. */
export const FAVORITE_FREE_STARTS = 3;

/**
 * `GET /api/account/favorites`: the student's favourite teachers the directory still shows, in the order
 * they were added, each with their next free starts (at least the booking notice from `now`).
 */
export const favoriteTeachersOf = async (sql: Sql, studentId: number, now: Date): Promise<FavoriteTeacher[]> => {
  const { rows } = await sql.query<CardRow & { next_free_starts: string[] }>(
    `select ${CARD_COLUMNS},
       (select coalesce(json_agg(s.starts_at order by s.starts_at), '[]'::json) from (
          select f.starts_at from teacher_free_starts f
           where f.teacher_id = d.teacher_id and f.starts_at >= $1 order by f.starts_at limit $4
        ) s) as next_free_starts
       from favorite_teachers v join teacher_directory d on d.teacher_id = v.teacher_id and d.active
      where v.student_id = $3
      order by v.added_at, v.teacher_id`,
    [...cardParams(now), studentId, FAVORITE_FREE_STARTS],
  );
  return rows.map((row) => ({
    ...cardOf(row),
    nextFreeSlots: row.next_free_starts.map((start) => saoPauloInstant(Date.parse(start))),
  }));
};

/** Whether the student keeps the teacher among their favourites. */
export const isFavoriteTeacher = async (sql: Sql, studentId: number, teacherId: number) => {
  const { rows } = await sql.query("select 1 from favorite_teachers where student_id = $1 and teacher_id = $2", [
    studentId,
    teacherId,
  ]);
  return rows.length > 0;
};
