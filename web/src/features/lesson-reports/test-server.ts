import type { LessonReportView, ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { fakeApi, json } from "../../test/fake-api";
import { student, TEACHER } from "../../test/render-area";

export const LESSON_ID = 9;

/** The report of Ana's lesson 9 with Paul on Tuesday 10/03/26 at 10:00, as the server answers it. */
export const reportView = (changes: Partial<LessonReportView> = {}): LessonReportView => ({
  lessonId: LESSON_ID,
  date: "2026-03-10T13:00:00.000Z",
  trail: { id: 10, number: 1, title: "Greetings" },
  level: { id: 1, name: "Begginer" },
  studentName: "Ana Souza",
  teacherName: "Paul Smith",
  covered: "Greetings and introductions",
  vocabulary: ["good morning", "nice to meet you"],
  corrections: "I have 20 years → I am 20 years old",
  homework: "Write five greetings",
  version: 1,
  writtenAt: "2026-03-10T14:10:00.000Z",
  updatedAt: "2026-03-10T14:10:00.000Z",
  homeworkDoneAt: null,
  ...changes,
});

export const progressView = (changes: Partial<ProgressView> = {}): ProgressView => ({
  lessons: 3,
  hours: 3,
  byTrail: [
    { level: { id: 1, name: "Begginer" }, trail: { id: 10, number: 1, title: "Greetings" }, lessons: 2, hours: 2 },
    { level: { id: 1, name: "Begginer" }, trail: { id: 11, number: 2, title: "Food" }, lessons: 1, hours: 1 },
  ],
  vocabulary: [
    { text: "menu", lessonId: 12, at: "2026-03-17T14:00:00.000Z" },
    { text: "good morning", lessonId: 9, at: "2026-03-10T14:10:00.000Z" },
  ],
  streakWeeks: 2,
  levelTest: { lastTakenAt: "2026-01-10T12:00:00.000Z", lessonsSince: 3, retakeAfter: 20, due: false },
  ...changes,
});

/** The server of the report and progress pages, as the signed-in `who` sees it; returns the calls made. */
export const reportServer = (
  who: "student" | "teacher",
  answers: { report?: () => Response; save?: () => Response; done?: () => Response; progress?: () => Response } = {},
) =>
  fakeApi({
    "GET /api/account": () => json(who === "student" ? student() : TEACHER),
    "GET /api/levels": () => json([]),
    [`GET /api/lessons/${LESSON_ID}/report`]: () => answers.report?.() ?? json(reportView()),
    [`PUT /api/lessons/${LESSON_ID}/report`]: () => answers.save?.() ?? json(reportView({ version: 2 })),
    [`POST /api/lessons/${LESSON_ID}/report/homework-done`]: () =>
      answers.done?.() ?? json(reportView({ homeworkDoneAt: "2026-03-11T12:00:00.000Z" })),
    "GET /api/progress": () => answers.progress?.() ?? json(progressView()),
  });
