import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { type LessonEventData, type LessonScheduled, lessonStreams } from "@el/domain/lessons/lesson";
import { type ServerToClientEventName, type ServerToClientPayload, TEACHERS_ROOM, userRoom } from "@el/domain/realtime";
import { fullName } from "@el/domain/shared/full-name";
import { readModelMigrations } from "../../migrations";
import { applyInRuns } from "../../runner/live-runs";
import type { EvolveOne, Projector, Push } from "../../runner/projector";
import type { Sql } from "../../sql";
import { applyLessonSchedulingsBatch, insertScheduledLessons } from "./lesson-schedulings-batch";

/**
 * `lesson_schedulings`: one row per scheduling and its lesson (they share the id), with the names they
 * were scheduled and claimed under. Every lesson screen reads it: the student's and the teacher's lesson
 * lists, the teachers' board of lessons waiting for a teacher, the feedback prompts, the finance cards.
 */
export const LESSON_SCHEDULINGS_SCHEMA = `
create table if not exists lesson_schedulings (
  id bigint primary key,
  student_id bigint not null,
  student_first_name text not null,
  student_last_name text,
  trail_id int not null,
  trail_number int not null,
  trail_title text not null,
  level_id int not null,
  level_name text not null,
  date timestamptz not null,
  objective text not null,
  created_date timestamptz not null,
  status text not null check (status in ('pending', 'accepted', 'cancelled')),
  teacher_id bigint,
  teacher_first_name text,
  teacher_last_name text,
  meet_url text,
  accepted_at timestamptz,
  cancelled_at timestamptz,
  student_feedback_id bigint,
  teacher_feedback_id bigint,
  teacher_feedback_status int,
  payment_id bigint,
  paid_cents int
);
create index if not exists lesson_schedulings_student on lesson_schedulings (student_id, date);
create index if not exists lesson_schedulings_teacher on lesson_schedulings (teacher_id, date);
create index if not exists lesson_schedulings_pending on lesson_schedulings (date) where status = 'pending';
alter table lesson_schedulings add column if not exists paid_at timestamptz;
create index if not exists lesson_schedulings_payment on lesson_schedulings (payment_id) where payment_id is not null;
create index if not exists lesson_schedulings_control on lesson_schedulings (date desc, id desc) where status <> 'cancelled';
create index if not exists lesson_schedulings_control_teacher on lesson_schedulings (teacher_id, date desc, id desc)
  where status <> 'cancelled';
create index if not exists lesson_schedulings_control_student on lesson_schedulings (student_id, date desc, id desc)
  where status <> 'cancelled';
create index if not exists lesson_schedulings_control_month on lesson_schedulings
  ((extract(month from date at time zone 'America/Sao_Paulo')), date desc, id desc) where status <> 'cancelled';
`;

/**
 * A lesson whose student chose the teacher ("BOOKED" in their free slots, "REQUESTED" of them alone) is not
 * on the teachers' open board (`on_board`) until its request lapses to it or its teacher is taken away.
 */
const CHOSEN_TEACHER_SCHEMA = `
alter table lesson_schedulings add column on_board boolean not null default true;
alter table lesson_schedulings add column chosen_how text check (chosen_how in ('BOOKED', 'REQUESTED'));
alter table lesson_schedulings add column series_id bigint;
drop index lesson_schedulings_pending;
create index lesson_schedulings_pending on lesson_schedulings (date) where status = 'pending' and on_board;
`;

const push = <Name extends ServerToClientEventName>(
  room: string,
  event: Name,
  payload: ServerToClientPayload<Name>,
): Push => ({ room, event, payload });

const pendingPush = (data: LessonEventData<"LessonScheduled">): Push => {
  const { id, date, objective, level, trail, student } = data;
  return push(TEACHERS_ROOM, "lesson:pending", { lesson: { id, date, objective, level, trail, student } });
};

/** Every teacher's board offers a lesson just scheduled, unless its student chose the teacher. */
const pendingPushes = (data: LessonEventData<"LessonScheduled">): Push[] =>
  data.chosenTeacher ? [] : [pendingPush(data)];

