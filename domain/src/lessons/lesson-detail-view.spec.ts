import { describe, expect, it } from "vitest";
import type { LessonEvent } from "./lesson";
import { lessonRecordOf } from "./lesson-detail-view";
import { accepted, bruno, carla, now, scheduled, scheduledData } from "./lesson-fixtures";

const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const changed: LessonEvent = {
  type: "LessonTeacherChanged",
  data: { from: bruno, teacher: carla, meetUrl: "https://meet.jit.si/el-100-def", by: 1, at: at(1) },
};
const studentFeedback: LessonEvent = {
  type: "StudentFeedbackGiven",
  data: { feedbackId: 7, studentId: 11, note: 5, information: "Ótima aula", givenAt: at(50) },
};
const teacherFeedback: LessonEvent = {
  type: "TeacherFeedbackGiven",
  data: {
    feedbackId: 8,
    teacherId: 22,
    skipped: false,
    status: 1,
    note: 4,
    information: "Boa participação",
    sugestions: "",
    productSugestions: "",
    studentInformation: "",
    partialyHeld: null,
    givenAt: at(51),
  },
};
const paid: LessonEvent = {
  type: "LessonPaid",
  data: { paymentId: 3, valueCents: 2_000, teacherId: 22, by: "root", at: at(60) },
};

describe("a lesson's record for the back office", () => {
  it("given a lesson scheduled, claimed, handed to another teacher, rated and paid, then lists each step with its time and teacher", () => {
    const record = lessonRecordOf([scheduled, accepted, changed, studentFeedback, teacherFeedback, paid]);
    expect(record.history).toEqual([
      { type: "LessonScheduled", at: scheduledData.createdDate, teacher: null },
      { type: "LessonAccepted", at: now.toISOString(), teacher: bruno },
      { type: "LessonTeacherChanged", at: at(1), teacher: carla },
      { type: "StudentFeedbackGiven", at: at(50), teacher: null },
      { type: "TeacherFeedbackGiven", at: at(51), teacher: null },
      { type: "LessonPaid", at: at(60), teacher: null },
    ]);
    expect(record.studentFeedback).toEqual({ note: 5, information: "Ótima aula", at: at(50) });
    expect(record.teacherFeedback).toMatchObject({ status: 1, note: 4, information: "Boa participação", at: at(51) });
  });

  it("given a revised student feedback and a deleted teacher report, then shows the revision and no report", () => {
    const record = lessonRecordOf([
      scheduled,
      accepted,
      studentFeedback,
      teacherFeedback,
      {
        type: "StudentFeedbackRevised",
        data: { feedbackId: 7, note: 3, information: "Corrigido", by: "root", at: at(70) },
      },
      { type: "TeacherFeedbackDeleted", data: { feedbackId: 8, by: "root", at: at(71) } },
    ]);
    expect(record.studentFeedback).toEqual({ note: 3, information: "Corrigido", at: at(70) });
    expect(record.teacherFeedback).toBeNull();
  });

  it("given only a scheduling, then has one step and no feedback", () => {
    expect(lessonRecordOf([scheduled])).toEqual({
      history: [{ type: "LessonScheduled", at: scheduledData.createdDate, teacher: null }],
      studentFeedback: null,
      teacherFeedback: null,
    });
  });
});
