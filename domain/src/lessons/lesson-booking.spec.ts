import { describe, expect, it } from "vitest";
import { NO_CREDITS_LEFT, type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { type TeacherEvent, teacherAccountDecider } from "../accounts/teacher-account";
import { availabilityErrors, type TeacherAvailability } from "../directory/availability";
import { stateFrom } from "../shared/decider";
import { DomainError } from "../shared/errors";
import { type LessonEvent, lessonErrors } from "./lesson";
import { type BookingDecision, type BookLessonWithTeacher, bookLessonWithTeacher } from "./lesson-booking";
import { lessonDecider } from "./lesson-decider";
import {
  ana,
  anaRegistered,
  bruno,
  brunoAccepted,
  brunoApplied,
  later,
  now,
  scheduledData,
  trail,
} from "./lesson-fixtures";
import { type StudentSlotEvent, studentSlotDecider } from "./student-slot";
import { type TeacherSlotEvent, teacherSlotDecider } from "./teacher-slot";

const credits: StudentEvent = { type: "CreditsGranted", data: { amount: 2, grantedBy: "admin" } };
/** Wednesdays 08:00–12:00: the fixtures' lesson (Wednesday 2026-05-06 10:00) fits. */
const wednesdayMornings: TeacherAvailability = {
  weekly: [{ dayOfWeek: 3, start: "08:00", end: "12:00" }],
  daysOff: [],
};
const meetUrl = "https://meet.jit.si/el-100-abc";

interface Given {
  student?: StudentEvent[];
  teacher?: TeacherEvent[];
  availability?: TeacherAvailability;
  /** Events of the teacher's two half hours of the lesson (10:00, 10:30). */
  slots?: [TeacherSlotEvent[], TeacherSlotEvent[]];
  studentSlots?: [StudentSlotEvent[], StudentSlotEvent[]];
  lesson?: LessonEvent[];
}

const book = (overrides: Partial<BookLessonWithTeacher> = {}): BookLessonWithTeacher => ({
  type: "BookLessonWithTeacher",
  id: 100,
  student: ana,
  teacherId: bruno.id,
  trail,
  date: "2026-05-06T10:00:00-03:00",
  objective: "TRAVEL",
  meetUrl,
  now,
  ...overrides,
});

/** The decision on `command` for a student with credits and a teacher free then, the caller having read no slots. */
const decidedAlone = (command: BookLessonWithTeacher) =>
  bookLessonWithTeacher(command, {
    lesson: { status: "none" },
    student: stateFrom(studentAccountDecider, [anaRegistered, credits]),
    studentSlots: [],
    teacher: stateFrom(teacherAccountDecider, [brunoApplied, brunoAccepted]),
    availability: wednesdayMornings,
    slots: [],
  });

/** given the streams' events / when the student books / then each stream's events, or the refusal. */
const given = (history: Given = {}) => ({
  when: (command: BookLessonWithTeacher) => {
    const run = () =>
      bookLessonWithTeacher(command, {
        lesson: stateFrom(lessonDecider, history.lesson ?? []),
        student: stateFrom(studentAccountDecider, history.student ?? [anaRegistered, credits]),
        studentSlots: (history.studentSlots ?? [[], []]).map((events) => stateFrom(studentSlotDecider, events)),
        teacher: stateFrom(teacherAccountDecider, history.teacher ?? [brunoApplied, brunoAccepted]),
        availability: history.availability ?? wednesdayMornings,
        slots: (history.slots ?? [[], []]).map((events) => stateFrom(teacherSlotDecider, events)),
      });
    return {
      // biome-ignore lint/suspicious/noThenProperty: given/when/then reads as the spec it is; never awaited.
      then: (expected: BookingDecision) => expect(run()).toEqual(expected),
      thenThrows: (messageKey: string, code: DomainError["code"], field?: string) => {
        let caught: unknown;
        try {
          run();
        } catch (error) {
          caught = error;
        }
        expect(caught, "expected the booking to be refused").toBeInstanceOf(DomainError);
        expect((caught as DomainError).messageKey).toBe(messageKey);
        expect((caught as DomainError).code).toBe(code);
        if (field) expect((caught as DomainError).field).toBe(field);
      },
    };
  },
});

const booked: BookingDecision = {
  lesson: [
    {
      type: "LessonScheduled",
      data: { ...scheduledData, chosenTeacher: { teacher: bruno, how: "BOOKED" } },
    },
    { type: "LessonAccepted", data: { teacher: bruno, meetUrl, acceptedAt: now.toISOString() } },
  ],
  student: [{ type: "CreditSpent", data: { lessonId: 100, schedulingId: 100 } }],
  studentSlots: [
    [{ type: "StudentSlotReserved", data: { studentId: ana.id, lessonId: 100 } }],
    [{ type: "StudentSlotReserved", data: { studentId: ana.id, lessonId: 100 } }],
  ],
  slots: [
    [{ type: "TeacherSlotReserved", data: { teacherId: bruno.id, lessonId: 100 } }],
    [{ type: "TeacherSlotReserved", data: { teacherId: bruno.id, lessonId: 100 } }],
  ],
};
const reservedBy = (lessonId: number): TeacherSlotEvent[] => [
  { type: "TeacherSlotReserved", data: { teacherId: bruno.id, lessonId } },
];

describe("booking a chosen teacher", () => {
  it("schedules the lesson with the teacher chosen, spends the credit, accepts it and reserves both sides' half hours", () =>
    given().when(book()).then(booked));

  it("names the weekly series a series' lesson belongs to", () => {
    const [scheduled] = decidedAlone(book({ seriesId: 7 })).lesson;
    expect(scheduled?.type === "LessonScheduled" && scheduled.data.chosenTeacher).toEqual({
      teacher: bruno,
      how: "BOOKED",
      seriesId: 7,
    });
  });

  it("reserves both of the teacher's half hours even when the caller read none", () => {
    const decision = decidedAlone(book());
    expect(decision.slots).toEqual(booked.slots);
  });

  it("records nothing again when the same booking is decided twice", () =>
    given({ lesson: booked.lesson }).when(book()).then({ lesson: [], student: [], studentSlots: [], slots: [] }));

  it("refuses a start outside the teacher's availability", () => {
    given()
      .when(book({ date: "2026-05-06T11:30:00-03:00" }))
      .thenThrows(availabilityErrors.notAvailable, "validation", "start");
    given()
      .when(book({ date: "2026-05-07T10:00:00-03:00" }))
      .thenThrows(availabilityErrors.notAvailable, "validation");
    given({ availability: { ...wednesdayMornings, daysOff: ["2026-05-06"] } })
      .when(book())
      .thenThrows(availabilityErrors.notAvailable, "validation");
  });

  it("refuses a start less than two hours ahead", () =>
    given()
      .when(book({ now: later(44.5) }))
      .thenThrows(availabilityErrors.notice, "validation"));

  it("accepts a start exactly two hours ahead", () =>
    expect(() => decidedAlone(book({ now: later(44) }))).not.toThrow());

  it("still keeps the spec's slot rules inside the availability", () =>
    given()
      .when(book({ date: "2026-05-06T10:15:00-03:00" }))
      .thenThrows(lessonErrors.halfHours, "validation", "start"));

  it("tells the student the teacher is busy when a half hour was just taken (409), spending nothing", () => {
    given({ slots: [[], reservedBy(99)] })
      .when(book())
      .thenThrows(lessonErrors.teacherBusyOther, "conflict");
    given({ slots: [reservedBy(99), []] })
      .when(book())
      .thenThrows(lessonErrors.teacherBusyOther, "conflict");
  });

  it("refuses when the student has a lesson at that time", () =>
    given({ studentSlots: [[{ type: "StudentSlotReserved", data: { studentId: ana.id, lessonId: 99 } }], []] })
      .when(book())
      .thenThrows(lessonErrors.studentBusy, "validation", "start"));

  it("refuses with the spec's notice when the student has no credit", () =>
    given({ student: [anaRegistered] })
      .when(book())
      .thenThrows(NO_CREDITS_LEFT, "validation"));

  it("refuses a trail that does not exist", () =>
    given()
      .when(book({ trail: null }))
      .thenThrows(lessonErrors.trailNotFound, "validation", "trailId"));

  it("does not find a teacher who is not active: applied, deactivated or unknown", () => {
    given({ teacher: [brunoApplied] })
      .when(book())
      .thenThrows(lessonErrors.teacherNotFound, "not_found");
    given({ teacher: [brunoApplied, brunoAccepted, { type: "AccountDeactivated", data: { by: "admin" } }] })
      .when(book())
      .thenThrows(lessonErrors.teacherNotFound, "not_found");
    given({ teacher: [] }).when(book()).thenThrows(lessonErrors.teacherNotFound, "not_found");
  });
});