const scheduled = async (data: LessonEventData<"LessonScheduled">, tx: Sql): Promise<Push[]> => {
  await tx.query(
    `insert into lesson_schedulings (id, student_id, student_first_name, student_last_name, trail_id, trail_number,
       trail_title, level_id, level_name, date, objective, created_date, status, on_board, chosen_how, series_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13, $14, $15)
     on conflict (id) do nothing`,
    [
      data.id,
      data.student.id,
      data.student.firstName,
      data.student.lastName,
      data.trail.id,
      data.trail.number,
      data.trail.title,
      data.level.id,
      data.level.name,
      data.date,
      data.objective,
      data.createdDate,
      data.chosenTeacher === undefined,
      data.chosenTeacher?.how ?? null,
      data.chosenTeacher?.seriesId ?? null,
    ],
    { prepareAs: "lesson_schedulings_scheduled_chosen" },
  );
  return pendingPushes(data);
};

interface ChangedRow {
  student_id: string;
  student_first_name: string;
  student_last_name: string | null;
  trail_id: number;
  trail_number: number;
  trail_title: string;
  level_id: number;
  level_name: string;
  date: Date;
  objective: LessonScheduled["objective"];
  status: "pending" | "accepted" | "cancelled";
  teacher_id: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
  meet_url: string | null;
  on_board: boolean;
  chosen_how: "BOOKED" | "REQUESTED" | null;
  series_id: string | null;
}

const pendingLessonOf = (id: number, row: ChangedRow) => ({
  id,
  date: new Date(row.date).toISOString(),
  objective: row.objective,
  level: { id: row.level_id, name: row.level_name },
  trail: { id: row.trail_id, number: row.trail_number, title: row.trail_title },
  student: { id: Number(row.student_id), firstName: row.student_first_name, lastName: row.student_last_name },
});

/**
 * An administrator moved a lesson or gave it to another teacher: the pushes that already say so. Waiting
 * for a teacher, it is pending again at its new time on every board; claimed, its student and teacher
 * are told its time, teacher and link (and every board that it is taken).
 */
const changedPushes = (id: number, row: ChangedRow): Push[] => {
  if (row.status === "cancelled") return [];
  if (row.status === "pending" || row.teacher_id === null)
    return row.on_board ? [push(TEACHERS_ROOM, "lesson:pending", { lesson: pendingLessonOf(id, row) })] : [];
  const teacherId = Number(row.teacher_id);
  const accepted = {
    lessonId: id,
    date: new Date(row.date).toISOString(),
    teacher: {
      id: teacherId,
      name: fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
    },
    meetUrl: row.meet_url ?? "",
  };
  return [
    push(TEACHERS_ROOM, "lesson:claimed", { lessonId: id, teacherId }),
    push(userRoom(Number(row.student_id)), "lesson:accepted", accepted),
    push(userRoom(teacherId), "lesson:accepted", accepted),
  ];
};

/** The teacher's Financeiro turns the lesson's month to paid (or back) without a reload. */
const paymentChanged = (lessonId: number, teacherId: string | null | undefined, paid: boolean): Push[] =>
  teacherId ? [push(userRoom(Number(teacherId)), "payment:changed", { lessonId, paid })] : [];

/** An erased person's names, wherever a lesson of theirs showed them (LGPD): "titular removido". */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  await tx.query(
    `update lesson_schedulings set ${person.role}_first_name = $2,
       ${person.role}_last_name = case when ${person.role}_last_name is null then null else $2 end
     where ${person.role}_id = $1`,
    [person.id, PERSON_REMOVED],
  );
};

