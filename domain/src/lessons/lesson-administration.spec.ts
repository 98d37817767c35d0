import { describe, expect, it } from "vitest";
import { NO_CREDITS_LEFT, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { specFor } from "../shared/spec";
import { type LessonEvent, lessonErrors, type PersonSnapshot, type ScheduleLesson } from "./lesson";
import { lessonDecider } from "./lesson-decider";
import { changeLesson, scheduleLessonByAdministrator, unassignTeacherFreeingSlots } from "./lesson-decisions";
import { anaRegistered, bruno, carla, now, schedule as scheduleCommand, scheduled } from "./lesson-fixtures";
import { type TeacherSlot, type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

/** What an administrator does to a lesson in lesson control (/gerencia/aula): create, move, give to a teacher. */

const given = specFor(lessonDecider);
const ADMIN = 1;
const acceptedBy = (teacher: PersonSnapshot): LessonEvent => ({
  type: "LessonAccepted",
  data: { teacher, meetUrl: `https://meet.jit.si/el-100-${teacher.id}`, acceptedAt: now.toISOString() },
});
const cancelled: LessonEvent = {
  type: "LessonCancelled",
  data: { by: 11, role: "student", refunded: true, at: now.toISOString() },
};
const assign = (teacher: PersonSnapshot, at = now) =>
  ({
    type: "AssignTeacher",
    teacher,
    meetUrl: `https://meet.jit.si/el-100-${teacher.id}`,
    by: ADMIN,
    now: at,
  }) as const;
const move = (date: string, at = now) => ({ type: "MoveLesson", date, by: ADMIN, now: at }) as const;
/** The lesson's start plus one minute: it has started. */
const duringLesson = new Date("2026-05-06T10:01:00-03:00");

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
};

describe("an administrator gives a lesson to a teacher", () => {
  it("a pending lesson is accepted on the teacher's behalf, recording who gave it", () =>
    given([scheduled])
      .when(assign(bruno))
      .then([
        {
          type: "LessonAccepted",
          data: {
            teacher: bruno,
            meetUrl: "https://meet.jit.si/el-100-21",
            acceptedAt: now.toISOString(),
            assignedBy: ADMIN,
          },
        },
      ]));

  it("a claimed lesson changes teacher, with the new teacher's video link", () =>
    given([scheduled, acceptedBy(bruno)])
      .when(assign(carla))
      .then([
        {
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/el-100-22",
            by: ADMIN,
            at: now.toISOString(),
          },
        },
      ]));

  it("giving it to the teacher it already has changes nothing", () =>
    given([scheduled, acceptedBy(bruno)])
      .when(assign(bruno))
      .then([]));

  it("refuses a cancelled lesson, one that has started, and one that does not exist", () => {
    given([scheduled, cancelled]).when(assign(bruno)).thenThrows(lessonErrors.cancelled, "conflict");
    given([scheduled]).when(assign(bruno, duringLesson)).thenThrows(lessonErrors.startedNoChange, "validation");
    given([]).when(assign(bruno)).thenThrows(lessonErrors.notFound, "not_found");
  });

  it("after an administrator's change the lesson is the new teacher's", () => {
    const state = [
      scheduled,
      acceptedBy(bruno),
      ...lessonDecider.decide(assign(carla), stateFrom(lessonDecider, [scheduled, acceptedBy(bruno)])),
    ].reduce(lessonDecider.evolve, lessonDecider.initialState());
    expect(state).toMatchObject({ status: "accepted", teacher: carla, meetUrl: "https://meet.jit.si/el-100-22" });
  });
});

describe("an administrator moves a lesson", () => {
  it("to another start, with the scheduling's time rules", () => {
    given([scheduled])
      .when(move("2026-05-07T15:30:00-03:00"))
      .then([
        {
          type: "LessonMoved",
          data: {
            from: "2026-05-06T13:00:00.000Z",
            date: "2026-05-07T18:30:00.000Z",
            by: ADMIN,
            at: now.toISOString(),
          },
        },
      ]);
    given([scheduled]).when(move("2026-05-07T15:15:00-03:00")).thenThrows(lessonErrors.halfHours, "validation");
    given([scheduled]).when(move("2026-05-07T23:00:00-03:00")).thenThrows(lessonErrors.hours);
    given([scheduled]).when(move("2026-05-03T10:00:00-03:00")).thenThrows(lessonErrors.past);
  });

  it("moving it to the start it has changes nothing; a cancelled or started lesson is not moved", () => {
    given([scheduled]).when(move("2026-05-06T10:00:00-03:00")).then([]);
    given([scheduled, cancelled]).when(move("2026-05-07T10:00:00-03:00")).thenThrows(lessonErrors.cancelled);
    given([scheduled]).when(move("2026-05-07T10:00:00-03:00", duringLesson)).thenThrows(lessonErrors.startedNoChange);
  });
});

