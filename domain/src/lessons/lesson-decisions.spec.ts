import { describe, expect, it } from "vitest";
import { NO_CREDITS_LEFT, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { type LessonEvent, lessonErrors, type ScheduleLesson } from "./lesson";
import { lessonDecider } from "./lesson-decider";
import {
  acceptLessonReservingSlots,
  cancelLessonRefunding,
  payTeacherLessons,
  scheduleLessonSpendingCredit,
} from "./lesson-decisions";
import { anaRegistered, now, schedule } from "./lesson-fixtures";
import { slotsOfLesson, type TeacherSlotEvent, teacherSlotDecider, teacherSlotStreams } from "./teacher-slot";

const granted = (amount: number): StudentEvent => ({ type: "CreditsGranted", data: { amount, grantedBy: "admin" } });
const student = (...events: StudentEvent[]) => stateFrom(studentAccountDecider, [anaRegistered, ...events]);
const lesson = (...events: LessonEvent[]) => stateFrom(lessonDecider, events);
const slot = (...events: TeacherSlotEvent[]) => stateFrom(teacherSlotDecider, events);

const command = schedule() as ScheduleLesson;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
};

describe("scheduling spends one credit", () => {
  it("schedules the lesson and spends the credit together", () => {
    const decision = scheduleLessonSpendingCredit(command, {
      lesson: lesson(),
      student: student(granted(2)),
      studentSlots: [],
    });
    expect(decision.lesson.map((e) => e.type)).toEqual(["LessonScheduled"]);
    expect(decision.student).toEqual([{ type: "CreditSpent", data: { lessonId: 100, schedulingId: 100 } }]);
  });

  it("refuses with the spec's notice when the balance is 0", () => {
    const error = refusal(() =>
      scheduleLessonSpendingCredit(command, { lesson: lesson(), student: student(), studentSlots: [] }),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error.messageKey).toBe(NO_CREDITS_LEFT);
    expect(error.httpStatus).toBe(400);
  });

  it("checks the time before the balance, so the form shows what to fix", () => {
    const error = refusal(() =>
      scheduleLessonSpendingCredit(
        { ...command, date: "2026-05-06T10:10:00-03:00" },
        { lesson: lesson(), student: student(), studentSlots: [] },
      ),
    );
    expect(error.messageKey).toBe(lessonErrors.halfHours);
  });
});

describe("claiming reserves the teacher's hour", () => {
  const scheduled = scheduleLessonSpendingCredit(command, {
    lesson: lesson(),
    student: student(granted(1)),
    studentSlots: [],
  }).lesson;
  const claim = {
    type: "AcceptLesson" as const,
    teacher: { id: 21, firstName: "Bruno", lastName: null },
    meetUrl: "https://meet.jit.si/x",
    now,
  };

  it("covers the two half hours of a one-hour lesson", () =>
    expect(slotsOfLesson(21, "2026-05-06T10:30:00-03:00").map(teacherSlotStreams.id)).toEqual([
      "teacher-slot-21-2026-05-06T13:30Z",
      "teacher-slot-21-2026-05-06T14:00Z",
    ]));

  it("reserves each free slot for the lesson", () => {
    const decision = acceptLessonReservingSlots(claim, { lesson: lesson(...scheduled), slots: [slot(), slot()] });
    expect(decision.lesson.map((e) => e.type)).toEqual(["LessonAccepted"]);
    expect(decision.slots).toEqual([
      [{ type: "TeacherSlotReserved", data: { teacherId: 21, lessonId: 100 } }],
      [{ type: "TeacherSlotReserved", data: { teacherId: 21, lessonId: 100 } }],
    ]);
  });

  it("refuses when the teacher already holds a lesson overlapping that hour", () => {
    const taken = slot({ type: "TeacherSlotReserved", data: { teacherId: 21, lessonId: 99 } });
    const error = refusal(() =>
      acceptLessonReservingSlots(claim, { lesson: lesson(...scheduled), slots: [slot(), taken] }),
    );
    expect(error.messageKey).toBe(lessonErrors.teacherBusy);
    expect(error.httpStatus).toBe(409);
  });

  it("frees the slot of a cancelled lesson for another claim", () => {
    const released = slot(
      { type: "TeacherSlotReserved", data: { teacherId: 21, lessonId: 99 } },
      { type: "TeacherSlotReleased", data: { teacherId: 21, lessonId: 99 } },
    );
    expect(
      acceptLessonReservingSlots(claim, { lesson: lesson(...scheduled), slots: [released, slot()] }).slots,
    ).toHaveLength(2);
  });
});

