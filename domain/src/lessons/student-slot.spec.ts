import { describe, expect, it } from "vitest";
import { type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { type LessonEvent, lessonErrors, type ScheduleLesson } from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { cancelLessonRefunding, changeLesson, scheduleLessonSpendingCredit } from "./lesson-decisions";
import {
  accepted,
  ana,
  anaRegistered,
  now,
  schedule as scheduleCommand,
  scheduled,
  scheduledData,
} from "./lesson-fixtures";
import {
  type StudentSlotEvent,
  studentSlotDecider,
  studentSlotMap,
  studentSlotStreams,
  studentSlotsOfLesson,
} from "./student-slot";
import { type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

const studentEvents: StudentEvent[] = [
  anaRegistered,
  { type: "CreditsGranted", data: { amount: 5, grantedBy: "admin" } },
];
const student = stateFrom(studentAccountDecider, studentEvents);
/** Ana with the credit of lesson 100 spent. */
const paidStudent = stateFrom(studentAccountDecider, [
  ...studentEvents,
  { type: "CreditSpent", data: { lessonId: 100, schedulingId: 100 } } as StudentEvent,
]);
const lesson = (...events: LessonEvent[]) => stateFrom(lessonDecider, events);
const studentSlot = (...events: StudentSlotEvent[]) => stateFrom(studentSlotDecider, events);
const heldBy = (lessonId: number) => studentSlot({ type: "StudentSlotReserved", data: { studentId: 11, lessonId } });
const teacherSlotHeldBy = (lessonId: number) =>
  stateFrom(teacherSlotDecider, [
    { type: "TeacherSlotReserved", data: { teacherId: 21, lessonId } },
  ] satisfies TeacherSlotEvent[]);
const schedule = (id: number, date: string) => scheduleCommand({ id, date }) as ScheduleLesson;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
};

describe("a student's lessons never overlap", () => {
  it("names the student's half hours a lesson covers, one stream each", () => {
    const keys = studentSlotsOfLesson(11, "2026-05-06T10:00:00-03:00");
    expect(keys).toEqual([
      { studentId: 11, startsAt: "2026-05-06T13:00Z" },
      { studentId: 11, startsAt: "2026-05-06T13:30Z" },
    ]);
    expect(keys.map((key) => studentSlotStreams.id(key))).toEqual([
      "student-slot-11-2026-05-06T13:00Z",
      "student-slot-11-2026-05-06T13:30Z",
    ]);
    expect(studentSlotStreams.parse("student-slot-11-2026-05-06T13:30Z")).toEqual(keys[1]);
  });

  it("given free half hours, when she schedules, then the lesson reserves both of them with the credit", () => {
    const decision = scheduleLessonSpendingCredit(schedule(100, "2026-05-06T10:00:00-03:00"), {
      lesson: lesson(),
      student,
      studentSlots: [studentSlot(), studentSlot()],
    });
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonScheduled"]);
    expect(decision.studentSlots).toEqual([
      [{ type: "StudentSlotReserved", data: { studentId: 11, lessonId: 100 } }],
      [{ type: "StudentSlotReserved", data: { studentId: 11, lessonId: 100 } }],
    ]);
    expect(decision.student.map((event) => event.type)).toEqual(["CreditSpent"]);
  });

  it("given a lesson of hers at 10:00, when she schedules another at 10:00 or 10:30, then it is refused with a 400 on the date and no credit spent", () => {
    for (const [date, states] of [
      ["2026-05-06T10:00:00-03:00", [heldBy(100), heldBy(100)]],
      ["2026-05-06T10:30:00-03:00", [heldBy(100), studentSlot()]],
    ] as const) {
      const error = refusal(() =>
        scheduleLessonSpendingCredit(schedule(101, date), { lesson: lesson(), student, studentSlots: [...states] }),
      );
      expect(error).toBeInstanceOf(DomainError);
      expect([error.httpStatus, error.messageKey, error.field]).toEqual([400, lessonErrors.studentBusy, "date"]);
    }
  });

  it("given her own lesson's half hours, when the same scheduling is decided again (a retry), then nothing is refused nor reserved twice", () => {
    const decision = scheduleLessonSpendingCredit(schedule(100, "2026-05-06T10:00:00-03:00"), {
      lesson: lesson(scheduled),
      student,
      studentSlots: [heldBy(100), heldBy(100)],
    });
    expect(decision.studentSlots).toEqual([[], []]);
  });

  it("given a scheduled lesson, when it is cancelled, then her half hours are free again", () => {
    const decision = cancelLessonRefunding(
      { type: "CancelLesson", by: 11, role: "student", now },
      { lesson: lesson(scheduled), student: paidStudent, slots: [], studentSlots: [heldBy(100), heldBy(100)] },
    );
    expect(decision.studentSlots).toEqual([
      [{ type: "StudentSlotReleased", data: { studentId: 11, lessonId: 100 } }],
      [{ type: "StudentSlotReleased", data: { studentId: 11, lessonId: 100 } }],
    ]);
  });

  it("given a lesson moved by an administrator, then its half hours move with it, and a move onto another lesson of hers is refused", () => {
    const keys = [
      ...studentSlotsOfLesson(11, scheduledData.date),
      ...studentSlotsOfLesson(11, "2026-05-07T10:00:00-03:00"),
    ];
    const held = [heldBy(100), heldBy(100), studentSlot(), studentSlot()];
    const moved = changeLesson(
      { date: "2026-05-07T10:00:00-03:00", assign: null, by: 1, now },
      { lesson: lesson(scheduled), slots: new Map(), studentSlots: studentSlotMap(keys, held) },
    );
    expect(moved.studentSlots.map(({ key, events }) => `${events.map((e) => e.type)} ${key.startsAt}`)).toEqual([
      "StudentSlotReleased 2026-05-06T13:00Z",
      "StudentSlotReleased 2026-05-06T13:30Z",
      "StudentSlotReserved 2026-05-07T13:00Z",
      "StudentSlotReserved 2026-05-07T13:30Z",
    ]);

    const busy = [heldBy(100), heldBy(100), heldBy(200), heldBy(200)];
    const error = refusal(() =>
      changeLesson(
        { date: "2026-05-07T10:00:00-03:00", assign: null, by: 1, now },
        { lesson: lesson(scheduled), slots: new Map(), studentSlots: studentSlotMap(keys, busy) },
      ),
    );
    expect([error.httpStatus, error.messageKey]).toEqual([400, lessonErrors.studentBusyOther]);
  });
});

describe("erasing a student cancels the lessons still to come", () => {
  const erasure = (at: Date) => ({ type: "CancelLesson" as const, by: ana.id, role: "erasure" as const, now: at });

  it("given a claimed lesson to come, when the student is erased, then it is cancelled without a refund and both sides' half hours are freed", () => {
    const decision = cancelLessonRefunding(erasure(now), {
      lesson: lesson(scheduled, accepted),
      student,
      slots: [teacherSlotHeldBy(100), teacherSlotHeldBy(100)],
      studentSlots: [heldBy(100), heldBy(100)],
    });
    expect(decision.lesson).toEqual([
      { type: "LessonCancelled", data: { by: 11, role: "erasure", refunded: false, at: now.toISOString() } },
    ]);
    expect(decision.student).toEqual([]);
    expect(decision.slots.flat().map((event) => event.type)).toEqual(["TeacherSlotReleased", "TeacherSlotReleased"]);
    expect(decision.studentSlots.flat().map((event) => event.type)).toEqual([
      "StudentSlotReleased",
      "StudentSlotReleased",
    ]);
  });

  it("given a pending lesson under 24 hours away, when the student is erased, then it is cancelled all the same", () => {
    const nearly = new Date(Date.parse(scheduledData.date) - 60 * 60 * 1000);
    const decision = cancelLessonRefunding(erasure(nearly), {
      lesson: lesson(scheduled),
      student,
      slots: [],
      studentSlots: [],
    });
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonCancelled"]);
  });

  it("given a lesson that already started, when the student is erased, then it stays as it is", () => {
    const started = new Date(Date.parse(scheduledData.date) + 10 * 60 * 1000);
    const decision = cancelLessonRefunding(erasure(started), {
      lesson: lesson(scheduled, accepted),
      student,
      slots: [],
      studentSlots: [],
    });
    expect(decision).toEqual({ lesson: [], student: [], slots: [], studentSlots: [] });
  });

  it("refuses an erasure cancellation for someone else's lesson", () => {
    const error = refusal(() => lessonDecider.decide({ ...erasure(now), by: 99 }, lesson(scheduled)));
    expect(error.messageKey).toBe(lessonErrors.notYours);
  });
});
