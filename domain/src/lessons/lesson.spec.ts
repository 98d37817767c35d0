import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  type LessonCommand,
  type LessonEvent,
  type LessonScheduled,
  lessonDecider,
  lessonErrors,
  type PersonSnapshot,
  TEACHER_PAYMENT_CENTS,
  type TrailInCatalog,
} from "./lesson";

const given = specFor(lessonDecider);
const now = new Date("2026-05-04T12:00:00-03:00");
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

const ana = { id: 11, firstName: "Ana", lastName: "Souza" };
const bruno: PersonSnapshot = { id: 21, firstName: "Bruno", lastName: "Lima" };
const carla = { id: 22, firstName: "Carla", lastName: null };
const trail: TrailInCatalog = {
  id: 5,
  number: 3,
  title: "Ordering food",
  level: { id: 1, name: "Begginer", active: true },
};

const schedule = (overrides: Partial<Extract<LessonCommand, { type: "ScheduleLesson" }>> = {}): LessonCommand => ({
  type: "ScheduleLesson",
  id: 100,
  student: ana,
  trail,
  levelId: 1,
  date: "2026-05-06T10:00:00-03:00",
  objective: "TRAVEL",
  now,
  ...overrides,
});

const scheduledData: LessonScheduled = {
  id: 100,
  student: ana,
  trail: { id: 5, number: 3, title: "Ordering food" },
  level: { id: 1, name: "Begginer" },
  date: "2026-05-06T13:00:00.000Z",
  objective: "TRAVEL",
  createdDate: now.toISOString(),
};
const scheduled: LessonEvent = { type: "LessonScheduled", data: scheduledData };
const accepted: LessonEvent = {
  type: "LessonAccepted",
  data: { teacher: bruno, meetUrl: "https://meet.jit.si/el-100-abc", acceptedAt: now.toISOString() },
};
/** Two days after the lesson: it is over and may be rated. */
const afterLesson = later(50);

describe("scheduling a lesson", () => {
  it("records the lesson at the chosen instant in UTC with the trail and level as they are now", () =>
    given([]).when(schedule()).then([scheduled]));

  it("accepts 07:00 and 22:00, the first and last schedulable times", () => {
    expect(lessonDecider.decide(schedule({ date: "2026-05-06T07:00:00-03:00" }), { status: "none" })).toHaveLength(1);
    expect(lessonDecider.decide(schedule({ date: "2026-05-06T22:00:00-03:00" }), { status: "none" })).toHaveLength(1);
  });

  it("reads the hour in São Paulo whatever offset the browser sent", () =>
    // 13:00 UTC is 10:00 in São Paulo.
    given([])
      .when(schedule({ date: "2026-05-06T13:00:00Z" }))
      .then([scheduled]));

  it("refuses minutes other than 00 and 30 with the spec's warning", () => {
    given([])
      .when(schedule({ date: "2026-05-06T10:15:00-03:00" }))
      .thenThrows(lessonErrors.halfHours, "validation");
    given([])
      .when(schedule({ date: "2026-05-06T10:30:20-03:00" }))
      .thenThrows(lessonErrors.halfHours);
  });

  it("refuses times before 07:00 and after 22:00", () => {
    given([])
      .when(schedule({ date: "2026-05-06T06:30:00-03:00" }))
      .thenThrows(lessonErrors.hours, "validation");
    given([])
      .when(schedule({ date: "2026-05-06T22:30:00-03:00" }))
      .thenThrows(lessonErrors.hours);
    given([])
      .when(schedule({ date: "2026-05-06T23:00:00-03:00" }))
      .thenThrows(lessonErrors.hours);
  });

  it("refuses a time in the past, even earlier today", () => {
    given([])
      .when(schedule({ date: "2026-05-04T11:30:00-03:00" }))
      .thenThrows(lessonErrors.past, "validation");
    given([])
      .when(schedule({ date: "2026-05-04T12:00:00-03:00" }))
      .thenThrows(lessonErrors.past);
  });

  it("refuses a trail that does not exist", () =>
    given([])
      .when(schedule({ trail: null }))
      .thenThrows(lessonErrors.trailNotFound, "validation"));

  it("refuses a trail of another level than the one chosen", () =>
    given([])
      .when(schedule({ levelId: 2 }))
      .thenThrows(lessonErrors.trailOfOtherLevel, "validation"));

  it("takes the trail's level when the form sends no level", () =>
    given([])
      .when(schedule({ levelId: null }))
      .then([scheduled]));

  it("refuses a level that is no longer offered", () =>
    given([])
      .when(schedule({ trail: { ...trail, level: { ...trail.level, active: false } } }))
      .thenThrows(lessonErrors.levelInactive));

  it("records nothing again when the same scheduling is decided twice", () =>
    given([scheduled]).when(schedule()).then([]));
});

