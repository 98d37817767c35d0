import { describe, expect, it } from "vitest";
import { type Lesson, type LessonEvent, lessonStreams } from "../lessons/lesson";
import { lessonDecider } from "../lessons/lesson-decider";
import { accepted, ana, bruno, carla, scheduled } from "../lessons/lesson-fixtures";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import {
  checkPayoutAllowed,
  type DisputeCommand,
  type DisputeEvent,
  disputeDecider,
  disputeErrors,
  disputeStreams,
  isPayoutAllowed,
} from "./dispute";

const given = specFor(disputeDecider);
/** Bruno's lesson with Ana started at 13:00 UTC and ended at 14:00 UTC. */
const ended = new Date("2026-05-06T14:00:00.000Z");
const hoursAfterEnd = (hours: number) => new Date(ended.getTime() + hours * 3_600_000);
const heldLesson: Lesson = stateFrom(lessonDecider, [scheduled, accepted]);

const open = (overrides: Partial<Extract<DisputeCommand, { type: "OpenDispute" }>> = {}): DisputeCommand => ({
  type: "OpenDispute",
  lessonId: 100,
  userId: ana.id,
  reason: "TEACHER_ABSENT",
  comment: "  Esperei 30 minutos.  ",
  lesson: heldLesson,
  now: hoursAfterEnd(2),
  ...overrides,
});
const opened: DisputeEvent = {
  type: "DisputeOpened",
  data: {
    lessonId: 100,
    lessonDate: "2026-05-06T13:00:00.000Z",
    reason: "TEACHER_ABSENT",
    comment: "Esperei 30 minutos.",
    openedBy: "STUDENT",
    student: ana,
    teacher: bruno,
    at: hoursAfterEnd(2).toISOString(),
  },
};
const answer = (userId: number, now = hoursAfterEnd(10)): DisputeCommand => ({
  type: "AnswerDispute",
  userId,
  comment: "Eu estava na sala.",
  now,
});
const answered: DisputeEvent = {
  type: "DisputeAnswered",
  data: { comment: "Eu estava na sala.", by: bruno.id, at: hoursAfterEnd(10).toISOString() },
};
const resolve = (reason = "Professor ausente confirmado"): DisputeCommand => ({
  type: "ResolveDispute",
  refundStudent: true,
  payTeacher: false,
  reason,
  by: 1,
  now: hoursAfterEnd(20),
});
const resolved: DisputeEvent = {
  type: "DisputeResolved",
  data: {
    refundStudent: true,
    payTeacher: false,
    reason: "Professor ausente confirmado",
    by: 1,
    at: hoursAfterEnd(20).toISOString(),
  },
};

describe("reporting a lesson that did not happen", () => {
  it("the student reports the teacher absent after the lesson, the names copied from it", () => {
    given([]).when(open()).then([opened]);
  });

  it("the teacher reports the student absent", () => {
    given([])
      .when(open({ userId: bruno.id, reason: "STUDENT_ABSENT", comment: "Aluna não entrou" }))
      .then([
        {
          type: "DisputeOpened",
          data: { ...opened.data, reason: "STUDENT_ABSENT", comment: "Aluna não entrou", openedBy: "TEACHER" },
        },
      ]);
  });

  it("is open from the lesson's end until 24 hours after it", () => {
    given([])
      .when(open({ now: hoursAfterEnd(0) }))
      .then([{ ...opened, data: { ...opened.data, at: ended.toISOString() } }]);
    given([])
      .when(open({ now: hoursAfterEnd(-0.5) }))
      .thenThrows(disputeErrors.notEnded, "validation");
    given([])
      .when(open({ now: hoursAfterEnd(24.01) }))
      .thenThrows(disputeErrors.tooLate, "validation");
  });

  it("is someone else's lesson to anyone else: not found", () => {
    given([])
      .when(open({ userId: carla.id }))
      .thenThrows(disputeErrors.notFound, "not_found");
    given([])
      .when(open({ lesson: { status: "none" } }))
      .thenThrows(disputeErrors.notFound, "not_found");
  });

  it("needs a comment", () => {
    given([])
      .when(open({ comment: "   " }))
      .thenThrows(disputeErrors.comment, "validation");
  });

  it("is refused on a cancelled lesson", () => {
    const cancellation: LessonEvent = {
      type: "LessonCancelled",
      data: { by: 1, role: "admin", refunded: true, at: hoursAfterEnd(-30).toISOString() },
    };
    const cancelled = stateFrom(lessonDecider, [scheduled, accepted, cancellation]);
    given([])
      .when(open({ lesson: cancelled }))
      .thenThrows(disputeErrors.notHeld, "validation");
  });

  it("is one per lesson", () => {
    given([opened])
      .when(open({ userId: bruno.id }))
      .thenThrows(disputeErrors.alreadyDisputed, "conflict");
  });
});

describe("answering a dispute", () => {
  it("the other side answers within 48 hours of the report", () => {
    given([opened]).when(answer(bruno.id)).then([answered]);
  });

  it("is refused after 48 hours, to the side that reported, twice, and once resolved", () => {
    given([opened])
      .when(answer(bruno.id, hoursAfterEnd(50.01)))
      .thenThrows(disputeErrors.answerTooLate, "validation");
    given([opened]).when(answer(ana.id)).thenThrows(disputeErrors.ownDispute, "forbidden");
    given([opened, answered]).when(answer(bruno.id)).thenThrows(disputeErrors.alreadyAnswered, "conflict");
    given([opened, resolved]).when(answer(bruno.id)).thenThrows(disputeErrors.resolved, "conflict");
    given([opened]).when(answer(carla.id)).thenThrows(disputeErrors.notFound, "not_found");
    given([]).when(answer(bruno.id)).thenThrows(disputeErrors.notFound, "not_found");
  });
});

describe("resolving a dispute", () => {
  it("an administrator resolves it with a reason, answered or not", () => {
    given([opened]).when(resolve()).then([resolved]);
    given([opened, answered]).when(resolve()).then([resolved]);
  });

  it("is resolved once, and needs a reason", () => {
    given([opened, resolved]).when(resolve()).thenThrows(disputeErrors.resolved, "conflict");
    given([opened]).when(resolve(" ")).thenThrows(disputeErrors.comment, "validation");
  });
});

describe("a dispute and the teacher's payout", () => {
  const state = (events: DisputeEvent[]) => stateFrom(disputeDecider, events);

  it("holds it while open or answered, withholds it for good when resolved so", () => {
    expect(() => checkPayoutAllowed(state([opened]))).toThrow(disputeErrors.openOnPay);
    expect(() => checkPayoutAllowed(state([opened, answered]))).toThrow(disputeErrors.openOnPay);
    expect(() => checkPayoutAllowed(state([opened, resolved]))).toThrow(disputeErrors.payoutWithheld);
    expect(isPayoutAllowed(state([opened, answered]))).toBe(false);
    expect(isPayoutAllowed(state([opened, resolved]))).toBe(false);
  });

  it("lets it be paid without a dispute, or resolved with the payout kept", () => {
    const kept: DisputeEvent = { ...resolved, data: { ...resolved.data, payTeacher: true } } as DisputeEvent;
    expect(() => checkPayoutAllowed(state([]))).not.toThrow();
    expect(() => checkPayoutAllowed(state([opened, kept]))).not.toThrow();
    expect(isPayoutAllowed(state([opened, kept]))).toBe(true);
  });

  it("names its stream after its lesson", () => {
    expect(disputeStreams.id(100)).toBe("dispute-100");
    expect(disputeStreams.holds(lessonStreams.id(100))).toBe(false);
  });
});
