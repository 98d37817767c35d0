import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { type LessonReportEvent, lessonReportStreams } from "@el/domain/lessons/reports/lesson-report";
import { LEVEL_TEST_RETAKE_AFTER_LESSONS } from "@el/domain/lessons/reports/progress";
import { placementStreams } from "@el/domain/placement/placement-test";
import { userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../testing/lesson-events";
import { on, projectionSpec } from "../testing/projection-spec";
import { lessonReportsProjector } from "./lesson-reports-projector";
import { lessonReportOf, lessonReportsOfStudent } from "./lesson-reports-queries";
import { progressLessonsProjector } from "./progress-lessons-projector";
import { progressOfStudent } from "./progress-of-student";

const { lesson, scheduled, accepted, cancelled } = lessonEvents();
/** Tuesdays at 10:00 in São Paulo, a week apart; "now" is the Wednesday after the last. */
const MARCH_10 = "2026-03-10T13:00:00.000Z";
const MARCH_17 = "2026-03-17T13:00:00.000Z";
const MARCH_24 = "2026-03-24T13:00:00.000Z";
const NOW = new Date("2026-03-25T15:00:00.000Z");

const report = (
  lessonId: number,
  version: number,
  at: string,
  fields: Partial<{ vocabulary: string[]; homework: string }> = {},
) =>
  on(lessonReportStreams.id(lessonId), {
    type: "LessonReportWritten",
    data: {
      lessonId,
      studentId: ana.id,
      teacherId: bruno.id,
      version,
      covered: "Greetings",
      vocabulary: ["hello", "good morning"],
      corrections: "",
      homework: "Write five greetings",
      at,
      ...fields,
    },
  } satisfies LessonReportEvent);
const homeworkDone = (lessonId: number, at: string) =>
  on(lessonReportStreams.id(lessonId), {
    type: "LessonHomeworkDone",
    data: { lessonId, studentId: ana.id, at },
  } satisfies LessonReportEvent);
const given = (id: number, date: string) => [scheduled(id, date), accepted(id)];
const levelTest = (testId: number, completedAt: string) => [
  on(placementStreams.id(testId), {
    type: "PlacementTestStarted",
    data: { testId, studentId: ana.id, seed: 1, firstQuestionId: "q1", startedAt: completedAt },
  }),
  on(placementStreams.id(testId), {
    type: "PlacementTestCompleted",
    data: { testId, levelId: 3, band: "A2", right: 10, total: 20, bands: [], completedAt },
  }),
];

describe("lesson-reports read models", () => {
  const spec = projectionSpec(progressLessonsProjector, lessonReportsProjector);
  afterAll(() => spec.close());

  it("shows the report with its lesson and tells the student; homework done is told to the teacher", () =>
    spec
      .given(...given(1, MARCH_10))
      .when(report(1, 1, "2026-03-10T14:05:00.000Z"), homeworkDone(1, "2026-03-11T10:00:00.000Z"))
      .then(async ({ sql, pushes }) => {
        const found = await lessonReportOf(sql, 1);
        expect(found).toMatchObject({ studentId: ana.id, teacherId: bruno.id });
        expect(found?.report).toEqual({
          lessonId: 1,
          date: MARCH_10,
          trail: { id: 10, number: 1, title: "Hello" },
          level: { id: 3, name: "Básico" },
          studentName: "Ana Souza",
          teacherName: "Bruno Lima",
          covered: "Greetings",
          vocabulary: ["hello", "good morning"],
          corrections: "",
          homework: "Write five greetings",
          version: 1,
          writtenAt: "2026-03-10T14:05:00.000Z",
          updatedAt: "2026-03-10T14:05:00.000Z",
          homeworkDoneAt: "2026-03-11T10:00:00.000Z",
        });
        expect(pushes).toEqual([
          { room: userRoom(ana.id), event: "lesson:report-written", payload: { lessonId: 1, version: 1 } },
          {
            room: userRoom(bruno.id),
            event: "lesson:homework-done",
            payload: { lessonId: 1, at: "2026-03-11T10:00:00.000Z" },
          },
        ]);
        expect(await lessonReportOf(sql, 2)).toBeNull();
      }));

  it("keeps the homework done when written again with the same homework", () =>
    spec
      .given(...given(1, MARCH_10), report(1, 1, MARCH_10), homeworkDone(1, MARCH_17))
      .when(report(1, 2, MARCH_17, { vocabulary: ["hi"] }))
      .then(async ({ sql }) =>
        expect((await lessonReportOf(sql, 1))?.report).toMatchObject({
          version: 2,
          vocabulary: ["hi"],
          writtenAt: MARCH_10,
          updatedAt: MARCH_17,
          homeworkDoneAt: MARCH_17,
        }),
      ));

  it("asks for the homework again when the teacher changes it", () =>
    spec
      .given(...given(1, MARCH_10), report(1, 1, MARCH_10), homeworkDone(1, MARCH_17))
      .when(report(1, 2, MARCH_17, { homework: "Read a menu" }))
      .then(async ({ sql }) => expect((await lessonReportOf(sql, 1))?.report.homeworkDoneAt).toBeNull()));

  it("counts lessons and hours given per level and trail, the vocabulary newest first without repeats, and the streak", () =>
    spec
      .given(
        ...given(1, MARCH_10),
        ...given(2, MARCH_17),
        ...given(3, MARCH_24),
        scheduled(4, MARCH_24, { trail: { id: 11, number: 2, title: "Food" } }),
        accepted(4),
        // Not given: cancelled, without a teacher, reported as not held, still to come.
        ...given(5, MARCH_17),
        cancelled(5),
        scheduled(6, MARCH_17),
        ...given(7, MARCH_17),
        lesson(7, {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: 70,
            teacherId: bruno.id,
            skipped: false,
            status: 3,
            note: 3,
            information: "",
            sugestions: "x",
            productSugestions: "x",
            studentInformation: "x",
            partialyHeld: null,
            givenAt: MARCH_17,
          },
        }),
        ...given(8, "2026-03-26T13:00:00.000Z"),
        report(1, 1, MARCH_10, { vocabulary: ["hello", "bye"] }),
        report(3, 1, MARCH_24, { vocabulary: ["Hello", "menu"] }),
      )
      .then(async ({ sql }) => {
        const progress = await progressOfStudent(sql, ana.id, NOW);
        expect(progress).toMatchObject({ lessons: 4, hours: 4, streakWeeks: 3 });
        expect(progress.byTrail).toEqual([
          { level: { id: 3, name: "Básico" }, trail: { id: 10, number: 1, title: "Hello" }, lessons: 3, hours: 3 },
          { level: { id: 3, name: "Básico" }, trail: { id: 11, number: 2, title: "Food" }, lessons: 1, hours: 1 },
        ]);
        expect(progress.vocabulary.map((entry) => entry.text)).toEqual(["Hello", "menu", "bye"]);
        expect(progress.levelTest).toEqual({
          lastTakenAt: null,
          lessonsSince: 4,
          retakeAfter: LEVEL_TEST_RETAKE_AFTER_LESSONS,
          due: true,
        });
        expect(await progressOfStudent(sql, bruno.id, NOW)).toMatchObject({ lessons: 0, vocabulary: [] });
      }));

  it("counts the lessons given since the last level test", () =>
    spec
      .given(...given(1, MARCH_10), ...levelTest(40, "2026-03-12T12:00:00.000Z"), ...given(2, MARCH_17))
      .then(async ({ sql }) =>
        expect((await progressOfStudent(sql, ana.id, NOW)).levelTest).toEqual({
          lastTakenAt: "2026-03-12T12:00:00.000Z",
          lessonsSince: 1,
          retakeAfter: LEVEL_TEST_RETAKE_AFTER_LESSONS,
          due: false,
        }),
      ));

  it("erases the report's texts and the names when either person is erased, keeping the counts", () =>
    spec
      .given(...given(1, MARCH_10), report(1, 1, MARCH_10))
      .when(on(`student-${ana.id}`, { type: "PersonalDataErased", data: { by: "admin", at: MARCH_24, lessons: [1] } }))
      .then(async ({ sql }) => {
        const [erased] = await lessonReportsOfStudent(sql, ana.id);
        expect(erased).toMatchObject({
          studentName: PERSON_REMOVED,
          teacherName: "Bruno Lima",
          covered: PERSON_REMOVED,
          corrections: "",
          homework: PERSON_REMOVED,
          vocabulary: [],
        });
        expect(await progressOfStudent(sql, ana.id, NOW)).toMatchObject({ lessons: 1, vocabulary: [] });
      }));
});
