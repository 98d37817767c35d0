import type { RecordedEvent } from "@el/domain";
import { accountStreamEvent, PERSON_REMOVED } from "@el/domain/accounts/index";
import { lessonReportStreams } from "@el/domain/lessons/reports/lesson-report";
import { type ServerToClientEventName, type ServerToClientPayload, userRoom } from "@el/domain/realtime";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * `lesson_reports`: one row per lesson whose teacher wrote its report, as last written, with when the student
 * marked its homework done. The lesson's page of either person, the progress page's vocabulary and the
 * student's personal-data download read it.
 */
const SCHEMA = `
create table if not exists lesson_reports (
  lesson_id bigint primary key,
  student_id bigint not null,
  teacher_id bigint not null,
  version int not null,
  covered text not null,
  vocabulary jsonb not null,
  corrections text not null,
  homework text not null,
  written_at timestamptz not null,
  updated_at timestamptz not null,
  homework_done_at timestamptz
);
create index if not exists lesson_reports_student on lesson_reports (student_id, updated_at);
create index if not exists lesson_reports_teacher on lesson_reports (teacher_id);
`;

const push = <Name extends ServerToClientEventName>(
  room: string,
  event: Name,
  payload: ServerToClientPayload<Name>,
): Push => ({ room, event, payload });

/** Report texts speak about both people of a lesson: erasing either erases them (LGPD). */
const eraseReports = async (recorded: RecordedEvent, tx: Sql) => {
  const erasure = accountStreamEvent(recorded);
  if (erasure.type !== "PersonalDataErased") return;
  await tx.query(
    `update lesson_reports set covered = $2, corrections = case when corrections = '' then '' else $2 end,
       homework = case when homework = '' then '' else $2 end, vocabulary = '[]'::jsonb
     where lesson_id = any($1::bigint[])`,
    [erasure.data.lessons, PERSON_REMOVED],
  );
};

const applyEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[]> => {
  if (recorded.type === "PersonalDataErased") {
    await eraseReports(recorded, tx);
    return [];
  }
  const event = lessonReportStreams.event(recorded);
  switch (event.type) {
    case "LessonReportWritten": {
      const { lessonId, studentId, teacherId, version, covered, corrections, homework, at } = event.data;
      // Sealed with the lesson's key: read after an erasure, the list is one removed text.
      const vocabulary = Array.isArray(event.data.vocabulary) ? event.data.vocabulary : [];
      // New homework is a new task: "feita" again only when the student says so.
      await tx.query(
        `insert into lesson_reports (lesson_id, student_id, teacher_id, version, covered, vocabulary, corrections,
           homework, written_at, updated_at)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9)
         on conflict (lesson_id) do update set teacher_id = excluded.teacher_id, version = excluded.version,
           covered = excluded.covered, vocabulary = excluded.vocabulary, corrections = excluded.corrections,
           homework = excluded.homework, updated_at = excluded.updated_at,
           homework_done_at = case when lesson_reports.homework = excluded.homework
             then lesson_reports.homework_done_at else null end`,
        [lessonId, studentId, teacherId, version, covered, JSON.stringify(vocabulary), corrections, homework, at],
      );
      return [push(userRoom(studentId), "lesson:report-written", { lessonId, version })];
    }
    case "LessonHomeworkDone": {
      const { rows } = await tx.query<{ teacher_id: string }>(
        "update lesson_reports set homework_done_at = $2 where lesson_id = $1 returning teacher_id",
        [event.data.lessonId, event.data.at],
      );
      const teacherId = rows[0]?.teacher_id;
      return teacherId === undefined
        ? []
        : [
            push(userRoom(Number(teacherId)), "lesson:homework-done", {
              lessonId: event.data.lessonId,
              at: event.data.at,
            }),
          ];
    }
    default:
      return [];
  }
};

export const lessonReportsProjector: Projector = {
  name: "lesson-reports",
  handles: ["LessonReportWritten", "LessonHomeworkDone", "PersonalDataErased"],
  tables: ["lesson_reports"],
  migrate: readModelMigrations("lesson-reports", [{ name: "001-lesson-reports", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};
