import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { type LessonEventData, lessonStreams } from "@el/domain/lessons/lesson";
import { type ServerToClientEventName, type ServerToClientPayload, userRoom } from "@el/domain/realtime";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * `lesson_requests`: one row per lesson a student requested of one teacher ("solicitada para você"), with
 * the names it was requested under, its status and until when the teacher may answer. The teacher's list of
 * requests and the student's read it. `holder_*` is who gives the lesson now (the teacher asked, once they
 * accepted), as the scheduling shows it. A request its student cancelled before the answer is gone.
 */
const SCHEMA = `
create table if not exists lesson_requests (
  lesson_id bigint primary key,
  student_id bigint not null,
  student_first_name text not null,
  student_last_name text,
  teacher_id bigint not null,
  teacher_first_name text not null,
  teacher_last_name text,
  trail_id int not null,
  trail_number int not null,
  trail_title text not null,
  level_id int not null,
  level_name text not null,
  date timestamptz not null,
  objective text not null,
  created_date timestamptz not null,
  status text not null check (status in ('REQUESTED', 'ACCEPTED', 'DECLINED', 'EXPIRED')),
  fallback text not null check (fallback in ('BOARD', 'CANCEL')),
  expires_at timestamptz not null,
  answered_at timestamptz,
  holder_id bigint,
  holder_first_name text,
  holder_last_name text,
  meet_url text
);
create index if not exists lesson_requests_teacher on lesson_requests (teacher_id, date);
create index if not exists lesson_requests_student on lesson_requests (student_id, date);
create index if not exists lesson_requests_open on lesson_requests (expires_at) where status = 'REQUESTED';
`;

const push = <Name extends ServerToClientEventName>(
  room: string,
  event: Name,
  payload: ServerToClientPayload<Name>,
): Push => ({ room, event, payload });

const requested = async (data: LessonEventData<"LessonScheduled">, tx: Sql): Promise<Push[]> => {
  const chosen = data.chosenTeacher;
  if (chosen?.how !== "REQUESTED" || !chosen.expiresAt) return [];
  const fallback = chosen.fallback ?? "BOARD";
  const { rows } = await tx.query(
    `insert into lesson_requests (lesson_id, student_id, student_first_name, student_last_name, teacher_id,
       teacher_first_name, teacher_last_name, trail_id, trail_number, trail_title, level_id, level_name, date,
       objective, created_date, status, fallback, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'REQUESTED', $16, $17)
     on conflict (lesson_id) do nothing returning lesson_id`,
    [
      data.id,
      data.student.id,
      data.student.firstName,
      data.student.lastName,
      chosen.teacher.id,
      chosen.teacher.firstName,
      chosen.teacher.lastName,
      data.trail.id,
      data.trail.number,
      data.trail.title,
      data.level.id,
      data.level.name,
      data.date,
      data.objective,
      data.createdDate,
      fallback,
      chosen.expiresAt,
    ],
  );
  if (rows.length === 0) return [];
  const { id, date, objective, level, trail, student } = data;
  return [
    push(userRoom(chosen.teacher.id), "lesson:requested", {
      lesson: { id, date, objective, level, trail, student },
      expiresAt: chosen.expiresAt,
    }),
  ];
};

const answered = (lessonId: number, row: { student_id: string; status: string; fallback: string } | undefined) =>
  row && (row.status === "ACCEPTED" || row.status === "DECLINED" || row.status === "EXPIRED")
    ? [
        push(userRoom(Number(row.student_id)), "lesson-request:answered", {
          lessonId,
          status: row.status,
          fallback: row.fallback === "CANCEL" ? "CANCEL" : "BOARD",
        }),
      ]
    : [];

type AnsweredRow = { student_id: string; status: string; fallback: string };

