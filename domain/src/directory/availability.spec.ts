import { describe, expect, it } from "vitest";
import type { Lesson, LessonEvent, PersonSnapshot } from "../lessons/lesson";
import { lessonDecider } from "../lessons/lesson-decider";
import { halfHoursOf } from "../lessons/teacher-slot";
import { DomainError } from "../shared/errors";
import { specFor } from "../shared/spec";
import {
  type AvailabilityWindow,
  availabilityDecider,
  availabilityErrors,
  bookableStarts,
  type ChangeAvailability,
  isInsideAvailability,
  MAX_DAYS_OFF,
  MAX_WINDOWS,
  normalizeAvailability,
  saoPauloInstant,
  type TakeDaysOff,
  type TeacherAvailability,
  takeDaysOff,
} from "./availability";

const given = specFor(availabilityDecider);
const NOW = new Date("2026-12-01T12:00:00.000Z"); // Tuesday, 09:00 in São Paulo
const BRUNO = 1002;

const tuesday = (start: string, end: string): AvailabilityWindow => ({ dayOfWeek: 2, start, end });
const change = (availability: Partial<TeacherAvailability>): ChangeAvailability => ({
  type: "ChangeAvailability",
  weekly: [],
  daysOff: [],
  ...availability,
  by: BRUNO,
  now: NOW,
});
const changed = (availability: TeacherAvailability) => ({
  type: "TeacherAvailabilityChanged" as const,
  data: { ...availability, by: BRUNO, at: NOW.toISOString() },
});
/** São Paulo is UTC-3 all year. */
const sp = (date: string, clock: string) => `${date}T${clock}:00-03:00`;
const evenings: TeacherAvailability = { weekly: [tuesday("18:00", "21:00")], daysOff: [] };

describe("changing an availability", () => {
  it("stores the windows merged and sorted, the days off sorted without repeats", () =>
    given([])
      .when(
        change({
          weekly: [
            { dayOfWeek: 5, start: "09:00", end: "10:00" },
            tuesday("19:00", "21:00"),
            tuesday("18:00", "19:30"),
          ],
          daysOff: ["2026-12-25", "2026-12-24", "2026-12-25"],
        }),
      )
      .then([
        changed({
          weekly: [tuesday("18:00", "21:00"), { dayOfWeek: 5, start: "09:00", end: "10:00" }],
          daysOff: ["2026-12-24", "2026-12-25"],
        }),
      ]));

  it("merges windows of a day that only touch", () =>
    given([])
      .when(change({ weekly: [tuesday("08:00", "09:00"), tuesday("09:00", "10:00")] }))
      .then([changed({ weekly: [tuesday("08:00", "10:00")], daysOff: [] })]));

  it("records nothing when the availability saved is the one stored", () =>
    given([changed(evenings)])
      .when(change({ weekly: [tuesday("18:00", "19:00"), tuesday("19:00", "21:00")] }))
      .then([]));

  it("records a change back to no availability at all", () =>
    given([changed(evenings)])
      .when(change({}))
      .then([changed({ weekly: [], daysOff: [] })]));

  it("refuses a window off the half-hour grid", () =>
    given([])
      .when(change({ weekly: [tuesday("18:15", "20:00")] }))
      .thenThrows(availabilityErrors.grid, "validation"));

  it("refuses a window before 07:00 or after 23:00", () => {
    given([])
      .when(change({ weekly: [tuesday("06:30", "08:00")] }))
      .thenThrows(availabilityErrors.hours, "validation");
    given([])
      .when(change({ weekly: [tuesday("22:00", "23:30")] }))
      .thenThrows(availabilityErrors.hours, "validation");
  });

  it("refuses a window shorter than a lesson, or ending before it starts", () => {
    given([])
      .when(change({ weekly: [tuesday("18:00", "18:30")] }))
      .thenThrows(availabilityErrors.window, "validation");
    given([])
      .when(change({ weekly: [tuesday("20:00", "18:00")] }))
      .thenThrows(availabilityErrors.window, "validation");
  });

  it("refuses more windows or days off than it keeps", () => {
    const windows = Array.from({ length: MAX_WINDOWS + 1 }, (_, n) => ({
      dayOfWeek: (n % 7) + 1,
      start: `${String(7 + Math.floor(n / 7) * 2).padStart(2, "0")}:00`,
      end: `${String(8 + Math.floor(n / 7) * 2).padStart(2, "0")}:00`,
    }));
    given([])
      .when(change({ weekly: windows }))
      .thenThrows(availabilityErrors.tooMany, "validation");
    const days = Array.from({ length: MAX_DAYS_OFF + 1 }, (_, n) =>
      new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
    );
    given([])
      .when(change({ daysOff: days }))
      .thenThrows(availabilityErrors.tooMany, "validation");
  });

  it("refuses a date off that is no date", () =>
    given([])
      .when(change({ daysOff: ["2026-02-30"] }))
      .thenThrows(availabilityErrors.dayOff, "validation"));
});