describe("cancelling with notice", () => {
  const scheduled = scheduleLessonSpendingCredit(command, {
    lesson: lesson(),
    student: student(granted(1)),
    studentSlots: [],
  });
  const paidStudent = student(granted(1), ...scheduled.student);
  const accepted: LessonEvent = {
    type: "LessonAccepted",
    data: {
      teacher: { id: 21, firstName: "Bruno", lastName: null },
      meetUrl: "https://meet.jit.si/x",
      acceptedAt: now.toISOString(),
    },
  };
  const reserved: TeacherSlotEvent = { type: "TeacherSlotReserved", data: { teacherId: 21, lessonId: 100 } };

  it("gives the credit back and frees the teacher's slots", () => {
    const decision = cancelLessonRefunding(
      { type: "CancelLesson", by: 11, role: "student", now },
      {
        lesson: lesson(...scheduled.lesson, accepted),
        student: paidStudent,
        slots: [slot(reserved), slot(reserved)],
        studentSlots: [],
      },
    );
    expect(decision.lesson.map((e) => e.type)).toEqual(["LessonCancelled"]);
    expect(decision.student).toEqual([
      { type: "CreditRefunded", data: { lessonId: 100, reason: "lesson-100 cancelled by student" } },
    ]);
    expect(decision.slots).toEqual([
      [{ type: "TeacherSlotReleased", data: { teacherId: 21, lessonId: 100 } }],
      [{ type: "TeacherSlotReleased", data: { teacherId: 21, lessonId: 100 } }],
    ]);
    const refunded = stateFrom(studentAccountDecider, [
      anaRegistered,
      granted(1),
      ...scheduled.student,
      ...decision.student,
    ]);
    expect(refunded.balance).toBe(1);
  });

  it("refunds nothing when the cancellation is refused", () => {
    const error = refusal(() =>
      cancelLessonRefunding(
        { type: "CancelLesson", by: 11, role: "student", now: new Date("2026-05-05T11:00:00-03:00") },
        { lesson: lesson(...scheduled.lesson), student: paidStudent, slots: [], studentSlots: [] },
      ),
    );
    expect(error.messageKey).toBe(lessonErrors.cancellationPolicy);
  });
});

describe("paying a teacher's month", () => {
  const bruno = { id: 21, firstName: "Bruno", lastName: "Lima" };
  const carla = { id: 22, firstName: "Carla", lastName: null };
  const afterMonth = new Date("2026-06-01T12:00:00-03:00");
  const lessonOn = (id: number, date: string, ...events: LessonEvent[]) => {
    const [scheduled] = scheduleLessonSpendingCredit(
      { ...command, id, date },
      { lesson: lesson(), student: student(granted(1)), studentSlots: [] },
    ).lesson;
    return lesson(...(scheduled ? [scheduled] : []), ...events);
  };
  const claimedBy = (teacher: typeof bruno | typeof carla): LessonEvent => ({
    type: "LessonAccepted",
    data: { teacher, meetUrl: "https://meet.jit.si/el-1", acceptedAt: now.toISOString() },
  });
  const paidBefore: LessonEvent = {
    type: "LessonPaid",
    data: { paymentId: 9, valueCents: 2500, teacherId: 21, by: "admin", at: now.toISOString() },
  };
  const cancelled: LessonEvent = {
    type: "LessonCancelled",
    data: { by: 1, role: "admin", refunded: true, at: now.toISOString() },
  };

  it("pays each owed lesson of the teacher its own payment and leaves the others alone", () => {
    const lessons = [
      lessonOn(1, "2026-05-06T10:00:00-03:00", claimedBy(bruno)),
      lessonOn(2, "2026-05-07T10:00:00-03:00", claimedBy(bruno), paidBefore),
      lessonOn(3, "2026-05-08T10:00:00-03:00", claimedBy(bruno), cancelled),
      lessonOn(4, "2026-05-09T10:00:00-03:00", claimedBy(carla)),
      lessonOn(5, "2026-05-10T10:00:00-03:00"),
      lessonOn(6, "2026-06-01T11:30:00-03:00", claimedBy(bruno)),
      lessonOn(7, "2026-05-11T10:00:00-03:00", claimedBy(bruno)),
    ];
    const decision = payTeacherLessons(
      { teacherId: 21, paymentIds: [101, 102, 103, 104, 105, 106, 107], by: "admin", now: afterMonth },
      lessons,
    );
    const paid = (paymentId: number): LessonEvent[] => [
      {
        type: "LessonPaid",
        data: { paymentId, valueCents: 2500, teacherId: 21, by: "admin", at: afterMonth.toISOString() },
      },
    ];
    expect(decision).toEqual([paid(101), [], [], [], [], [], paid(107)]);
  });

  it("pays nothing more the second time", () => {
    const first = lessonOn(1, "2026-05-06T10:00:00-03:00", claimedBy(bruno));
    const [events = []] = payTeacherLessons({ teacherId: 21, paymentIds: [101], by: "admin", now: afterMonth }, [
      first,
    ]);
    const again = payTeacherLessons({ teacherId: 21, paymentIds: [201], by: "admin", now: afterMonth }, [
      events.reduce(lessonDecider.evolve, first),
    ]);
    expect(events).toHaveLength(1);
    expect(again).toEqual([[]]);
  });
});
