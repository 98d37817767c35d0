import { type LessonEvent, type LessonEventData, lessonStreams } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import type { Sql } from "../../sql";
import { on, projectionSpec } from "../../testing/projection-spec";
import { lessonFeedbacksProjector } from "./lesson-feedbacks-projector";

const lesson = (id: number, event: LessonEvent) => on(lessonStreams.id(id), event);
const studentFeedback = (lessonId: number, data: Partial<LessonEventData<"StudentFeedbackGiven">> = {}) =>
  lesson(lessonId, {
    type: "StudentFeedbackGiven",
    data: {
      feedbackId: 5001,
      studentId: 1001,
      note: 5,
      information: "Great class",
      givenAt: "2026-03-10T12:00:00.000Z",
      ...data,
    },
  });
const teacherFeedback = (lessonId: number, data: Partial<LessonEventData<"TeacherFeedbackGiven">> = {}) =>
  lesson(lessonId, {
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: 6001,
      teacherId: 1002,
      skipped: false,
      status: 2,
      note: 4,
      information: "Arrived late",
      sugestions: "More listening",
      productSugestions: "None",
      studentInformation: "Shy at first",
      partialyHeld: "Only 30 minutes",
      givenAt: "2026-03-10T13:00:00.000Z",
      ...data,
    },
  });

const studentRows = async (sql: Sql) =>
  (
    await sql.query<{ id: string; lesson_id: string; student_id: string; note: number | null; information: string }>(
      "select id, lesson_id, student_id, note, information from student_feedbacks order by id",
    )
  ).rows.map((row) => ({
    ...row,
    id: Number(row.id),
    lesson_id: Number(row.lesson_id),
    student_id: Number(row.student_id),
  }));

const teacherRows = async (sql: Sql) =>
  (
    await sql.query<Record<string, unknown>>(
      `select id, lesson_id, teacher_id, skipped, status, note, partialy_held, given_at
       from teacher_feedbacks order by id`,
    )
  ).rows.map((row) => ({
    ...row,
    id: Number(row.id),
    lesson_id: Number(row.lesson_id),
    teacher_id: Number(row.teacher_id),
    given_at: new Date(row.given_at as string).toISOString(),
  }));

describe("lesson-feedbacks read model", () => {
  const spec = projectionSpec(lessonFeedbacksProjector);
  afterAll(() => spec.close());

  it("keeps a student's rating of the lesson it was given on", () =>
    spec
      .given()
      .when(studentFeedback(2001))
      .then(async ({ sql }) =>
        expect(await studentRows(sql)).toEqual([
          { id: 5001, lesson_id: 2001, student_id: 1001, note: 5, information: "Great class" },
        ]),
      ));

  it("keeps a skipped student prompt as a feedback without a note, so it is not asked again", () =>
    spec
      .given()
      .when(studentFeedback(2001, { note: null, information: "" }))
      .then(async ({ sql }) => expect(await studentRows(sql)).toMatchObject([{ lesson_id: 2001, note: null }])));

  it("keeps a teacher's report of a partly held lesson, with why", () =>
    spec
      .given(studentFeedback(2001))
      .when(teacherFeedback(2001))
      .then(async ({ sql }) =>
        expect(await teacherRows(sql)).toEqual([
          {
            id: 6001,
            lesson_id: 2001,
            teacher_id: 1002,
            skipped: false,
            status: 2,
            note: 4,
            partialy_held: "Only 30 minutes",
            given_at: "2026-03-10T13:00:00.000Z",
          },
        ]),
      ));

  it("keeps a skipped teacher prompt as an empty report", () =>
    spec
      .given()
      .when(
        teacherFeedback(2001, {
          skipped: true,
          status: null,
          note: null,
          information: "",
          sugestions: "",
          productSugestions: "",
          studentInformation: "",
          partialyHeld: null,
        }),
      )
      .then(async ({ sql }) =>
        expect(await teacherRows(sql)).toMatchObject([{ lesson_id: 2001, skipped: true, status: null, note: null }]),
      ));

  it("keeps one row per feedback when the same event is applied again", () =>
    spec
      .given(studentFeedback(2001), teacherFeedback(2001))
      .when(studentFeedback(2001), teacherFeedback(2001), studentFeedback(2002, { feedbackId: 5002 }))
      .then(async ({ sql }) => {
        expect((await studentRows(sql)).map((row) => row.lesson_id)).toEqual([2001, 2002]);
        expect(await teacherRows(sql)).toHaveLength(1);
      }));
});
