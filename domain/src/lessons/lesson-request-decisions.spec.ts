import { describe, expect, it } from "vitest";
import { type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import {
  type TeacherAccount,
  type TeacherCommand,
  type TeacherEvent,
  teacherAccountDecider,
} from "../accounts/teacher-account";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { type LessonEvent, lessonErrors } from "./lesson";
import { ana, anaRegistered, bruno, brunoAccepted, brunoApplied, carla, later, now, trail } from "./lesson-fixtures";
import {
  acceptLessonRequest,
  evolveLessonRequest,
  initialLessonRequestState,
  type LapseLessonRequest,
  lapseLessonRequest,
  lessonRequestErrors,
  type RequestLesson,
  requestExpiry,
  requestLessonSpendingCredit,
} from "./lesson-request-decisions";
import { type StudentSlotEvent, studentSlotDecider } from "./student-slot";
import { type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

const granted: StudentEvent = { type: "CreditsGranted", data: { amount: 1, grantedBy: "admin" } };
const student = (...events: StudentEvent[]) => stateFrom(studentAccountDecider, [anaRegistered, granted, ...events]);

const teacher = (...events: TeacherEvent[]) =>
  stateFrom<TeacherCommand, TeacherEvent, TeacherAccount>(teacherAccountDecider, [brunoApplied, ...events]);
const activeTeacher = teacher(brunoAccepted);

/** Three days ahead: the teacher has the full 12 hours to answer. */
const start = "2026-05-07T10:00:00-03:00";
const request = (overrides: Partial<RequestLesson> = {}): RequestLesson => ({
  type: "ScheduleLesson",
  id: 100,
  student: ana,
  trail,
  levelId: 1,
  date: start,
  objective: "TRAVEL",
  now,
  teacher: bruno,
  fallback: "BOARD",
  ...overrides,
});
const fresh = { lesson: initialLessonRequestState().lesson, studentSlots: [], teacher: activeTeacher };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

/** The request's lesson after `events`, with the credit the request spent. */
const requested = (fallback: "BOARD" | "CANCEL", ...events: LessonEvent[]) => {
  const decision = requestLessonSpendingCredit(request({ fallback }), { ...fresh, student: student() });
  return {
    request: [...decision.lesson, ...events].reduce(evolveLessonRequest, initialLessonRequestState()),
    student: student(...decision.student),
    spent: decision.student,
    studentSlots: decision.studentSlots.map((events) => stateFrom(studentSlotDecider, events)),
  };
};

const expiresAt = later(12);
const claim = { type: "AcceptLesson" as const, teacher: bruno, meetUrl: "https://meet.jit.si/el-100-x", now };
const free = () => [teacherSlotDecider.initialState(), teacherSlotDecider.initialState()];
const acceptedEvent: LessonEvent = {
  type: "LessonAccepted",
  data: { teacher: bruno, meetUrl: claim.meetUrl, acceptedAt: now.toISOString() },
};
const lapsedEvent = (reason: "DECLINED" | "EXPIRED", fallback: "BOARD" | "CANCEL" = "BOARD"): LessonEvent => ({
  type: "LessonRequestLapsed",
  data: { teacher: bruno, reason, fallback, at: (reason === "EXPIRED" ? expiresAt : now).toISOString() },
});
const decline = (at = now, teacherId = bruno.id): LapseLessonRequest => ({ reason: "DECLINED", teacherId, now: at });
const expire = (at: Date): LapseLessonRequest => ({ reason: "EXPIRED", now: at });
const released: StudentSlotEvent[] = [{ type: "StudentSlotReleased", data: { studentId: ana.id, lessonId: 100 } }];

describe("the teacher's time to answer", () => {
  it("is 12 hours when the lesson is days away", () =>
    expect(requestExpiry(start, now).toISOString()).toBe(later(12).toISOString()));

  it("ends 24 hours before the start when that comes first", () =>
    expect(requestExpiry("2026-05-05T20:00:00-03:00", now).toISOString()).toBe("2026-05-04T23:00:00.000Z"));
});

describe("requesting a teacher", () => {
  it("schedules the lesson for that teacher alone, spending the credit and the student's half hours", () => {
    const decision = requestLessonSpendingCredit(request({ fallback: "CANCEL" }), { ...fresh, student: student() });
    expect(decision.lesson).toEqual([
      {
        type: "LessonScheduled",
        data: expect.objectContaining({
          id: 100,
          chosenTeacher: { teacher: bruno, how: "REQUESTED", expiresAt: expiresAt.toISOString(), fallback: "CANCEL" },
        }),
      },
    ]);
    expect(decision.student).toEqual([{ type: "CreditSpent", data: { lessonId: 100, schedulingId: 100 } }]);
    expect(decision.studentSlots).toHaveLength(2);
  });

  it("refuses a start less than a day away: the student books a free slot or the open board instead", () => {
    const error = refusal(() =>
      requestLessonSpendingCredit(request({ date: "2026-05-05T11:30:00-03:00" }), { ...fresh, student: student() }),
    );
    expect(error.messageKey).toBe(lessonRequestErrors.tooSoon);
    expect(error.httpStatus).toBe(400);
  });

  it("gives the scheduling rules' own answer for a start they refuse", () =>
    expect(
      refusal(() =>
        requestLessonSpendingCredit(request({ date: "2026-05-07T10:10:00-03:00" }), { ...fresh, student: student() }),
      ).messageKey,
    ).toBe(lessonErrors.halfHours));

  it("refuses a teacher who does not teach (applied only, or deactivated)", () => {
    for (const account of [teacher(), teacher(brunoAccepted, { type: "AccountDeactivated", data: { by: "x" } })]) {
      const error = refusal(() =>
        requestLessonSpendingCredit(request(), { ...fresh, teacher: account, student: student() }),
      );
      expect(error.messageKey).toBe(lessonErrors.teacherNotFound);
      expect(error.httpStatus).toBe(404);
    }
  });

  it("decides nothing again on a retry of the same request", () => {
    const { request: state } = requested("BOARD");
    const decision = requestLessonSpendingCredit(request(), { ...fresh, lesson: state.lesson, student: student() });
    expect(decision.lesson).toEqual([]);
  });
});

describe("accepting a request", () => {
  it("is the claim, reserving the teacher's hour", () => {
    const decision = acceptLessonRequest(claim, { request: requested("BOARD").request, slots: free() });
    expect(decision.lesson).toEqual([acceptedEvent]);
    const reserved: TeacherSlotEvent[] = [
      { type: "TeacherSlotReserved", data: { teacherId: bruno.id, lessonId: 100 } },
    ];
    expect(decision.slots).toEqual([reserved, reserved]);
  });

  it("is the teacher asked's alone: anyone else finds no such lesson", () => {
    const error = refusal(() =>
      acceptLessonRequest({ ...claim, teacher: carla }, { request: requested("BOARD").request, slots: free() }),
    );
    expect(error.httpStatus).toBe(404);
  });

  it("answers nothing new when accepted again", () =>
    expect(acceptLessonRequest(claim, { request: requested("BOARD", acceptedEvent).request, slots: free() })).toEqual({
      lesson: [],
      slots: [],
    }));

  it("is refused once the time to answer is over, even before the sweep lapsed it", () => {
    for (const state of [requested("BOARD").request, requested("BOARD", lapsedEvent("EXPIRED")).request]) {
      const error = refusal(() => acceptLessonRequest({ ...claim, now: later(12) }, { request: state, slots: free() }));
      expect(error.messageKey).toBe(lessonRequestErrors.expired);
      expect(error.httpStatus).toBe(409);
    }
  });

  it("is refused after declining", () =>
    expect(
      refusal(() =>
        acceptLessonRequest(claim, { request: requested("BOARD", lapsedEvent("DECLINED")).request, slots: free() }),
      ).messageKey,
    ).toBe(lessonRequestErrors.answered));
});

describe("declining a request", () => {
  it("with the board as fallback, lapses it: the lesson waits for any teacher, the credit stays spent", () => {
    const state = requested("BOARD");
    expect(lapseLessonRequest(decline(), state)).toEqual({
      lesson: [lapsedEvent("DECLINED")],
      student: [],
      studentSlots: [],
    });
  });

  it("with cancel as fallback, cancels the lesson in the same append: the credit back, the half hours free", () => {
    const state = requested("CANCEL");
    const decision = lapseLessonRequest(decline(), state);
    expect(decision.lesson).toEqual([
      lapsedEvent("DECLINED", "CANCEL"),
      { type: "LessonCancelled", data: { by: ana.id, role: "student", refunded: true, at: now.toISOString() } },
    ]);
    expect(decision.student).toEqual([
      { type: "CreditRefunded", data: { lessonId: 100, reason: "lesson-100 cancelled by student" } },
    ]);
    expect(decision.studentSlots).toEqual([released, released]);
    expect(student(...state.spent, ...decision.student).balance).toBe(1);
  });

  it("is the teacher asked's alone", () =>
    expect(refusal(() => lapseLessonRequest(decline(now, carla.id), requested("BOARD"))).httpStatus).toBe(404));

  it("answers nothing new when declined again", () =>
    expect(lapseLessonRequest(decline(), requested("BOARD", lapsedEvent("DECLINED"))).lesson).toEqual([]));

  it("is refused after accepting", () =>
    expect(refusal(() => lapseLessonRequest(decline(), requested("BOARD", acceptedEvent))).messageKey).toBe(
      lessonRequestErrors.answered,
    ));

  it("is refused once the time to answer is over, lapsed or not yet", () => {
    for (const state of [requested("BOARD"), requested("BOARD", lapsedEvent("EXPIRED"))]) {
      const error = refusal(() => lapseLessonRequest(decline(later(13)), state));
      expect(error.messageKey).toBe(lessonRequestErrors.expired);
      expect(error.httpStatus).toBe(409);
    }
  });
});

describe("a request's expiry", () => {
  it("decides nothing before its time", () =>
    expect(lapseLessonRequest(expire(later(11)), requested("BOARD")).lesson).toEqual([]));

  it("lapses it to the board, as of the moment it expired", () =>
    expect(lapseLessonRequest(expire(later(12.5)), requested("BOARD")).lesson).toEqual([lapsedEvent("EXPIRED")]));

  it("cancels it with the credit back, even found late, within 24 hours of the start", () => {
    const lateSweep = new Date(Date.parse(start) - 3_600_000);
    const decision = lapseLessonRequest(expire(lateSweep), requested("CANCEL"));
    expect(decision.lesson).toEqual([
      lapsedEvent("EXPIRED", "CANCEL"),
      {
        type: "LessonCancelled",
        data: { by: ana.id, role: "student", refunded: true, at: expiresAt.toISOString() },
      },
    ]);
    expect(decision.student.map((event) => event.type)).toEqual(["CreditRefunded"]);
    expect(decision.studentSlots).toEqual([released, released]);
  });

  it("decides nothing for a request answered or a lesson cancelled meanwhile", () => {
    const cancelled: LessonEvent = {
      type: "LessonCancelled",
      data: { by: ana.id, role: "student", refunded: true, at: now.toISOString() },
    };
    for (const events of [[acceptedEvent], [lapsedEvent("DECLINED")], [lapsedEvent("EXPIRED")], [cancelled]])
      expect(lapseLessonRequest(expire(later(13)), requested("CANCEL", ...events))).toEqual({
        lesson: [],
        student: [],
        studentSlots: [],
      });
  });
});