const applyLessonEvent: EvolveOne = async (recorded, tx) => {
  if (recorded.type === "PersonalDataErased") return erasePerson(recorded, tx);
  const event = lessonStreams.event(recorded);
  // Only the scheduling carries the lesson's id; later events name the lesson by their stream.
  const id = event.type === "LessonScheduled" ? event.data.id : lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonScheduled":
      return scheduled(event.data, tx);
    case "LessonAccepted": {
      const { teacher, meetUrl, acceptedAt } = event.data;
      const { rows } = await tx.query<ChangedRow>(
        `update lesson_schedulings set status = 'accepted', teacher_id = $2, teacher_first_name = $3,
           teacher_last_name = $4, meet_url = $5, accepted_at = $6
         where id = $1 returning *`,
        [id, teacher.id, teacher.firstName, teacher.lastName, meetUrl, acceptedAt],
      );
      const row = rows[0];
      if (!row) return [];
      const accepted = {
        lessonId: id,
        date: new Date(row.date).toISOString(),
        teacher: { id: teacher.id, name: fullName(teacher) },
        meetUrl,
      };
      const seriesId = row.series_id === null ? {} : { seriesId: Number(row.series_id) };
      return [
        // Only the boards that offered it have it to drop.
        ...(row.on_board ? [push(TEACHERS_ROOM, "lesson:claimed", { lessonId: id, teacherId: teacher.id })] : []),
        push(userRoom(Number(row.student_id)), "lesson:accepted", accepted),
        // Given by an administrator, the lesson is news to its teacher too.
        ...(event.data.assignedBy === undefined ? [] : [push(userRoom(teacher.id), "lesson:accepted", accepted)]),
        // Booked in the teacher's free slots: it is theirs already, and news to them.
        ...(row.chosen_how === "BOOKED"
          ? [push(userRoom(teacher.id), "lesson:booked", { lesson: pendingLessonOf(id, row), meetUrl, ...seriesId })]
          : []),
      ];
    }
    case "LessonMoved": {
      const { rows } = await tx.query<ChangedRow>("update lesson_schedulings set date = $2 where id = $1 returning *", [
        id,
        event.data.date,
      ]);
      return rows[0] ? changedPushes(id, rows[0]) : [];
    }
    case "LessonTeacherChanged": {
      const { teacher, meetUrl, at, from } = event.data;
      const { rows } = await tx.query<ChangedRow>(
        `update lesson_schedulings set status = 'accepted', teacher_id = $2, teacher_first_name = $3,
           teacher_last_name = $4, meet_url = $5, accepted_at = $6
         where id = $1 returning *`,
        [id, teacher.id, teacher.firstName, teacher.lastName, meetUrl, at],
      );
      const row = rows[0];
      if (!row) return [];
      // The teacher it was taken from no longer gives it.
      const refunded = false;
      return [push(userRoom(from.id), "lesson:cancelled", { lessonId: id, refunded }), ...changedPushes(id, row)];
    }
    case "LessonTeacherUnassigned": {
      const { rows } = await tx.query<ChangedRow>(
        `update lesson_schedulings set status = 'pending', teacher_id = null, teacher_first_name = null,
           teacher_last_name = null, meet_url = null, accepted_at = null, on_board = true
         where id = $1 returning *`,
        [id],
      );
      const row = rows[0];
      if (!row) return [];
      // Its teacher no longer gives it (their list drops it), its student sees it without teacher and
      // link, then every teacher's board offers it again.
      const refunded = false;
      return [
        push(userRoom(event.data.from.id), "lesson:cancelled", { lessonId: id, refunded }),
        push(userRoom(Number(row.student_id)), "lesson:unassigned", { lessonId: id }),
        ...changedPushes(id, row),
      ];
    }
    // Declined or expired with the fallback "BOARD": every teacher's board offers it from now on.
    case "LessonRequestLapsed": {
      if (event.data.fallback !== "BOARD") return [];
      const { rows } = await tx.query<ChangedRow>(
        "update lesson_schedulings set on_board = true where id = $1 returning *",
        [id],
      );
      return rows[0]?.status === "pending" ? changedPushes(id, rows[0]) : [];
    }
    case "LessonCancelled": {
      const { rows } = await tx.query<{ student_id: string; teacher_id: string | null }>(
        `update lesson_schedulings set status = 'cancelled', cancelled_at = $2 where id = $1
         returning student_id, teacher_id`,
        [id, event.data.at],
      );
      const row = rows[0];
      if (!row) return [];
      const payload = { lessonId: id, refunded: event.data.refunded };
      return [
        push(TEACHERS_ROOM, "lesson:cancelled", payload),
        push(userRoom(Number(row.student_id)), "lesson:cancelled", payload),
      ];
    }
    case "StudentFeedbackGiven":
      await tx.query("update lesson_schedulings set student_feedback_id = $2 where id = $1", [
        id,
        event.data.feedbackId,
      ]);
      return [];
    case "TeacherFeedbackGiven":
      await tx.query(
        "update lesson_schedulings set teacher_feedback_id = $2, teacher_feedback_status = $3 where id = $1",
        [id, event.data.feedbackId, event.data.status],
      );
      return [];
    case "LessonPaid":
      await tx.query("update lesson_schedulings set payment_id = $2, paid_cents = $3, paid_at = $4 where id = $1", [
        id,
        event.data.paymentId,
        event.data.valueCents,
        event.data.at,
      ]);
      return paymentChanged(id, String(event.data.teacherId), true);
    case "LessonPaymentCancelled": {
      const { rows } = await tx.query<{ teacher_id: string | null }>(
        `update lesson_schedulings set payment_id = null, paid_cents = null, paid_at = null where id = $1
         returning teacher_id`,
        [id],
      );
      return paymentChanged(id, rows[0]?.teacher_id, false);
    }
    // An administrator's corrections: the prompts, the finance cards and the debt follow the feedback.
    case "StudentFeedbackDeleted":
      await tx.query("update lesson_schedulings set student_feedback_id = null where id = $1", [id]);
      return [];
    case "TeacherFeedbackRevised":
      await tx.query("update lesson_schedulings set teacher_feedback_status = $2 where id = $1", [
        id,
        event.data.status,
      ]);
      return [];
    case "TeacherFeedbackDeleted":
      await tx.query(
        "update lesson_schedulings set teacher_feedback_id = null, teacher_feedback_status = null where id = $1",
        [id],
      );
      return [];
    // The teacher's Google Meet link replaced the Jitsi one: the student and the teacher see the new one.
    case "LessonVideoLinkChanged": {
      const { rows } = await tx.query<ChangedRow>(
        "update lesson_schedulings set meet_url = $2 where id = $1 returning *",
        [id, event.data.meetUrl],
      );
      return rows[0] ? changedPushes(id, rows[0]) : [];
    }
  }
};

