import {
  BOARD_DEFAULT_DAYS,
  BOARD_MAX_DAYS,
  type BoardCard,
  type BoardView,
  boardColumnsOf,
  boardCountersOf,
} from "@el/domain/lessons/board-view";
import { type LessonScheduled, lessonStreams } from "@el/domain/lessons/lesson";
import { LESSON_TIME_ZONE } from "@el/domain/lessons/sao-paulo-time";
import { ADMINS_ROOM, type ServerToClientPayload } from "@el/domain/realtime";
import { fullName } from "@el/domain/shared/full-name";
import type { Projector, Push } from "../../runner/projector";
import type { Sql } from "../../sql";

/**
 * The live lesson board, read from `lesson_schedulings` (which keeps every fact a card shows): the
 * query for `GET api/board` and the `board:changed` push that moves one card for every administrator.
 */

interface BoardRow {
  id: string;
  date: Date | string;
  status: BoardCard["status"];
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  level_id: number;
  level_name: string;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  teacher_id: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
  created_date: Date | string;
  accepted_at: Date | string | null;
  cancelled_at: Date | string | null;
  student_feedback_id: string | null;
  teacher_feedback_id: string | null;
  payment_id: string | null;
}

const COLUMNS = `id, date, status, student_id, student_first_name, student_last_name, level_id, level_name, trail_id,
  trail_number, trail_title, teacher_id, teacher_first_name, teacher_last_name, created_date, accepted_at,
  cancelled_at, student_feedback_id, teacher_feedback_id, payment_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

export const toBoardCard = (row: BoardRow): BoardCard => ({
  id: Number(row.id),
  date: iso(row.date),
  status: row.status,
  student: {
    id: Number(row.student_id),
    name: fullName({ firstName: row.student_first_name, lastName: row.student_last_name }),
  },
  level: { id: row.level_id, name: row.level_name },
  trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
  teacher:
    row.status === "accepted" && row.teacher_id !== null
      ? {
          id: Number(row.teacher_id),
          name: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
        }
      : null,
  waitingSince: iso(row.created_date),
  acceptedAt: row.accepted_at === null ? null : iso(row.accepted_at),
  cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
  studentFeedbackGiven: row.student_feedback_id !== null,
  teacherFeedbackGiven: row.teacher_feedback_id !== null,
  paid: row.payment_id !== null,
});

/** The lesson's card as the read model has it now; null when it has no row. */
export const boardCard = async (sql: Sql, id: number) => {
  const { rows } = await sql.query<BoardRow>(`select ${COLUMNS} from lesson_schedulings where id = $1`, [id]);
  return rows[0] ? toBoardCard(rows[0]) : null;
};

export interface BoardRequest {
  now: Date;
  /** Today and the days after it, on the São Paulo calendar. */
  days?: number;
}

/**
 * `GET api/board`: every lesson (cancelled ones too) from the start of today to the end of the last of
 * `days` days in São Paulo, in columns as seen at `now`, with their counts.
 */
export const lessonBoard = async (sql: Sql, request: BoardRequest): Promise<BoardView> => {
  const days = Math.min(Math.max(Math.trunc(request.days ?? BOARD_DEFAULT_DAYS), 1), BOARD_MAX_DAYS);
  const today = `($1::timestamptz at time zone '${LESSON_TIME_ZONE}')::date`;
  const { rows: bounds } = await sql.query<{ from: Date | string; to: Date | string }>(
    `select (${today})::timestamp at time zone '${LESSON_TIME_ZONE}' as "from",
       (${today} + $2::int)::timestamp at time zone '${LESSON_TIME_ZONE}' as "to"`,
    [request.now, days],
  );
  const { from, to } = bounds[0] as { from: Date | string; to: Date | string };
  const { rows } = await sql.query<BoardRow>(
    `select ${COLUMNS} from lesson_schedulings where date >= $1 and date < $2 order by date asc, id asc`,
    [from, to],
  );
  const columns = boardColumnsOf(rows.map(toBoardCard), request.now);
  return { now: request.now.toISOString(), from: iso(from), to: iso(to), columns, counters: boardCountersOf(columns) };
};

/** `board:changed` for the lesson `id`, with its card as the transaction now has it. */
export const boardChangedPush = async (tx: Sql, id: number): Promise<Push> => {
  const payload: ServerToClientPayload<"board:changed"> = { lessonId: id, card: await boardCard(tx, id) };
  return { room: ADMINS_ROOM, event: "board:changed", payload };
};

/** `board:changed` for a lesson just scheduled: its card as the row its event inserts reads (waiting, no teacher). */
const scheduledCardPush = (data: LessonScheduled): Push => {
  const card = toBoardCard({
    id: String(data.id),
    date: data.date,
    status: "pending",
    student_id: String(data.student.id),
    student_first_name: data.student.firstName,
    student_last_name: data.student.lastName ?? null,
    level_id: data.level.id,
    level_name: data.level.name,
    trail_id: data.trail.id,
    trail_number: data.trail.number,
    trail_title: data.trail.title,
    teacher_id: null,
    teacher_first_name: null,
    teacher_last_name: null,
    created_date: data.createdDate,
    accepted_at: null,
    cancelled_at: null,
    student_feedback_id: null,
    teacher_feedback_id: null,
    payment_id: null,
  });
  const payload: ServerToClientPayload<"board:changed"> = { lessonId: data.id, card };
  return { room: ADMINS_ROOM, event: "board:changed", payload };
};

/**
 * `projector` (the lesson-schedulings one) that also tells every administrator's board, after each event
 * it applies, how the lesson's card now stands: the push leaves with the projector's own, once the
 * transaction that wrote the row commits, from whichever instance runs it.
 */
export const withBoardPushes = (projector: Projector): Projector => ({
  ...projector,
  // After the projector's own: each scheduled lesson's card from its event, and each other lesson the batch
  // changed read back once, as it stands after the batch. A replay, where nobody listens, reads none back.
  evolve: async (events, tx, context) => {
    const pushes = await projector.evolve(events, tx, context);
    if (!context.live) return pushes;
    const changed = new Map<number, number>();
    for (const recorded of events) {
      // An erasure is of an account: the board's rows hold no names, so it has nothing to push.
      if (!lessonStreams.holds(recorded.streamId)) continue;
      const recordedAt = recorded.recordedAt.getTime();
      // A lesson just scheduled has the row its event makes: its card needs no read back.
      if (recorded.type === "LessonScheduled")
        pushes.push({ ...scheduledCardPush(recorded.data as LessonScheduled), recordedAt });
      else changed.set(lessonStreams.parse(recorded.streamId), recordedAt);
    }
    for (const [lessonId, recordedAt] of changed)
      pushes.push({ ...(await boardChangedPush(tx, lessonId)), recordedAt });
    return pushes;
  },
});
