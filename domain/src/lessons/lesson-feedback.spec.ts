import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  type GiveStudentFeedback,
  type GiveTeacherFeedback,
  type LessonCommand,
  type LessonEvent,
  lessonErrors,
  type ReviseStudentFeedback,
  type ReviseTeacherFeedback,
} from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { accepted, afterLesson, later, scheduled } from "./lesson-fixtures";

const given = specFor(lessonDecider);

describe("student feedback", () => {
  const rate = (overrides: Partial<GiveStudentFeedback> = {}): LessonCommand => ({
    type: "GiveStudentFeedback",
    feedbackId: 300,
    studentId: 11,
    note: 5,
    information: " Great class ",
    now: afterLesson,
    ...overrides,
  });
  const given5 = {
    type: "StudentFeedbackGiven" as const,
    data: { feedbackId: 300, studentId: 11, note: 5, information: "Great class", givenAt: afterLesson.toISOString() },
  };

  it("stores the rating and comment of a lesson that took place", () =>
    given([scheduled, accepted]).when(rate()).then([given5]));

  it("stores an empty feedback when the student skips the prompt", () =>
    given([scheduled, accepted])
      .when(rate({ note: null, information: "" }))
      .then([{ ...given5, data: { ...given5.data, note: null, information: "" } }]));

  it("refuses a note outside 0 to 5", () => {
    given([scheduled, accepted])
      .when(rate({ note: 6 }))
      .thenThrows(lessonErrors.note, "validation");
    given([scheduled, accepted])
      .when(rate({ note: -1 }))
      .thenThrows(lessonErrors.note);
  });

  it("refuses before the lesson has ended (one hour after it started)", () =>
    given([scheduled, accepted])
      .when(rate({ now: later(46.5) }))
      .thenThrows(lessonErrors.notHeldYet));

  it("refuses a lesson no teacher claimed", () => given([scheduled]).when(rate()).thenThrows(lessonErrors.notAccepted));

  it("does not find another student's lesson", () =>
    given([scheduled, accepted])
      .when(rate({ studentId: 12 }))
      .thenThrows(lessonErrors.notFound, "not_found"));

  it("takes one feedback per lesson", () =>
    given([scheduled, accepted, given5]).when(rate()).thenThrows(lessonErrors.feedbackGiven, "conflict"));
});

