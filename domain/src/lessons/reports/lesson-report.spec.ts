import { describe, expect, it } from "vitest";
import { specFor } from "../../shared/spec";
import {
  cleanVocabulary,
  type LessonReportCommand,
  type LessonReportEvent,
  lessonReportDecider,
  lessonReportErrors,
  type ReportedLesson,
  VOCABULARY_MAX,
} from "./lesson-report";

const given = specFor(lessonReportDecider);

const lesson: ReportedLesson = {
  id: 100,
  studentId: 11,
  teacherId: 21,
  date: "2026-05-06T13:00:00.000Z",
  cancelled: false,
};
const duringLesson = new Date("2026-05-06T13:30:00.000Z");
const nextDay = new Date("2026-05-07T10:00:00.000Z");

const write = (overrides: Partial<Extract<LessonReportCommand, { type: "WriteLessonReport" }>> = {}) =>
  ({
    type: "WriteLessonReport",
    lesson,
    teacherId: 21,
    report: {
      covered: " Ordering food ",
      vocabulary: ["menu", " the bill ", "Menu", ""],
      corrections: "I want → I'd like",
      homework: "Write a dialogue",
    },
    now: duringLesson,
    ...overrides,
  }) as LessonReportCommand;

const written = (version: number, at: Date, changes: Partial<LessonReportEvent["data"]> = {}): LessonReportEvent => ({
  type: "LessonReportWritten",
  data: {
    lessonId: 100,
    studentId: 11,
    teacherId: 21,
    version,
    covered: "Ordering food",
    vocabulary: ["menu", "the bill"],
    corrections: "I want → I'd like",
    homework: "Write a dialogue",
    at: at.toISOString(),
    ...changes,
  } as Extract<LessonReportEvent, { type: "LessonReportWritten" }>["data"],
});
const done: LessonReportEvent = {
  type: "LessonHomeworkDone",
  data: { lessonId: 100, studentId: 11, at: nextDay.toISOString() },
};
const markDone = (studentId = 11): LessonReportCommand => ({
  type: "MarkHomeworkDone",
  lesson,
  studentId,
  now: nextDay,
});

describe("the teacher's report of a lesson", () => {
  it("is written once the lesson has started, trimmed, with its vocabulary without repeats", () =>
    given([])
      .when(write())
      .then([written(1, duringLesson)]));

  it("is written again as a new version", () =>
    given([written(1, duringLesson)])
      .when(write({ report: { covered: "Food", vocabulary: [], corrections: "", homework: "" }, now: nextDay }))
      .then([written(2, nextDay, { covered: "Food", vocabulary: [], corrections: "", homework: "" })]));

  it("stores nothing when written again the same", () =>
    given([written(1, duringLesson)])
      .when(write())
      .then([]));

  it("refuses before the lesson starts", () =>
    given([])
      .when(write({ now: new Date("2026-05-06T12:59:00.000Z") }))
      .thenThrows(lessonReportErrors.notStarted, "validation"));

  it("does not find another teacher's lesson, nor an unknown one, nor one without a teacher", () => {
    given([])
      .when(write({ teacherId: 22 }))
      .thenThrows(lessonReportErrors.notFound, "not_found");
    given([])
      .when(write({ lesson: null }))
      .thenThrows(lessonReportErrors.notFound, "not_found");
    given([])
      .when(write({ lesson: { ...lesson, teacherId: null } }))
      .thenThrows(lessonReportErrors.notFound, "not_found");
  });

  it("refuses a cancelled lesson", () =>
    given([])
      .when(write({ lesson: { ...lesson, cancelled: true } }))
      .thenThrows(lessonReportErrors.cancelled, "conflict"));

  it("asks what was covered", () =>
    given([])
      .when(write({ report: { covered: "  ", vocabulary: [], corrections: "", homework: "" } }))
      .thenThrows(lessonReportErrors.coveredRequired, "validation"));

  it("refuses too many words or too long a word", () => {
    const many = Array.from({ length: VOCABULARY_MAX + 1 }, (_, index) => `word ${index}`);
    given([])
      .when(write({ report: { covered: "x", vocabulary: many, corrections: "", homework: "" } }))
      .thenThrows(lessonReportErrors.vocabularyTooMany, "validation");
    given([])
      .when(write({ report: { covered: "x", vocabulary: ["a".repeat(121)], corrections: "", homework: "" } }))
      .thenThrows(lessonReportErrors.vocabularyItem, "validation");
  });
});

describe("homework done", () => {
  it("is marked by the lesson's student", () =>
    given([written(1, duringLesson)])
      .when(markDone())
      .then([done]));

  it("stores nothing when marked again", () =>
    given([written(1, duringLesson), done])
      .when(markDone())
      .then([]));

  it("is marked again after the teacher gives new homework", () =>
    given([written(1, duringLesson), done, written(2, nextDay, { homework: "Read chapter 2" })])
      .when(markDone())
      .then([done]));

  it("stays done when the report is written again with the same homework", () =>
    given([written(1, duringLesson), done, written(2, nextDay, { covered: "More" })])
      .when(markDone())
      .then([]));

  it("does not find another student's lesson", () =>
    given([written(1, duringLesson)])
      .when(markDone(12))
      .thenThrows(lessonReportErrors.notFound, "not_found"));

  it("needs a report with homework", () => {
    given([]).when(markDone()).thenThrows(lessonReportErrors.noReport, "not_found");
    given([written(1, duringLesson, { homework: "" })])
      .when(markDone())
      .thenThrows(lessonReportErrors.noHomework, "conflict");
  });
});

describe("cleanVocabulary", () => {
  it("keeps the first spelling of each entry, collapsing blanks", () =>
    expect(cleanVocabulary(["  Take  off ", "take off", "check-in"])).toEqual(["Take off", "check-in"]));
});
