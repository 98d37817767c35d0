import { accountStreamEvent, PERSON_REMOVED } from "@el/domain/accounts/index";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { readModelMigrations } from "../../migrations";
import { eventByEvent, type Projector } from "../../runner/projector";

/**
 * `student_feedbacks` and `teacher_feedbacks`: the spec's StudentFeedback and TeacherFeedback entities,
 * one row per feedback given on a lesson (skipped prompts included, so they are not asked again).
 */
export const LESSON_FEEDBACKS_SCHEMA = `
create table if not exists student_feedbacks (
  id bigint primary key,
  lesson_id bigint not null unique,
  student_id bigint not null,
  note int,
  information text not null,
  given_at timestamptz not null
);
create table if not exists teacher_feedbacks (
  id bigint primary key,
  lesson_id bigint not null unique,
  teacher_id bigint not null,
  skipped boolean not null,
  status int,
  note int,
  information text not null,
  sugestions text not null,
  product_sugestions text not null,
  student_information text not null,
  partialy_held text,
  given_at timestamptz not null
);
`;

export const lessonFeedbacksProjector: Projector = {
  name: "lesson-feedbacks",
  handles: [
    "StudentFeedbackGiven",
    "TeacherFeedbackGiven",
    "StudentFeedbackRevised",
    "StudentFeedbackDeleted",
    "TeacherFeedbackRevised",
    "TeacherFeedbackDeleted",
    "PersonalDataErased",
  ],
  tables: ["student_feedbacks", "teacher_feedbacks"],
  migrate: readModelMigrations("lesson-feedbacks", [{ name: "001-lesson-feedbacks", sql: LESSON_FEEDBACKS_SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (recorded.type === "PersonalDataErased") {
      // Feedback texts speak about both people of a lesson: erasing either erases them (the ratings stay).
      const erasure = accountStreamEvent(recorded);
      if (erasure.type !== "PersonalDataErased") return;
      const lessons = erasure.data.lessons;
      await tx.query("update student_feedbacks set information = $2 where lesson_id = any($1::bigint[])", [
        lessons,
        PERSON_REMOVED,
      ]);
      await tx.query(
        `update teacher_feedbacks set information = $2, sugestions = $2, product_sugestions = $2,
           student_information = $2, partialy_held = case when partialy_held is null then null else $2 end
         where lesson_id = any($1::bigint[])`,
        [lessons, PERSON_REMOVED],
      );
      return;
    }
    const event = lessonStreams.event(recorded);
    // A feedback names its lesson only by the stream it is appended to.
    const lessonId = lessonStreams.parse(event.streamId);
    if (event.type === "StudentFeedbackGiven") {
      const { data } = event;
      await tx.query(
        `insert into student_feedbacks (id, lesson_id, student_id, note, information, given_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
        [data.feedbackId, lessonId, data.studentId, data.note, data.information, data.givenAt],
      );
      return;
    }
    if (event.type === "StudentFeedbackRevised") {
      await tx.query("update student_feedbacks set note = $2, information = $3 where id = $1", [
        event.data.feedbackId,
        event.data.note,
        event.data.information,
      ]);
      return;
    }
    if (event.type === "StudentFeedbackDeleted") {
      await tx.query("delete from student_feedbacks where id = $1", [event.data.feedbackId]);
      return;
    }
    if (event.type === "TeacherFeedbackRevised") {
      const { data } = event;
      // A corrected report is a report: a prompt the teacher had closed is no longer an empty one.
      await tx.query(
        `update teacher_feedbacks set skipped = false, status = $2, note = $3, information = $4, sugestions = $5,
           product_sugestions = $6, student_information = $7, partialy_held = $8 where id = $1`,
        [
          data.feedbackId,
          data.status,
          data.note,
          data.information,
          data.sugestions,
          data.productSugestions,
          data.studentInformation,
          data.partialyHeld,
        ],
      );
      return;
    }
    if (event.type === "TeacherFeedbackDeleted") {
      await tx.query("delete from teacher_feedbacks where id = $1", [event.data.feedbackId]);
      return;
    }
    if (event.type !== "TeacherFeedbackGiven") return;
    const { data } = event;
    await tx.query(
      `insert into teacher_feedbacks (id, lesson_id, teacher_id, skipped, status, note, information, sugestions,
         product_sugestions, student_information, partialy_held, given_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (id) do nothing`,
      [
        data.feedbackId,
        lessonId,
        data.teacherId,
        data.skipped,
        data.status,
        data.note,
        data.information,
        data.sugestions,
        data.productSugestions,
        data.studentInformation,
        data.partialyHeld,
        data.givenAt,
      ],
    );
  }),
};