export const lessonSchedulingsProjector: Projector = {
  name: "lesson-schedulings",
  handles: [
    "LessonScheduled",
    "LessonAccepted",
    "LessonMoved",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonRequestLapsed",
    "LessonCancelled",
    "StudentFeedbackGiven",
    "TeacherFeedbackGiven",
    "LessonPaid",
    "LessonPaymentCancelled",
    "StudentFeedbackDeleted",
    "TeacherFeedbackRevised",
    "TeacherFeedbackDeleted",
    "LessonVideoLinkChanged",
    "PersonalDataErased",
  ],
  tables: ["lesson_schedulings"],
  migrate: readModelMigrations("lesson-schedulings", [
    { name: "001-lesson-schedulings", sql: LESSON_SCHEDULINGS_SCHEMA },
    { name: "002-chosen-teacher", sql: CHOSEN_TEACHER_SCHEMA },
  ]),
  // Live, a burst of schedulings is one insert and every other event is applied on its own, in order, with
  // its pushes. In a replay nobody listens: the whole batch takes a few statements.
  evolve: async (events, tx, { live }) => {
    if (live)
      return applyInRuns(
        events,
        tx,
        (event) => event.type === "LessonScheduled",
        async (run, runTx) => {
          await insertScheduledLessons(run, runTx);
          return run.flatMap((event) =>
            pendingPushes(event.data as LessonEventData<"LessonScheduled">).map((pending) => ({
              ...pending,
              recordedAt: event.recordedAt.getTime(),
            })),
          );
        },
        applyLessonEvent,
      );
    // An erasure is of an account, not a lesson: the lessons' events around it are batched on either side.
    let lessonEvents: RecordedEvent[] = [];
    for (const event of events) {
      if (event.type !== "PersonalDataErased") {
        lessonEvents.push(event);
        continue;
      }
      await applyLessonSchedulingsBatch(lessonEvents, tx);
      lessonEvents = [];
      await erasePerson(event, tx);
    }
    await applyLessonSchedulingsBatch(lessonEvents, tx);
    return [];
  },
};