describe("teacher feedback", () => {
  const report = (overrides: Partial<GiveTeacherFeedback> = {}): LessonCommand => ({
    type: "GiveTeacherFeedback",
    feedbackId: 400,
    teacherId: 21,
    skipped: false,
    status: 1,
    note: 4,
    information: "Covered the whole trail",
    sugestions: "Practise the past tense",
    productSugestions: "More listening material",
    studentInformation: "Shy but improving",
    partialyHeld: null,
    now: afterLesson,
    ...overrides,
  });
  const reported = {
    type: "TeacherFeedbackGiven" as const,
    data: {
      feedbackId: 400,
      teacherId: 21,
      givenAt: afterLesson.toISOString(),
      skipped: false,
      status: 1 as const,
      note: 4,
      information: "Covered the whole trail",
      sugestions: "Practise the past tense",
      productSugestions: "More listening material",
      studentInformation: "Shy but improving",
      partialyHeld: null,
    },
  };

  it("stores the lesson report on the real lesson", () => given([scheduled, accepted]).when(report()).then([reported]));

  it("asks to choose an option when the status is missing", () =>
    given([scheduled, accepted])
      .when(report({ status: null }))
      .thenThrows(lessonErrors.chooseOption, "validation"));

  it("asks to rate the material when the note is below 1", () =>
    given([scheduled, accepted])
      .when(report({ note: 0 }))
      .thenThrows(lessonErrors.rateMaterial));

  it("requires where the lesson stopped only when it was partly held", () => {
    given([scheduled, accepted])
      .when(report({ status: 2 }))
      .thenThrows(lessonErrors.required);
    given([scheduled, accepted])
      .when(report({ status: 2, partialyHeld: "Unit 3, exercise 4" }))
      .then([{ ...reported, data: { ...reported.data, status: 2, partialyHeld: "Unit 3, exercise 4" } }]);
    given([scheduled, accepted])
      .when(report({ status: 3, partialyHeld: "ignored" }))
      .then([{ ...reported, data: { ...reported.data, status: 3 } }]);
  });

  it("requires suggestions and notes about the student", () => {
    given([scheduled, accepted])
      .when(report({ sugestions: "  " }))
      .thenThrows(lessonErrors.required);
    given([scheduled, accepted])
      .when(report({ studentInformation: "" }))
      .thenThrows(lessonErrors.required);
  });

  it("requires suggestions to the product, naming that field so the form shows the message under it", () => {
    const state = [scheduled, accepted].reduce(lessonDecider.evolve, lessonDecider.initialState());
    expect(() => lessonDecider.decide(report({ productSugestions: " " }), state)).toThrow(
      expect.objectContaining({ code: "validation", messageKey: lessonErrors.required, field: "productSugestions" }),
    );
  });

  it("stores an empty report when the teacher skips the prompt", () =>
    given([scheduled, accepted])
      .when(report({ skipped: true, status: null, note: null, sugestions: "", productSugestions: "" }))
      .then([
        {
          ...reported,
          data: {
            ...reported.data,
            skipped: true,
            status: null,
            note: null,
            information: "",
            sugestions: "",
            productSugestions: "",
            studentInformation: "",
          },
        },
      ]));

  it("is not found by a teacher who did not give the lesson", () =>
    given([scheduled, accepted])
      .when(report({ teacherId: 22 }))
      .thenThrows(lessonErrors.notFound, "not_found"));

  it("waits for the lesson to end and is given once", () => {
    given([scheduled, accepted])
      .when(report({ now: later(46) }))
      .thenThrows(lessonErrors.notHeldYet);
    given([scheduled, accepted, reported]).when(report()).thenThrows(lessonErrors.feedbackGiven, "conflict");
  });
});

