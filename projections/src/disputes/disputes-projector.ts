import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { disputeStreams } from "@el/domain/disputes/dispute";
import { type ServerToClientPayload, userRoom } from "@el/domain/realtime";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `disputes`: each lesson reported as not having happened, as its student, its teacher and the
 * back office's queue read it, and what the flagged teachers are counted from. A dispute opened tells the
 * other side (`dispute:changed`); one answered or resolved tells both.
 */

const SCHEMA = `
create table if not exists disputes (
  id bigint primary key,
  lesson_id bigint not null,
  lesson_date timestamptz not null,
  reason text not null,
  status text not null,
  opened_by text not null,
  student_id bigint not null,
  student_first_name text not null,
  student_last_name text,
  teacher_id bigint not null,
  teacher_first_name text not null,
  teacher_last_name text,
  comment text not null,
  opened_at timestamptz not null,
  answer_comment text,
  answered_at timestamptz,
  refund_student boolean,
  pay_teacher boolean,
  resolution_reason text,
  resolved_at timestamptz
);
create index if not exists disputes_student_idx on disputes (student_id);
create index if not exists disputes_teacher_idx on disputes (teacher_id, opened_at);
create index if not exists disputes_status_idx on disputes (status, opened_at)`;

type Status = ServerToClientPayload<"dispute:changed">["status"];

const changed = (id: number, status: Status, userIds: number[]): Push[] => {
  const payload: ServerToClientPayload<"dispute:changed"> = { disputeId: id, lessonId: id, status };
  return userIds.map((userId) => ({ room: userRoom(userId), event: "dispute:changed", payload }));
};

const moveOn = async (tx: Sql, id: number, status: Status, set: string, params: unknown[]): Promise<Push[]> => {
  const { rows } = await tx.query<{ student_id: string; teacher_id: string }>(
    `update disputes set status = $2, ${set} where id = $1 returning student_id, teacher_id`,
    [id, status, ...params],
  );
  const row = rows[0];
  return row ? changed(id, status, [Number(row.student_id), Number(row.teacher_id)]) : [];
};

/**
 * An erased person's names, and what was written about the lesson (its key is destroyed with either of its
 * people's), wherever a dispute of theirs showed them (LGPD): "titular removido".
 */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  await tx.query(
    `update disputes set ${person.role}_first_name = $2,
       ${person.role}_last_name = case when ${person.role}_last_name is null then null else $2 end,
       comment = $2,
       answer_comment = case when answer_comment is null then null else $2 end,
       resolution_reason = case when resolution_reason is null then null else $2 end
     where ${person.role}_id = $1`,
    [person.id, PERSON_REMOVED],
  );
};

const applyDisputeEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[]> => {
  const event = disputeStreams.event(recorded);
  const id = disputeStreams.parse(event.streamId);
  switch (event.type) {
    case "DisputeOpened": {
      const { lessonId, lessonDate, reason, openedBy, student, teacher, comment, at } = event.data;
      await tx.query(
        `insert into disputes (id, lesson_id, lesson_date, reason, status, opened_by, student_id, student_first_name,
           student_last_name, teacher_id, teacher_first_name, teacher_last_name, comment, opened_at)
         values ($1, $2, $3, $4, 'OPEN', $5, $6, $7, $8, $9, $10, $11, $12, $13)
         on conflict (id) do nothing`,
        [
          id,
          lessonId,
          lessonDate,
          reason,
          openedBy,
          student.id,
          student.firstName,
          student.lastName,
          teacher.id,
          teacher.firstName,
          teacher.lastName,
          comment,
          at,
        ],
      );
      return changed(id, "OPEN", [openedBy === "STUDENT" ? teacher.id : student.id]);
    }
    case "DisputeAnswered":
      return moveOn(tx, id, "ANSWERED", "answer_comment = $3, answered_at = $4", [event.data.comment, event.data.at]);
    case "DisputeResolved": {
      const { refundStudent, payTeacher, reason, at } = event.data;
      return moveOn(
        tx,
        id,
        "RESOLVED",
        "refund_student = $3, pay_teacher = $4, resolution_reason = $5, resolved_at = $6",
        [refundStudent, payTeacher, reason, at],
      );
    }
  }
};

export const disputesProjector: Projector = {
  name: "disputes",
  handles: ["DisputeOpened", "DisputeAnswered", "DisputeResolved", "PersonalDataErased"],
  tables: ["disputes"],
  migrate: readModelMigrations("disputes", [{ name: "001-disputes", sql: SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (recorded.type === "PersonalDataErased") return erasePerson(recorded, tx);
    if (!disputeStreams.holds(recorded.streamId)) return;
    return applyDisputeEvent(recorded, tx);
  }),
};