/** An erased person's names, wherever a request of theirs showed them (LGPD): "titular removido". */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  const names = (column: string) =>
    `${column}_first_name = $2, ${column}_last_name = case when ${column}_last_name is null then null else $2 end`;
  if (person.role === "student") {
    await tx.query(`update lesson_requests set ${names("student")} where student_id = $1`, [person.id, PERSON_REMOVED]);
    return;
  }
  await tx.query(`update lesson_requests set ${names("teacher")} where teacher_id = $1`, [person.id, PERSON_REMOVED]);
  await tx.query(`update lesson_requests set ${names("holder")} where holder_id = $1`, [person.id, PERSON_REMOVED]);
};

const applyEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[]> => {
  if (recorded.type === "PersonalDataErased") {
    await erasePerson(recorded, tx);
    return [];
  }
  const event = lessonStreams.event(recorded);
  const id = lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonScheduled":
      return requested(event.data, tx);
    case "LessonAccepted": {
      const { teacher, meetUrl, acceptedAt } = event.data;
      // One statement, as every claim of the board comes here too. Accepted by the teacher asked, the request
      // is answered; given by an administrator to another teacher before the answer, there is no request
      // left; one that lapsed to the board shows who claimed it there. The three are exclusive on its row.
      const { rows } = await tx.query<AnsweredRow>(
        `with answered as (
           update lesson_requests set status = 'ACCEPTED', answered_at = $3, holder_id = $2, holder_first_name = $4,
             holder_last_name = $5, meet_url = $6
           where lesson_id = $1 and status = 'REQUESTED' and teacher_id = $2 returning student_id, status, fallback
         ), dropped as (
           delete from lesson_requests where lesson_id = $1 and status = 'REQUESTED' and teacher_id <> $2
         ), claimed as (
           update lesson_requests set holder_id = $2, holder_first_name = $4, holder_last_name = $5, meet_url = $6
           where lesson_id = $1 and status <> 'REQUESTED'
         )
         select * from answered`,
        [id, teacher.id, acceptedAt, teacher.firstName, teacher.lastName, meetUrl],
      );
      return answered(id, rows[0]);
    }
    case "LessonRequestLapsed": {
      const { rows } = await tx.query<AnsweredRow>(
        `update lesson_requests set status = $2, answered_at = $3 where lesson_id = $1 and status = 'REQUESTED'
         returning student_id, status, fallback`,
        [id, event.data.reason, event.data.at],
      );
      return answered(id, rows[0]);
    }
    case "LessonCancelled":
      await tx.query("delete from lesson_requests where lesson_id = $1 and status = 'REQUESTED'", [id]);
      return [];
    case "LessonMoved":
      await tx.query("update lesson_requests set date = $2 where lesson_id = $1", [id, event.data.date]);
      return [];
    case "LessonTeacherChanged": {
      const { teacher, meetUrl } = event.data;
      await tx.query(
        `update lesson_requests set holder_id = $2, holder_first_name = $3, holder_last_name = $4, meet_url = $5
         where lesson_id = $1`,
        [id, teacher.id, teacher.firstName, teacher.lastName, meetUrl],
      );
      return [];
    }
    case "LessonTeacherUnassigned":
      await tx.query(
        `update lesson_requests set holder_id = null, holder_first_name = null, holder_last_name = null, meet_url = null
         where lesson_id = $1`,
        [id],
      );
      return [];
    case "LessonVideoLinkChanged":
      await tx.query("update lesson_requests set meet_url = $2 where lesson_id = $1", [id, event.data.meetUrl]);
      return [];
    default:
      return [];
  }
};

export const lessonRequestsProjector: Projector = {
  name: "lesson-requests",
  handles: [
    "LessonScheduled",
    "LessonAccepted",
    "LessonRequestLapsed",
    "LessonCancelled",
    "LessonMoved",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonVideoLinkChanged",
    "PersonalDataErased",
  ],
  tables: ["lesson_requests"],
  migrate: readModelMigrations("lesson-requests", [{ name: "001-lesson-requests", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};
