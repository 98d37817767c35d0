import { z } from "zod";
import { LESSON_DURATION_MS, LevelSnapshot, TrailSnapshot } from "./lesson";

/**
 * The live lesson board (`/gerencia/quadro`, `GET api/board`, the `board:changed` push): today's and the
 * next days' lessons, one card each, in columns by state. Declared once: the backend's response schema,
 * the projection's query and push, and the web app's parsing and live updates all use these.
 */

/** The board's columns, in the order the screen shows them. */
export const BOARD_COLUMNS = ["waiting", "accepted", "inProgress", "awaitingFeedback", "done", "cancelled"] as const;
export const BoardColumn = z.enum(BOARD_COLUMNS);
export type BoardColumn = z.infer<typeof BoardColumn>;

/** How many days `GET api/board` shows by default (today included), and at most. */
export const BOARD_DEFAULT_DAYS = 3;
export const BOARD_MAX_DAYS = 14;

/** After how many minutes without a teacher a waiting card is highlighted, unless the administrator chose. */
export const BOARD_DEFAULT_WAITING_ALERT_MINUTES = 30;

const Person = z.object({ id: z.number().int(), name: z.string() });

/** One lesson on the board: what its card shows and the facts its column follows from. */
export const BoardCard = z.object({
  /** The lesson's id (its scheduling's). */
  id: z.number().int(),
  /** The start, an ISO instant. */
  date: z.string(),
  status: z.enum(["pending", "accepted", "cancelled"]),
  student: Person,
  level: LevelSnapshot,
  trail: TrailSnapshot,
  /** Null while no teacher has the lesson. */
  teacher: Person.nullable(),
  /** When it was scheduled: how long it has waited for a teacher, an ISO instant. */
  waitingSince: z.string(),
  acceptedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  studentFeedbackGiven: z.boolean(),
  teacherFeedbackGiven: z.boolean(),
  paid: z.boolean(),
});
export type BoardCard = z.infer<typeof BoardCard>;

/**
 * Where a card stands at `now`: waiting for a teacher, accepted (not started), in progress (now within
 * its hour), held and waiting for the teacher's feedback, done (the teacher reported it), cancelled.
 * A lesson nobody claimed stays waiting, even past its time: it is the one the team must look at.
 */
export const boardColumnOf = (card: Pick<BoardCard, "date" | "status" | "teacherFeedbackGiven">, now: Date) => {
  if (card.status === "cancelled") return "cancelled" satisfies BoardColumn;
  if (card.status === "pending") return "waiting" satisfies BoardColumn;
  const start = Date.parse(card.date);
  if (now.getTime() < start) return "accepted" satisfies BoardColumn;
  if (now.getTime() < start + LESSON_DURATION_MS) return "inProgress" satisfies BoardColumn;
  return card.teacherFeedbackGiven ? ("done" satisfies BoardColumn) : ("awaitingFeedback" satisfies BoardColumn);
};

export type BoardColumns = Record<BoardColumn, BoardCard[]>;
export type BoardCounters = Record<BoardColumn, number>;

const byDate = (a: BoardCard, b: BoardCard) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id;

/** Cards into their columns at `now`, each column soonest first. */
export const boardColumnsOf = (cards: readonly BoardCard[], now: Date): BoardColumns => {
  const columns = Object.fromEntries(BOARD_COLUMNS.map((column) => [column, [] as BoardCard[]])) as BoardColumns;
  for (const card of cards) columns[boardColumnOf(card, now)].push(card);
  for (const column of BOARD_COLUMNS) columns[column].sort(byDate);
  return columns;
};

export const boardCountersOf = (columns: BoardColumns): BoardCounters =>
  Object.fromEntries(BOARD_COLUMNS.map((column) => [column, columns[column].length])) as BoardCounters;

/** Whether a waiting card has waited more than `minutes` at `now` (the board highlights it). */
export const isWaitingTooLong = (card: BoardCard, now: Date, minutes: number) =>
  card.status === "pending" && now.getTime() - Date.parse(card.waitingSince) > minutes * 60_000;

const columnsSchema = z.object(
  Object.fromEntries(BOARD_COLUMNS.map((column) => [column, z.array(BoardCard)])) as Record<
    BoardColumn,
    z.ZodArray<typeof BoardCard>
  >,
);
const countersSchema = z.object(
  Object.fromEntries(BOARD_COLUMNS.map((column) => [column, z.number().int()])) as Record<BoardColumn, z.ZodNumber>,
);

/**
 * `GET api/board?days=N`: the lessons from the start of today to the end of the N-th day (São Paulo
 * calendar, `from` inclusive, `to` exclusive), in columns as seen at `now`, with their counts.
 */
export const BoardView = z.object({
  now: z.string(),
  from: z.string(),
  to: z.string(),
  columns: columnsSchema,
  counters: countersSchema,
});
export type BoardView = z.infer<typeof BoardView>;

/**
 * `board:changed` to `role:admin`: the lesson's card as it now stands, or null when the lesson is gone
 * from the read model. A client keeps it if its date is on the board's days, else drops the card.
 */
export const BoardChanged = z.object({ lessonId: z.number().int(), card: BoardCard.nullable() });
export type BoardChanged = z.infer<typeof BoardChanged>;

/** A card's date within the board's days. */
export const isOnBoard = (card: BoardCard, board: Pick<BoardView, "from" | "to">) => {
  const start = Date.parse(card.date);
  return start >= Date.parse(board.from) && start < Date.parse(board.to);
};