describe("normalizeAvailability", () => {
  it("changes nothing when given what it answered", () => {
    const once = normalizeAvailability({
      weekly: [tuesday("19:00", "22:00"), tuesday("07:00", "09:00"), tuesday("08:30", "10:00")],
      daysOff: ["2026-12-31", "2026-12-24"],
    });
    expect(normalizeAvailability(once)).toEqual(once);
  });
});

describe("isInsideAvailability", () => {
  it("holds a lesson whose whole hour lies inside a window of its weekday", () => {
    expect(isInsideAvailability(evenings, sp("2026-12-01", "18:00"))).toBe(true);
    expect(isInsideAvailability(evenings, sp("2026-12-01", "20:00"))).toBe(true);
    expect(isInsideAvailability(evenings, sp("2026-12-01", "20:30"))).toBe(false);
    expect(isInsideAvailability(evenings, sp("2026-12-01", "17:30"))).toBe(false);
    expect(isInsideAvailability(evenings, sp("2026-12-02", "18:00"))).toBe(false);
  });

  it("reads the weekday and the hour in São Paulo, not in UTC", () =>
    // 22:00 on Tuesday in São Paulo is 01:00 on Wednesday in UTC.
    expect(isInsideAvailability({ weekly: [tuesday("22:00", "23:00")], daysOff: [] }, "2026-12-02T01:00:00Z")).toBe(
      true,
    ));

  it("lets a window ending at 23:00 take a lesson at 22:00", () =>
    expect(isInsideAvailability({ weekly: [tuesday("21:00", "23:00")], daysOff: [] }, sp("2026-12-01", "22:00"))).toBe(
      true,
    ));

  it("holds nothing on a day off, nor at an instant that is none", () => {
    expect(isInsideAvailability({ ...evenings, daysOff: ["2026-12-01"] }, sp("2026-12-01", "18:00"))).toBe(false);
    expect(isInsideAvailability(evenings, "not a date")).toBe(false);
  });
});

describe("bookableStarts", () => {
  const day = { from: new Date(sp("2026-12-01", "00:00")), to: new Date(sp("2026-12-02", "00:00")), now: NOW };

  it("answers every half hour whose lesson fits, as São Paulo instants in order", () =>
    expect(bookableStarts(evenings, new Set(), day)).toEqual(
      ["18:00", "18:30", "19:00", "19:30", "20:00"].map((clock) => sp("2026-12-01", clock)),
    ));

  it("starts from 07:00 and ends at 22:00 in a window that spans the whole day", () => {
    const starts = bookableStarts({ weekly: [tuesday("07:00", "23:00")], daysOff: [] }, new Set(), {
      ...day,
      now: new Date(sp("2026-11-30", "12:00")),
    });
    expect(starts[0]).toBe(sp("2026-12-01", "07:00"));
    expect(starts.at(-1)).toBe(sp("2026-12-01", "22:00"));
    expect(starts).toHaveLength(31);
  });

  it("gives the teacher two hours' notice", () =>
    expect(bookableStarts(evenings, new Set(), { ...day, now: new Date(sp("2026-12-01", "17:10")) })).toEqual(
      ["19:30", "20:00"].map((clock) => sp("2026-12-01", clock)),
    ));

  it("leaves out every start whose hour holds a busy half hour", () =>
    // 19:00 in São Paulo is 22:00Z: the lessons at 18:30 and 19:00 would need it.
    expect(bookableStarts(evenings, new Set(["2026-12-01T22:00Z"]), day)).toEqual(
      ["18:00", "19:30", "20:00"].map((clock) => sp("2026-12-01", clock)),
    ));

  it("has nothing on a day off, nor for a teacher without windows", () => {
    expect(bookableStarts({ ...evenings, daysOff: ["2026-12-01"] }, new Set(), day)).toEqual([]);
    expect(bookableStarts({ weekly: [], daysOff: [] }, new Set(), day)).toEqual([]);
  });

  it("follows São Paulo's offset across a change of it (daylight saving began on 2018-11-04)", () =>
    expect(
      bookableStarts(
        {
          weekly: [
            { dayOfWeek: 6, start: "07:00", end: "08:00" },
            { dayOfWeek: 7, start: "07:00", end: "09:00" },
          ],
          daysOff: [],
        },
        new Set(),
        {
          from: new Date("2018-11-03T03:00:00Z"),
          to: new Date("2018-11-05T03:00:00Z"),
          now: new Date("2018-11-01T00:00:00Z"),
        },
      ),
    ).toEqual([
      "2018-11-03T07:00:00-03:00",
      "2018-11-04T07:00:00-02:00",
      "2018-11-04T07:30:00-02:00",
      "2018-11-04T08:00:00-02:00",
    ]));

  it("excludes the end of the range", () =>
    expect(bookableStarts(evenings, new Set(), { ...day, to: new Date(sp("2026-12-01", "19:00")) })).toEqual(
      ["18:00", "18:30"].map((clock) => sp("2026-12-01", clock)),
    ));
});