const student = (credits: number) =>
  stateFrom(studentAccountDecider, [
    anaRegistered,
    ...(credits > 0 ? [{ type: "CreditsGranted", data: { amount: credits, grantedBy: "admin" } } as StudentEvent] : []),
  ]);
const reserved = (teacherId: number, lessonId: number): TeacherSlot =>
  stateFrom(teacherSlotDecider, [{ type: "TeacherSlotReserved", data: { teacherId, lessonId } } as TeacherSlotEvent]);
const schedule = scheduleCommand() as ScheduleLesson;
const giving = (teacher: PersonSnapshot) => ({
  teacher,
  meetUrl: `https://meet.jit.si/el-100-${teacher.id}`,
  by: ADMIN,
});

describe("Criar aula: an administrator schedules for a student", () => {
  it("without a teacher: the student's own scheduling, the credit spent", () => {
    const decision = scheduleLessonByAdministrator(schedule, null, {
      lesson: { status: "none" },
      student: student(1),
      slots: new Map(),
      studentSlots: [],
    });
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonScheduled"]);
    expect(decision.student).toEqual([{ type: "CreditSpent", data: { lessonId: 100, schedulingId: 100 } }]);
    expect(decision.slots).toEqual([]);
  });

  it("with a teacher: accepted at once, the teacher's two half hours reserved", () => {
    const decision = scheduleLessonByAdministrator(schedule, giving(bruno), {
      lesson: { status: "none" },
      student: student(1),
      slots: new Map(),
      studentSlots: [],
    });
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonScheduled", "LessonAccepted"]);
    expect(decision.slots.map((slot) => [slot.key, slot.events.map((event) => event.type)])).toEqual([
      [{ teacherId: 21, startsAt: "2026-05-06T13:00Z" }, ["TeacherSlotReserved"]],
      [{ teacherId: 21, startsAt: "2026-05-06T13:30Z" }, ["TeacherSlotReserved"]],
    ]);
  });

  it("refuses with the student's messages: no credit left", () => {
    const error = refusal(() =>
      scheduleLessonByAdministrator(schedule, giving(bruno), {
        lesson: { status: "none" },
        student: student(0),
        slots: new Map(),
        studentSlots: [],
      }),
    );
    expect(error.messageKey).toBe(NO_CREDITS_LEFT);
  });

  it("refuses a teacher who has another lesson then, naming the teacher as the one busy", () => {
    const error = refusal(() =>
      scheduleLessonByAdministrator(schedule, giving(bruno), {
        lesson: { status: "none" },
        student: student(1),
        slots: new Map([["21-2026-05-06T13:30Z", reserved(21, 99)]]),
        studentSlots: [],
      }),
    );
    expect([error.code, error.messageKey]).toEqual(["conflict", lessonErrors.teacherBusyOther]);
  });
});

