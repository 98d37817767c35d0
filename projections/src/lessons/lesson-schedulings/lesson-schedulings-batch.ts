import type { RecordedEvent } from "@el/domain";
import { lessonStreams } from "@el/domain/lessons/lesson";
import type { Sql } from "../../sql";

/**
 * `lesson_schedulings` for many events at once (replays, blue/green rebuilds): the rows a batch touches are
 * read in one statement, each event is folded onto its row in memory exactly as the projector's SQL
 * changes it, and the rows are written back in one upsert. Two statements per batch instead of one per
 * event; `lesson-schedulings-batch.int.spec.ts` proves the rows equal what applying one event at a time leaves.
 */

const COLUMNS = [
  "id",
  "student_id",
  "student_first_name",
  "student_last_name",
  "trail_id",
  "trail_number",
  "trail_title",
  "level_id",
  "level_name",
  "date",
  "objective",
  "created_date",
  "status",
  "teacher_id",
  "teacher_first_name",
  "teacher_last_name",
  "meet_url",
  "accepted_at",
  "cancelled_at",
  "student_feedback_id",
  "teacher_feedback_id",
  "teacher_feedback_status",
  "payment_id",
  "paid_cents",
  "paid_at",
  "on_board",
  "chosen_how",
  "series_id",
] as const;

type Row = Record<(typeof COLUMNS)[number], unknown>;

const emptyRow = (): Row => Object.fromEntries(COLUMNS.map((column) => [column, null])) as Row;

/** One event on the row of its lesson, as the projector's statement for it: an absent row stays absent. */
const fold = (row: Row | undefined, recorded: RecordedEvent): Row | undefined => {
  const event = lessonStreams.event(recorded);
  if (event.type === "LessonScheduled") {
    // `on conflict (id) do nothing`
    if (row) return row;
    const { data } = event;
    return {
      ...emptyRow(),
      id: data.id,
      student_id: data.student.id,
      student_first_name: data.student.firstName,
      student_last_name: data.student.lastName,
      trail_id: data.trail.id,
      trail_number: data.trail.number,
      trail_title: data.trail.title,
      level_id: data.level.id,
      level_name: data.level.name,
      date: data.date,
      objective: data.objective,
      created_date: data.createdDate,
      status: "pending",
      on_board: data.chosenTeacher === undefined,
      chosen_how: data.chosenTeacher?.how ?? null,
      series_id: data.chosenTeacher?.seriesId ?? null,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case "LessonAccepted": {
      const { teacher, meetUrl, acceptedAt } = event.data;
      return {
        ...row,
        status: "accepted",
        teacher_id: teacher.id,
        teacher_first_name: teacher.firstName,
        teacher_last_name: teacher.lastName,
        meet_url: meetUrl,
        accepted_at: acceptedAt,
      };
    }
    case "LessonMoved":
      return { ...row, date: event.data.date };
    case "LessonTeacherChanged": {
      const { teacher, meetUrl, at } = event.data;
      return {
        ...row,
        status: "accepted",
        teacher_id: teacher.id,
        teacher_first_name: teacher.firstName,
        teacher_last_name: teacher.lastName,
        meet_url: meetUrl,
        accepted_at: at,
      };
    }
    case "LessonTeacherUnassigned":
      return {
        ...row,
        status: "pending",
        teacher_id: null,
        teacher_first_name: null,
        teacher_last_name: null,
        meet_url: null,
        accepted_at: null,
        on_board: true,
      };
    case "LessonRequestLapsed":
      return event.data.fallback === "BOARD" ? { ...row, on_board: true } : row;
    case "LessonCancelled":
      return { ...row, status: "cancelled", cancelled_at: event.data.at };
    case "StudentFeedbackGiven":
      return { ...row, student_feedback_id: event.data.feedbackId };
    case "TeacherFeedbackGiven":
      return { ...row, teacher_feedback_id: event.data.feedbackId, teacher_feedback_status: event.data.status };
    case "LessonPaid":
      return { ...row, payment_id: event.data.paymentId, paid_cents: event.data.valueCents, paid_at: event.data.at };
    case "LessonPaymentCancelled":
      return { ...row, payment_id: null, paid_cents: null, paid_at: null };
    case "StudentFeedbackDeleted":
      return { ...row, student_feedback_id: null };
    case "TeacherFeedbackRevised":
      return { ...row, teacher_feedback_status: event.data.status };
    case "TeacherFeedbackDeleted":
      return { ...row, teacher_feedback_id: null, teacher_feedback_status: null };
    case "LessonVideoLinkChanged":
      return { ...row, meet_url: event.data.meetUrl };
    default:
      return row;
  }
};

const lessonIdOf = (recorded: RecordedEvent) =>
  recorded.type === "LessonScheduled"
    ? Number((recorded.data as { id: number }).id)
    : lessonStreams.parse(recorded.streamId);

const UPDATED = COLUMNS.filter((column) => column !== "id");
const UPSERT = `insert into lesson_schedulings (${COLUMNS.join(", ")})
  select ${COLUMNS.join(", ")} from jsonb_populate_recordset(null::lesson_schedulings, $1::jsonb)
  on conflict (id) do update set (${UPDATED.join(", ")}) = row(${UPDATED.map((column) => `excluded.${column}`).join(", ")})`;

export const applyLessonSchedulingsBatch = async (events: readonly RecordedEvent[], tx: Sql) => {
  const ids = [...new Set(events.map(lessonIdOf))];
  const { rows } = await tx.query<Row>(
    `select ${COLUMNS.join(", ")} from lesson_schedulings where id = any($1::bigint[])`,
    [ids],
  );
  const touched = new Map<number, Row | undefined>(rows.map((row) => [Number(row.id), row]));
  const changed = new Set<number>();
  for (const event of events) {
    const id = lessonIdOf(event);
    const before = touched.get(id);
    const after = fold(before, event);
    if (after !== before) {
      touched.set(id, after);
      changed.add(id);
    }
  }
  const written = [...changed].map((id) => touched.get(id)).filter((row): row is Row => row !== undefined);
  // A driver may read a bigint as a BigInt, which JSON has no form for.
  const json = JSON.stringify(written, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
  if (written.length > 0) await tx.query(UPSERT, [json]);
};

const INSERT_NEW = `insert into lesson_schedulings (${COLUMNS.join(", ")})
  select ${COLUMNS.join(", ")} from jsonb_populate_recordset(null::lesson_schedulings, $1::jsonb)
  on conflict (id) do nothing`;

/**
 * Lessons just scheduled (`LessonScheduled` events only), in one statement: the rows their events make, and
 * none where a row already is, as applying them one by one leaves them.
 */
export const insertScheduledLessons = async (events: readonly RecordedEvent[], tx: Sql) => {
  const rows = events.map((event) => fold(undefined, event)).filter((row): row is Row => row !== undefined);
  const json = JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
  await tx.query(INSERT_NEW, [json], { prepareAs: "lesson_schedulings_scheduled_many" });
};