describe("saoPauloInstant", () => {
  it("writes an instant in São Paulo's offset", () =>
    expect(saoPauloInstant(Date.parse("2026-12-01T21:00:00Z"))).toBe("2026-12-01T18:00:00-03:00"));
});

describe("taking days off that hold lessons", () => {
  const ana = { id: 1001, firstName: "Ana", lastName: "Souza" };
  const bruno: PersonSnapshot = { id: BRUNO, firstName: "Bruno", lastName: "Lima" };
  const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };
  const accepted = (id: number, date: string, teacher = bruno): Lesson =>
    (
      [
        {
          type: "LessonScheduled",
          data: {
            id,
            student: ana,
            trail: { id: 10, number: 1, title: "Hello" },
            level: { id: 3, name: "Básico" },
            date,
            objective: "TRAVEL",
            createdDate: "2026-11-20T12:00:00.000Z",
          },
        },
        {
          type: "LessonAccepted",
          data: { teacher, meetUrl: `https://meet.jit.si/lesson-${id}`, acceptedAt: "2026-11-20T13:00:00.000Z" },
        },
      ] satisfies LessonEvent[]
    ).reduce(lessonDecider.evolve, lessonDecider.initialState());
  const reservedBy = (lessonId: number, date: string, teacher = bruno) =>
    new Map(
      halfHoursOf(date).map((startsAt) => [`${teacher.id}-${startsAt}`, { status: "reserved", lessonId } as const]),
    );
  const held = (id: number, date: string, teacher = bruno) => ({
    lesson: accepted(id, date, teacher),
    slots: reservedBy(id, date, teacher),
  });
  const takeOff = (daysOff: string[], confirm: boolean, by = BRUNO): TakeDaysOff => ({
    type: "TakeDaysOff",
    ...evenings,
    daysOff,
    teacherId: BRUNO,
    by,
    now: NOW,
    confirm,
  });
  const onTheEighth = "2026-12-08T22:00:00.000Z"; // 19:00 in São Paulo
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as DomainError;
    }
    throw new Error("expected the change to be refused");
  };

  it("refuses, listing them, a change whose new days off hold lessons the teacher accepted", () => {
    const error = refusal(() =>
      takeDaysOff(takeOff(["2026-12-08"], false), { availability: evenings, lessons: [held(7, onTheEighth)] }),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("conflict");
    expect(error.messageKey).toBe(availabilityErrors.lessonsOnDayOff);
    expect(error.params).toEqual({
      affected: [{ lessonId: 7, date: onTheEighth, student: { id: ana.id, name: "Ana Souza" } }],
    });
  });

  it("when confirmed, gives each lesson back to the board for the day off and frees the teacher's half hours", () => {
    const admin = 1;
    const decision = takeDaysOff(takeOff(["2026-12-08"], true, admin), {
      availability: evenings,
      lessons: [held(7, onTheEighth)],
    });
    expect(decision.availability).toEqual([
      {
        type: "TeacherAvailabilityChanged",
        data: { ...evenings, daysOff: ["2026-12-08"], by: admin, at: NOW.toISOString() },
      },
    ]);
    expect(decision.lessons).toEqual([
      {
        lessonId: 7,
        lesson: [
          {
            type: "LessonTeacherUnassigned",
            data: { from: bruno, by: admin, at: NOW.toISOString(), reason: "DAY_OFF" },
          },
        ],
        slots: halfHoursOf(onTheEighth).map((startsAt) => ({
          key: { teacherId: BRUNO, startsAt },
          events: [{ type: "TeacherSlotReleased", data: { teacherId: BRUNO, lessonId: 7 } }],
        })),
      },
    ]);
    const freed = decision.lessons[0]?.lesson.reduce(lessonDecider.evolve, accepted(7, onTheEighth));
    expect(freed).toMatchObject({ status: "pending", freedByTeacher: true });
  });

  it("leaves alone the lessons of other days, of days already off, of other teachers, and those begun", () => {
    const decision = takeDaysOff(takeOff(["2026-12-01", "2026-12-08", "2026-12-15"], false), {
      availability: { ...evenings, daysOff: ["2026-12-15"] },
      lessons: [
        held(1, "2026-12-09T22:00:00.000Z"), // the 9th: not off
        held(2, "2026-12-15T22:00:00.000Z"), // the 15th: already off
        held(3, onTheEighth, carla),
        held(4, "2026-12-01T11:00:00.000Z"), // 08:00 on the 1st, before now
      ],
    });
    expect(decision.lessons).toEqual([]);
    expect(decision.availability).toHaveLength(1);
  });
});