describe("claiming a lesson", () => {
  const claim = (teacher = bruno, at = now): LessonCommand => ({
    type: "AcceptLesson",
    teacher,
    meetUrl: "https://meet.jit.si/el-100-abc",
    now: at,
  });

  it("gives the pending lesson its teacher and video link", () => given([scheduled]).when(claim()).then([accepted]));

  it("tells a second teacher the lesson was already claimed (409)", () =>
    given([scheduled, accepted]).when(claim(carla)).thenThrows(lessonErrors.alreadyClaimed, "conflict"));

  it("lets the winning teacher retry without a second claim", () =>
    given([scheduled, accepted]).when(claim()).then([]));

  it("refuses a cancelled lesson", () =>
    given([
      scheduled,
      { type: "LessonCancelled", data: { by: 11, role: "student", refunded: true, at: now.toISOString() } },
    ])
      .when(claim())
      .thenThrows(lessonErrors.cancelled, "conflict"));

  it("refuses a lesson that has already started", () =>
    given([scheduled])
      .when(claim(bruno, later(46)))
      .thenThrows(lessonErrors.alreadyStarted, "validation"));

  it("answers 404 for a lesson that does not exist", () =>
    given([]).when(claim()).thenThrows(lessonErrors.notFound, "not_found"));
});

describe("the teacher's Google Meet link", () => {
  const meetUrl = "https://meet.google.com/abc-defg-hij";
  const use = (teacherId = bruno.id): LessonCommand => ({ type: "UseMeetingLink", teacherId, meetUrl, now });
  const changed: LessonEvent = {
    type: "LessonVideoLinkChanged",
    data: { meetUrl, teacherId: bruno.id, at: now.toISOString() },
  };
  it("replaces the Jitsi link of the teacher's lesson", () => given([scheduled, accepted]).when(use()).then([changed]));
  it("is not used once the lesson is cancelled or another teacher's", () => {
    const cancelled: LessonEvent = {
      type: "LessonCancelled",
      data: { by: ana.id, role: "student", refunded: true, at: now.toISOString() },
    };
    given([scheduled, accepted, cancelled]).when(use()).then([]);
    given([scheduled, accepted]).when(use(carla.id)).then([]);
    given([scheduled]).when(use()).then([]);
  });
  it("is recorded once", () => given([scheduled, accepted, changed]).when(use()).then([]));
});

describe("cancelling a lesson", () => {
  const cancel = (at: Date, by = 11, role: "student" | "admin" = "student"): LessonCommand => ({
    type: "CancelLesson",
    by,
    role,
    now: at,
  });
  // The lesson starts 46 hours after `now`.
  it("with 24 hours of notice or more, cancels and refunds the credit", () =>
    given([scheduled])
      .when(cancel(later(22)))
      .then([
        { type: "LessonCancelled", data: { by: 11, role: "student", refunded: true, at: later(22).toISOString() } },
      ]));

  it("exactly 24 hours before is still in time", () =>
    given([scheduled, accepted])
      .when(cancel(later(22)))
      .then([
        { type: "LessonCancelled", data: { by: 11, role: "student", refunded: true, at: later(22).toISOString() } },
      ]));

  it("with less notice, refuses with the cancellation policy and sends the student to support", () =>
    given([scheduled])
      .when(cancel(later(22.5)))
      .thenThrows(lessonErrors.cancellationPolicy, "validation"));

  it("refuses another student's lesson", () =>
    given([scheduled]).when(cancel(now, 12)).thenThrows(lessonErrors.notYours, "forbidden"));

  it("lets support cancel late, still refunding", () =>
    given([scheduled])
      .when(cancel(later(45), 1, "admin"))
      .then([
        { type: "LessonCancelled", data: { by: 1, role: "admin", refunded: true, at: later(45).toISOString() } },
      ]));

  it("cancels once", () =>
    given([
      scheduled,
      { type: "LessonCancelled", data: { by: 11, role: "student", refunded: true, at: now.toISOString() } },
    ])
      .when(cancel(now))
      .then([]));
});

describe("student feedback", () => {
  const rate = (overrides: Partial<Extract<LessonCommand, { type: "GiveStudentFeedback" }>> = {}): LessonCommand => ({
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

  it("refuses another student's lesson", () =>
    given([scheduled, accepted])
      .when(rate({ studentId: 12 }))
      .thenThrows(lessonErrors.notYours, "forbidden"));

  it("takes one feedback per lesson", () =>
    given([scheduled, accepted, given5]).when(rate()).thenThrows(lessonErrors.feedbackGiven, "conflict"));
});

describe("teacher feedback", () => {
  const report = (overrides: Partial<Extract<LessonCommand, { type: "GiveTeacherFeedback" }>> = {}): LessonCommand => ({
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

  it("is refused to a teacher who did not give the lesson", () =>
    given([scheduled, accepted])
      .when(report({ teacherId: 22 }))
      .thenThrows(lessonErrors.notYours, "forbidden"));

  it("waits for the lesson to end and is given once", () => {
    given([scheduled, accepted])
      .when(report({ now: later(46) }))
      .thenThrows(lessonErrors.notHeldYet);
    given([scheduled, accepted, reported]).when(report()).thenThrows(lessonErrors.feedbackGiven, "conflict");
  });
});

describe("paying the teacher", () => {
  const pay = (overrides: Partial<Extract<LessonCommand, { type: "PayLesson" }>> = {}): LessonCommand => ({
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
  const reviseStudent = (overrides: Partial<Extract<LessonCommand, { type: "ReviseStudentFeedback" }>> = {}) =>
    ({
      type: "ReviseStudentFeedback",
      feedbackId: 300,
      note: 4,
      information: " Good pace after all ",
      by: "admin",
      now: at,
      ...overrides,
    }) satisfies LessonCommand;
  const reviseTeacher = (overrides: Partial<Extract<LessonCommand, { type: "ReviseTeacherFeedback" }>> = {}) =>
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
