import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { placementStreams } from "@el/domain/placement/placement-test";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * `progress_lessons`: each lesson with its trail, level, people and whether it may count as given (claimed,
 * not cancelled, not reported by its teacher as not held; over is a question of the time asked). The lesson
 * report's page and the student's progress and certificate read it. `progress_level_tests`: when each
 * student completed a level test, for the progress page's retake hint.
 */
const SCHEMA = `
create table if not exists progress_lessons (
  lesson_id bigint primary key,
  student_id bigint not null,
  student_first_name text not null,
  student_last_name text,
  teacher_id bigint,
  teacher_first_name text,
  teacher_last_name text,
  trail_id int not null,
  trail_number int not null,
  trail_title text not null,
  level_id int not null,
  level_name text not null,
  date timestamptz not null,
  cancelled boolean not null default false,
  not_held boolean not null default false
);
create index if not exists progress_lessons_student on progress_lessons (student_id, date);
create table if not exists progress_level_tests (
  test_id bigint primary key,
  student_id bigint not null,
  completed_at timestamptz
);
create index if not exists progress_level_tests_student on progress_level_tests (student_id);
`;

/** An erased person's names, wherever a lesson of theirs showed them (LGPD): "titular removido". */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  const names = (column: string) =>
    `${column}_first_name = $2, ${column}_last_name = case when ${column}_last_name is null then null else $2 end`;
  await tx.query(`update progress_lessons set ${names(person.role)} where ${person.role}_id = $1`, [
    person.id,
    PERSON_REMOVED,
  ]);
};

const setTeacher = (
  tx: Sql,
  lessonId: number,
  teacher: { id: number; firstName: string; lastName: string | null } | null,
) =>
  tx.query(
    "update progress_lessons set teacher_id = $2, teacher_first_name = $3, teacher_last_name = $4 where lesson_id = $1",
    [lessonId, teacher?.id ?? null, teacher?.firstName ?? null, teacher?.lastName ?? null],
  );

const applyPlacement = async (recorded: RecordedEvent, tx: Sql) => {
  const event = placementStreams.event(recorded);
  if (event.type === "PlacementTestStarted")
    await tx.query(
      "insert into progress_level_tests (test_id, student_id) values ($1, $2) on conflict (test_id) do nothing",
      [event.data.testId, event.data.studentId],
    );
  else if (event.type === "PlacementTestCompleted")
    await tx.query("update progress_level_tests set completed_at = $2 where test_id = $1", [
      event.data.testId,
      event.data.completedAt,
    ]);
};

const applyEvent = async (recorded: RecordedEvent, tx: Sql): Promise<void> => {
  if (recorded.type === "PersonalDataErased") return erasePerson(recorded, tx);
  if (placementStreams.holds(recorded.streamId)) return applyPlacement(recorded, tx);
  const event = lessonStreams.event(recorded);
  const id = lessonStreams.parse(event.streamId);
  switch (event.type) {
    case "LessonScheduled": {
      const { student, trail, level, date } = event.data;
      await tx.query(
        `insert into progress_lessons (lesson_id, student_id, student_first_name, student_last_name, trail_id,
           trail_number, trail_title, level_id, level_name, date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (lesson_id) do nothing`,
        [
          id,
          student.id,
          student.firstName,
          student.lastName,
          trail.id,
          trail.number,
          trail.title,
          level.id,
          level.name,
          date,
        ],
      );
      return;
    }
    case "LessonAccepted":
    case "LessonTeacherChanged":
      await setTeacher(tx, id, event.data.teacher);
      return;
    case "LessonTeacherUnassigned":
      await setTeacher(tx, id, null);
      return;
    case "LessonMoved":
      await tx.query("update progress_lessons set date = $2 where lesson_id = $1", [id, event.data.date]);
      return;
    case "LessonCancelled":
      await tx.query("update progress_lessons set cancelled = true where lesson_id = $1", [id]);
      return;
    case "TeacherFeedbackGiven":
    case "TeacherFeedbackRevised":
      await tx.query("update progress_lessons set not_held = $2 where lesson_id = $1", [id, event.data.status === 3]);
      return;
    case "TeacherFeedbackDeleted":
      await tx.query("update progress_lessons set not_held = false where lesson_id = $1", [id]);
      return;
    default:
      return;
  }
};

export const progressLessonsProjector: Projector = {
  name: "progress-lessons",
  handles: [
    "LessonScheduled",
    "LessonAccepted",
    "LessonTeacherChanged",
    "LessonTeacherUnassigned",
    "LessonMoved",
    "LessonCancelled",
    "TeacherFeedbackGiven",
    "TeacherFeedbackRevised",
    "TeacherFeedbackDeleted",
    "PlacementTestStarted",
    "PlacementTestCompleted",
    "PersonalDataErased",
  ],
  tables: ["progress_lessons", "progress_level_tests"],
  migrate: readModelMigrations("progress-lessons", [{ name: "001-progress-lessons", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};
