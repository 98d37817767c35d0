import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import { type LessonCommand, type LessonEvent, lessonErrors } from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { accepted, ana, bruno, carla, later, now, schedule, scheduled, trail } from "./lesson-fixtures";

const given = specFor(lessonDecider);

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