describe("changing a lesson moves its teacher's slots", () => {
  const claimed = stateFrom(lessonDecider, [scheduled, acceptedBy(bruno)]);
  const held = new Map([
    ["21-2026-05-06T13:00Z", reserved(21, 100)],
    ["21-2026-05-06T13:30Z", reserved(21, 100)],
  ]);
  const slotEvents = (decision: ReturnType<typeof changeLesson>) =>
    decision.slots
      .filter((slot) => slot.events.length > 0)
      .map((slot) => `${slot.events.map((event) => event.type).join()} ${slot.key.teacherId} ${slot.key.startsAt}`);

  it("another teacher: the old one's half hours freed, the new one's reserved", () => {
    const decision = changeLesson(
      { date: null, assign: giving(carla), by: ADMIN, now },
      { lesson: claimed, slots: held, studentSlots: new Map() },
    );
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonTeacherChanged"]);
    expect(slotEvents(decision)).toEqual([
      "TeacherSlotReleased 21 2026-05-06T13:00Z",
      "TeacherSlotReleased 21 2026-05-06T13:30Z",
      "TeacherSlotReserved 22 2026-05-06T13:00Z",
      "TeacherSlotReserved 22 2026-05-06T13:30Z",
    ]);
  });

  it("half an hour later: the half hour both times share stays reserved", () => {
    const decision = changeLesson(
      { date: "2026-05-06T10:30:00-03:00", assign: null, by: ADMIN, now },
      { lesson: claimed, slots: held, studentSlots: new Map() },
    );
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonMoved"]);
    expect(slotEvents(decision)).toEqual([
      "TeacherSlotReleased 21 2026-05-06T13:00Z",
      "TeacherSlotReserved 21 2026-05-06T14:00Z",
    ]);
  });

  it("a pending lesson moved holds no slot; given a teacher too, that teacher's slots of the new time are reserved", () => {
    const pending = stateFrom(lessonDecider, [scheduled]);
    const moved = changeLesson(
      { date: "2026-05-07T10:00:00-03:00", assign: null, by: ADMIN, now },
      { lesson: pending, slots: new Map(), studentSlots: new Map() },
    );
    expect(moved.slots).toEqual([]);
    const both = changeLesson(
      { date: "2026-05-07T10:00:00-03:00", assign: giving(carla), by: ADMIN, now },
      { lesson: pending, slots: new Map(), studentSlots: new Map() },
    );
    expect(both.lesson.map((event) => event.type)).toEqual(["LessonMoved", "LessonAccepted"]);
    expect(slotEvents(both)).toEqual([
      "TeacherSlotReserved 22 2026-05-07T13:00Z",
      "TeacherSlotReserved 22 2026-05-07T13:30Z",
    ]);
  });

  it("refuses a move onto another lesson of the teacher", () => {
    const error = refusal(() =>
      changeLesson(
        { date: "2026-05-06T11:00:00-03:00", assign: null, by: ADMIN, now },
        {
          lesson: claimed,
          slots: new Map([...held, ["21-2026-05-06T14:30Z", reserved(21, 77)]]),
          studentSlots: new Map(),
        },
      ),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error.messageKey).toBe(lessonErrors.teacherBusyOther);
  });
});

describe("an administrator takes a lesson back from its teacher", () => {
  const unassign = (at = now) => ({ type: "UnassignTeacher", by: ADMIN, now: at }) as const;

  it("a claimed lesson waits for a teacher again, recording whose it was", () =>
    given([scheduled, acceptedBy(bruno)])
      .when(unassign())
      .then([{ type: "LessonTeacherUnassigned", data: { from: bruno, by: ADMIN, at: now.toISOString() } }]));

  it("a lesson already waiting for a teacher changes nothing (a retry, or another administrator was first)", () =>
    given([
      scheduled,
      acceptedBy(bruno),
      { type: "LessonTeacherUnassigned", data: { from: bruno, by: 2, at: now.toISOString() } },
    ])
      .when(unassign())
      .then([]));

  it("refuses a cancelled lesson, one that has started, and one that does not exist", () => {
    given([scheduled, acceptedBy(bruno), cancelled])
      .when(unassign())
      .thenThrows(lessonErrors.cancelled, "conflict");
    given([scheduled, acceptedBy(bruno)])
      .when(unassign(duringLesson))
      .thenThrows(lessonErrors.startedNoChange, "validation");
    given([]).when(unassign()).thenThrows(lessonErrors.notFound, "not_found");
  });

  it("afterwards it is pending without teacher or link, and another teacher may claim it", () => {
    const history = [
      scheduled,
      acceptedBy(bruno),
      ...lessonDecider.decide(unassign(), stateFrom(lessonDecider, [scheduled, acceptedBy(bruno)])),
    ];
    expect(stateFrom(lessonDecider, history)).toMatchObject({ status: "pending", teacher: null, meetUrl: null });
    given(history)
      .when({ type: "AcceptLesson", teacher: carla, meetUrl: "https://meet.jit.si/el-100-22", now })
      .then([acceptedBy(carla)]);
  });

  it("frees the teacher's two half hours of it", () => {
    const decision = unassignTeacherFreeingSlots(unassign(), {
      lesson: stateFrom(lessonDecider, [scheduled, acceptedBy(bruno)]),
      slots: new Map([
        ["21-2026-05-06T13:00Z", reserved(21, 100)],
        ["21-2026-05-06T13:30Z", reserved(21, 100)],
      ]),
    });
    expect(decision.lesson.map((event) => event.type)).toEqual(["LessonTeacherUnassigned"]);
    expect(
      decision.slots.map((slot) => `${slot.events.map((event) => event.type).join()} ${slot.key.startsAt}`),
    ).toEqual(["TeacherSlotReleased 2026-05-06T13:00Z", "TeacherSlotReleased 2026-05-06T13:30Z"]);
  });
});
