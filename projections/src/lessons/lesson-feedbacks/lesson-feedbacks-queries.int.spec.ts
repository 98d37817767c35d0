import { type LessonEvent, lessonStreams } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../../testing/projection-spec";
import { lessonSchedulingsProjector } from "../lesson-schedulings/lesson-schedulings-projector";
import { lessonFeedbacksProjector } from "./lesson-feedbacks-projector";
import {
  findStudentFeedback,
  findTeacherFeedback,
  pageStudentFeedbacks,
  pageTeacherFeedbacks,
} from "./lesson-feedbacks-queries";

const onLesson = (lessonId: number, event: LessonEvent) => on(lessonStreams.id(lessonId), event);

/** A lesson held by Bruno Lima for `student`, rated by the student with `note` and `information`. */
const ratedLesson = (lessonId: number, student: string, note: number | null, information: string) => [
  onLesson(lessonId, {
    type: "LessonScheduled",
    data: {
      id: lessonId,
      student: { id: lessonId + 100, firstName: student, lastName: "Souza" },
      trail: { id: 5, number: 3, title: "Ordering food" },
      level: { id: 1, name: "Begginer" },
      date: "2026-03-03T13:00:00.000Z",
      objective: "TRAVEL",
      createdDate: "2026-03-01T13:00:00.000Z",
    },
  }),
  onLesson(lessonId, {
    type: "LessonAccepted",
    data: {
      teacher: { id: 900, firstName: "Bruno", lastName: "Lima" },
      meetUrl: "https://meet.jit.si/el-test",
      acceptedAt: "2026-03-01T14:00:00.000Z",
    },
  }),
  onLesson(lessonId, {
    type: "StudentFeedbackGiven",
    data: {
      feedbackId: lessonId + 5000,
      studentId: lessonId + 100,
      note,
      information,
      givenAt: "2026-03-04T12:00:00Z",
    },
  }),
];

const report = (lessonId: number, status: 1 | 2 | 3): LessonEvent => ({
  type: "TeacherFeedbackGiven",
  data: {
    feedbackId: lessonId + 6000,
    teacherId: 900,
    skipped: false,
    status,
    note: 4,
    information: "Arrived late",
    sugestions: "Past tense",
    productSugestions: "None",
    studentInformation: "Shy",
    partialyHeld: status === 2 ? "Exercise 3" : null,
    givenAt: "2026-03-04T13:00:00.000Z",
  },
});

const everything = { page: 0, size: 20 };

describe("the back office's feedback lists", () => {
  const spec = projectionSpec(lessonSchedulingsProjector, lessonFeedbacksProjector);
  afterAll(() => spec.close());

  it("lists each student feedback with its lesson, and finds words in the comment or a name", () =>
    spec
      .given(
        ...ratedLesson(1, "Ana", 5, "Loved the role play"),
        ...ratedLesson(2, "Carla", 2, "Too fast"),
        ...ratedLesson(3, "Diego", null, ""),
      )
      .then(async ({ sql }) => {
        const all = await pageStudentFeedbacks(sql, undefined, { ...everything, sort: ["id,asc"] });
        expect(all.total).toBe(3);
        expect(all.items[0]).toEqual({
          id: 5001,
          lessonId: 1,
          note: 5,
          information: "Loved the role play",
          givenAt: "2026-03-04T12:00:00.000Z",
          lesson: {
            id: 1,
            date: "2026-03-03T13:00:00.000Z",
            trail: "3 - Ordering food",
            studentName: "Ana Souza",
            teacherName: "Bruno Lima",
          },
        });
        expect((await pageStudentFeedbacks(sql, " role ", everything)).items.map((row) => row.id)).toEqual([5001]);
        expect((await pageStudentFeedbacks(sql, "carla", everything)).items.map((row) => row.id)).toEqual([5002]);
        expect((await pageStudentFeedbacks(sql, "3", everything)).items.map((row) => row.lessonId)).toEqual([3]);
        expect((await pageStudentFeedbacks(sql, "100%", everything)).total).toBe(0);
      }));

  it("sorts by note or information either way and pages with the total", () =>
    spec
      .given(...ratedLesson(1, "Ana", 5, "b"), ...ratedLesson(2, "Carla", 2, "c"), ...ratedLesson(3, "Diego", 4, "a"))
      .then(async ({ sql }) => {
        const byNote = await pageStudentFeedbacks(sql, undefined, { ...everything, sort: ["note,desc"] });
        expect(byNote.items.map((row) => row.note)).toEqual([5, 4, 2]);
        const byText = await pageStudentFeedbacks(sql, undefined, { page: 1, size: 2, sort: ["information,asc"] });
        expect(byText).toMatchObject({ total: 3, items: [{ information: "c" }] });
      }));

  it("shows a correction and forgets a deleted feedback, in both lists", () =>
    spec
      .given(...ratedLesson(1, "Ana", 5, "Great"), onLesson(1, report(1, 3)))
      .when(
        onLesson(1, {
          type: "StudentFeedbackRevised",
          data: { feedbackId: 5001, note: 3, information: "Fine", by: "admin", at: "2026-03-05T12:00:00.000Z" },
        }),
        onLesson(1, {
          type: "TeacherFeedbackRevised",
          data: {
            feedbackId: 6001,
            status: 2,
            note: 5,
            information: "Half of it",
            sugestions: "s",
            productSugestions: "p",
            studentInformation: "i",
            partialyHeld: "Exercise 2",
            by: "admin",
            at: "2026-03-05T12:00:00.000Z",
          },
        }),
      )
      .then(async ({ sql }) => {
        expect(await findStudentFeedback(sql, 5001)).toMatchObject({ note: 3, information: "Fine" });
        expect(await findTeacherFeedback(sql, 6001)).toMatchObject({
          status: 2,
          note: 5,
          partialyHeld: "Exercise 2",
          skipped: false,
        });
        const { rows } = await sql.query<{ teacher_feedback_status: number }>(
          "select teacher_feedback_status from lesson_schedulings where id = 1",
        );
        expect(rows[0]?.teacher_feedback_status).toBe(2);
      }));

  it("deletes a feedback from its list and lets the lesson be asked for feedback again", () =>
    spec
      .given(...ratedLesson(1, "Ana", 5, "Great"), onLesson(1, report(1, 1)))
      .when(
        onLesson(1, {
          type: "StudentFeedbackDeleted",
          data: { feedbackId: 5001, by: "admin", at: "2026-03-05T12:00:00Z" },
        }),
        onLesson(1, {
          type: "TeacherFeedbackDeleted",
          data: { feedbackId: 6001, by: "admin", at: "2026-03-05T12:00:00Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await findStudentFeedback(sql, 5001)).toBeNull();
        expect((await pageTeacherFeedbacks(sql, undefined, everything)).total).toBe(0);
        const { rows } = await sql.query<Record<string, unknown>>(
          "select student_feedback_id, teacher_feedback_id, teacher_feedback_status from lesson_schedulings where id = 1",
        );
        expect(rows[0]).toEqual({
          student_feedback_id: null,
          teacher_feedback_id: null,
          teacher_feedback_status: null,
        });
      }));
});