describe("the back office's feedback corrections", () => {
  const rated: LessonEvent = {
    type: "StudentFeedbackGiven",
    data: { feedbackId: 300, studentId: 11, note: 2, information: "Too fast", givenAt: afterLesson.toISOString() },
  };
  const reported: LessonEvent = {
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: 400,
      teacherId: 21,
      givenAt: afterLesson.toISOString(),
      skipped: false,
      status: 3,
      note: 4,
      information: "Student did not come",
      sugestions: "-",
      productSugestions: "-",
      studentInformation: "-",
      partialyHeld: null,
    },
  };
  const at = later(60);
  const reviseStudent = (overrides: Partial<ReviseStudentFeedback> = {}) =>
    ({
      type: "ReviseStudentFeedback",
      feedbackId: 300,
      note: 4,
      information: " Good pace after all ",
      by: "admin",
      now: at,
      ...overrides,
    }) satisfies LessonCommand;
  const reviseTeacher = (overrides: Partial<ReviseTeacherFeedback> = {}) =>
    ({
      type: "ReviseTeacherFeedback",
      feedbackId: 400,
      status: 2,
      note: 5,
      information: "Held half of it",
      sugestions: "Review",
      productSugestions: "None",
      studentInformation: "Arrived late",
      partialyHeld: " Exercise 3 ",
      by: "admin",
      now: at,
      ...overrides,
    }) satisfies LessonCommand;
  const deleteFeedback = (of: "student" | "teacher", feedbackId: number): LessonCommand => ({
    type: "DeleteFeedback",
    of,
    feedbackId,
    by: "admin",
    now: at,
  });

  it("corrects the student's rating and comment", () =>
    given([scheduled, accepted, rated])
      .when(reviseStudent())
      .then([
        {
          type: "StudentFeedbackRevised",
          data: { feedbackId: 300, note: 4, information: "Good pace after all", by: "admin", at: at.toISOString() },
        },
      ]));

  it("corrects the teacher's report, keeping where it stopped only for a partly held lesson", () => {
    given([scheduled, accepted, reported])
      .when(reviseTeacher())
      .then([
        {
          type: "TeacherFeedbackRevised",
          data: {
            feedbackId: 400,
            status: 2,
            note: 5,
            information: "Held half of it",
            sugestions: "Review",
            productSugestions: "None",
            studentInformation: "Arrived late",
            partialyHeld: "Exercise 3",
            by: "admin",
            at: at.toISOString(),
          },
        },
      ]);
    const [event] = lessonDecider.decide(
      reviseTeacher({ status: 1 }),
      [scheduled, accepted, reported].reduce(lessonDecider.evolve, lessonDecider.initialState()),
    );
    expect(event?.type === "TeacherFeedbackRevised" && event.data.partialyHeld).toBeNull();
  });

  it("refuses a note out of range and a report without a status", () => {
    given([scheduled, accepted, rated])
      .when(reviseStudent({ note: 6 }))
      .thenThrows(lessonErrors.note, "validation");
    given([scheduled, accepted, reported])
      .when(reviseTeacher({ note: 0 }))
      .thenThrows(lessonErrors.note, "validation");
    given([scheduled, accepted, reported])
      .when(reviseTeacher({ status: null }))
      .thenThrows(lessonErrors.chooseOption, "validation");
  });

  it("answers 404 for a feedback the lesson does not have", () => {
    given([scheduled, accepted]).when(reviseStudent()).thenThrows(lessonErrors.feedbackNotFound, "not_found");
    given([scheduled, accepted, rated])
      .when(reviseStudent({ feedbackId: 301 }))
      .thenThrows(lessonErrors.feedbackNotFound);
    given([scheduled, accepted, rated]).when(deleteFeedback("teacher", 300)).thenThrows(lessonErrors.feedbackNotFound);
  });

  it("deletes once: a second delete finds nothing, and the student may rate the lesson again", () => {
    const deleted: LessonEvent = {
      type: "StudentFeedbackDeleted",
      data: { feedbackId: 300, by: "admin", at: at.toISOString() },
    };
    given([scheduled, accepted, rated]).when(deleteFeedback("student", 300)).then([deleted]);
    given([scheduled, accepted, rated, deleted])
      .when(deleteFeedback("student", 300))
      .thenThrows(lessonErrors.feedbackNotFound);
    expect(
      lessonDecider.decide(
        { type: "GiveStudentFeedback", feedbackId: 302, studentId: 11, note: 5, information: "", now: at },
        [scheduled, accepted, rated, deleted].reduce(lessonDecider.evolve, lessonDecider.initialState()),
      ),
    ).toHaveLength(1);
  });

  it("pays the teacher again once a 'not held' report is corrected or deleted", () => {
    const pay: LessonCommand = { type: "PayLesson", paymentId: 500, teacherId: null, by: "admin", now: at };
    given([scheduled, accepted, reported]).when(pay).thenThrows(lessonErrors.reportedNotHeld);
    const revised: LessonEvent = {
      type: "TeacherFeedbackRevised",
      data: {
        feedbackId: 400,
        status: 1,
        note: 5,
        information: "",
        sugestions: "",
        productSugestions: "",
        studentInformation: "",
        partialyHeld: null,
        by: "admin",
        at: at.toISOString(),
      },
    };
    expect(
      lessonDecider.decide(
        pay,
        [scheduled, accepted, reported, revised].reduce(lessonDecider.evolve, lessonDecider.initialState()),
      ),
    ).toHaveLength(1);
    const deleted: LessonEvent = {
      type: "TeacherFeedbackDeleted",
      data: { feedbackId: 400, by: "admin", at: at.toISOString() },
    };
    expect(
      lessonDecider.decide(
        pay,
        [scheduled, accepted, reported, deleted].reduce(lessonDecider.evolve, lessonDecider.initialState()),
      ),
    ).toHaveLength(1);
  });
});
