import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { type LessonCommand, type LessonEvent, lessonErrors, type PayLesson, TEACHER_PAYMENT_CENTS } from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { accepted, afterLesson, bruno, carla, later, scheduled } from "./lesson-fixtures";

const given = specFor(lessonDecider);

describe("paying the teacher", () => {
  const pay = (overrides: Partial<PayLesson> = {}): LessonCommand => ({
    type: "PayLesson",
    paymentId: 500,
    teacherId: null,
    by: "admin",
    now: afterLesson,
    ...overrides,
  });
  const paid: LessonEvent = {
    type: "LessonPaid",
    data: {
      paymentId: 500,
      valueCents: TEACHER_PAYMENT_CENTS,
      teacherId: bruno.id,
      by: "admin",
      at: afterLesson.toISOString(),
    },
  };
  const undo = (paymentId = 500): LessonCommand => ({
    type: "CancelLessonPayment",
    paymentId,
    by: "admin",
    now: afterLesson,
  });
  const undone: LessonEvent = {
    type: "LessonPaymentCancelled",
    data: { paymentId: 500, by: "admin", at: afterLesson.toISOString() },
  };
  const teacherReport = (status: 1 | 2 | 3): LessonEvent => ({
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: 400,
      teacherId: bruno.id,
      skipped: false,
      status,
      note: 4,
      information: "",
      sugestions: "s",
      productSugestions: "p",
      studentInformation: "i",
      partialyHeld: status === 2 ? "Unit 2" : null,
      givenAt: afterLesson.toISOString(),
    },
  });

  it("records PAYMENT_VALUE (R$ 25) to the lesson's teacher once the lesson was held", () =>
    given([scheduled, accepted]).when(pay()).then([paid]));

  it("pays once: a second mark, by anyone, adds nothing", () => {
    given([scheduled, accepted, paid]).when(pay()).then([]);
    given([scheduled, accepted, paid])
      .when(pay({ paymentId: 501, by: "other-admin" }))
      .then([]);
  });

  it("pays only a lesson that took place with a teacher", () => {
    given([]).when(pay()).thenThrows(lessonErrors.notFound, "not_found");
    given([scheduled]).when(pay()).thenThrows(lessonErrors.notAccepted, "validation");
    given([scheduled, accepted])
      .when(pay({ now: later(46) }))
      .thenThrows(lessonErrors.notHeldYet, "validation");
    given([scheduled, accepted, teacherReport(3)])
      .when(pay())
      .thenThrows(lessonErrors.reportedNotHeld, "validation");
    given([scheduled, accepted, teacherReport(2)])
      .when(pay())
      .then([paid]);
  });

  it("never pays a cancelled lesson, claimed or not", () => {
    const cancelled: LessonEvent = {
      type: "LessonCancelled",
      data: { by: 1, role: "admin", refunded: true, at: later(45).toISOString() },
    };
    given([scheduled, accepted, cancelled]).when(pay()).thenThrows(lessonErrors.cancelled, "validation");
    given([scheduled, cancelled]).when(pay()).thenThrows(lessonErrors.cancelled, "validation");
  });

  it("pays the teacher named only when it is the lesson's", () => {
    given([scheduled, accepted])
      .when(pay({ teacherId: bruno.id }))
      .then([paid]);
    given([scheduled, accepted])
      .when(pay({ teacherId: carla.id }))
      .thenThrows(lessonErrors.notTheTeacher, "validation");
  });

  it("undoes a payment (Quitado back to Débito), and the lesson may be paid again", () => {
    given([scheduled, accepted, paid]).when(undo()).then([undone]);
    given([scheduled, accepted, paid, undone])
      .when(pay({ paymentId: 502 }))
      .then([{ ...paid, data: { ...paid.data, paymentId: 502 } } as LessonEvent]);
  });

  it("undoes only the payment the lesson has", () => {
    given([scheduled, accepted]).when(undo()).thenThrows(lessonErrors.notPaid, "not_found");
    given([scheduled, accepted, paid, undone]).when(undo()).thenThrows(lessonErrors.notPaid, "not_found");
    given([scheduled, accepted, paid]).when(undo(499)).thenThrows(lessonErrors.paymentNotFound, "not_found");
    given([]).when(undo()).thenThrows(lessonErrors.notFound, "not_found");
  });
});
