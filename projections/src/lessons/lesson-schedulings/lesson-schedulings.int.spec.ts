import { stateFrom } from "@el/domain";
import type { LessonEvent, PersonSnapshot } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import { TEACHERS_ROOM, userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../../testing/lesson-events";
import { projectionSpec } from "../../testing/projection-spec";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";
import {
  findScheduling,
  lastWithoutFeedback,
  lessonsOf,
  pendingLessons,
  schedulingsOf,
  teacherFinanceByMonth,
  teachesStudent,
} from "./lesson-schedulings-queries";
import { schedulingOfLesson } from "./scheduling-of-lesson";

const { lesson, scheduled, accepted, cancelled, paid } = lessonEvents();

const bia: PersonSnapshot = { id: 1004, firstName: "Bia", lastName: null };

const studentFeedback = (id: number) =>
  lesson(id, {
    type: "StudentFeedbackGiven",
    data: { feedbackId: id + 5000, studentId: ana.id, note: 5, information: "", givenAt: "2026-03-10T12:00:00.000Z" },
  });
const teacherFeedback = (id: number, status: 1 | 2 | 3) =>
  lesson(id, {
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: id + 6000,
      teacherId: bruno.id,
      skipped: false,
      status,
      note: 4,
      information: "",
      sugestions: "More listening",
      productSugestions: "None",
      studentInformation: "Shy",
      partialyHeld: null,
      givenAt: "2026-03-10T12:00:00.000Z",
    },
  });

/** The lesson as its own stream has it: what a command answers before the read model shows it. */
const folded = (...events: LessonEvent[]) => schedulingOfLesson(stateFrom(lessonDecider, events));

const student = { id: ana.id, role: "student" as const };
const teacher = { id: bruno.id, role: "teacher" as const };
/** 10:00 in São Paulo (UTC-3) on 2026-03-16, a Monday. */
const MONDAY_10H = "2026-03-16T13:00:00.000Z";

describe("lesson-schedulings read model", () => {
  const spec = projectionSpec(lessonSchedulingsProjector);
  afterAll(() => spec.close());

  it("puts a scheduled lesson on the teachers' board and tells them, showing it as its events do", () => {
    const lessonScheduled = scheduled(2001, MONDAY_10H);
    return spec
      .given()
      .when(lessonScheduled)
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([folded(lessonScheduled)]);
        expect(await findScheduling(sql, 2001)).toEqual({
          id: 2001,
          date: MONDAY_10H,
          objective: "TRAVEL",
          trail: { id: 10, number: 1, title: "Hello", level: 3 },
          level: { id: 3, name: "Básico" },
          student: ana,
          lesson: null,
          createdDate: "2026-03-01T12:00:00.000Z",
        });
        expect(pushes).toEqual([
          {
            room: TEACHERS_ROOM,
            event: "lesson:pending",
            payload: {
              lesson: {
                id: 2001,
                date: MONDAY_10H,
                objective: "TRAVEL",
                level: { id: 3, name: "Básico" },
                trail: { id: 10, number: 1, title: "Hello" },
                student: ana,
              },
            },
          },
        ]);
      });
  });

  it("takes a claimed lesson off the board, gives it its teacher and link, and tells the board and the student", () => {
    const lessonScheduled = scheduled(2001, MONDAY_10H);
    const lessonAccepted = accepted(2001);
    return spec
      .given(lessonScheduled)
      .when(lessonAccepted)
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        const shown = await findScheduling(sql, 2001);
        expect(shown?.lesson).toEqual({ id: 2001, meetUrl: "https://meet.jit.si/lesson-2001", teacher: bruno });
        expect(shown).toEqual(folded(lessonScheduled, lessonAccepted));
        expect(await schedulingsOf(sql, teacher)).toEqual([shown]);
        expect(pushes).toEqual([
          { room: TEACHERS_ROOM, event: "lesson:claimed", payload: { lessonId: 2001, teacherId: bruno.id } },
          {
            room: userRoom(ana.id),
            event: "lesson:accepted",
            payload: {
              lessonId: 2001,
              date: MONDAY_10H,
              teacher: { id: bruno.id, name: "Bruno Lima" },
              meetUrl: "https://meet.jit.si/lesson-2001",
            },
          },
        ]);
      });
  });

  it("drops a cancelled lesson from the board and from the student's schedulings, telling both", () => {
    const lessonScheduled = scheduled(2001, MONDAY_10H);
    const lessonCancelled = cancelled(2001);
    return spec
      .given(lessonScheduled, scheduled(2002, "2026-03-17T13:00:00.000Z"))
      .when(lessonCancelled)
      .then(async ({ sql, pushes }) => {
        expect((await pendingLessons(sql)).map((found) => found.id)).toEqual([2002]);
        expect((await schedulingsOf(sql, student)).map((found) => found.id)).toEqual([2002]);
        expect(await findScheduling(sql, 2001)).toEqual(folded(lessonScheduled, lessonCancelled));
        const payload = { lessonId: 2001, refunded: true };
        expect(pushes).toEqual([
          { room: TEACHERS_ROOM, event: "lesson:cancelled", payload },
          { room: userRoom(ana.id), event: "lesson:cancelled", payload },
        ]);
      });
  });

  it("knows which teachers teach a student, forgetting cancelled lessons and teachers taken off", () => {
    const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };
    return spec
      .given(scheduled(2001, MONDAY_10H), accepted(2001), scheduled(2002, MONDAY_10H), accepted(2002, carla))
      .when(
        cancelled(2001),
        scheduled(2003, MONDAY_10H),
        accepted(2003),
        lesson(2003, { type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-03-02T09:00:00.000Z" } }),
      )
      .then(async ({ sql }) => {
        expect(await teachesStudent(sql, bruno.id, ana.id)).toBe(false);
        expect(await teachesStudent(sql, carla.id, ana.id)).toBe(true);
        expect(await teachesStudent(sql, carla.id, 4242)).toBe(false);
      });
  });

  it("lists the board soonest first, and from a moment on only the lessons still ahead", () =>
    spec
      .given(
        scheduled(2001, "2026-03-18T13:00:00.000Z"),
        scheduled(2002, "2026-03-16T13:00:00.000Z"),
        scheduled(2003, "2026-03-17T13:00:00.000Z", { student: bia }),
      )
      .then(async ({ sql }) => {
        expect((await pendingLessons(sql)).map((found) => found.id)).toEqual([2002, 2003, 2001]);
        expect((await pendingLessons(sql, new Date("2026-03-16T13:00:00.000Z"))).map((found) => found.id)).toEqual([
          2003, 2001,
        ]);
        expect((await schedulingsOf(sql, student)).map((found) => found.id)).toEqual([2001, 2002]);
      }));

  it("asks for feedback on the latest lesson held at least an hour ago until each side gives it", () =>
    spec
      .given(
        scheduled(2001, "2026-03-16T13:00:00.000Z"),
        accepted(2001),
        scheduled(2002, "2026-03-17T13:00:00.000Z"),
        accepted(2002),
        scheduled(2003, "2026-03-18T13:00:00.000Z"),
      )
      .when(studentFeedback(2002))
      .then(async ({ sql }) => {
        const now = new Date("2026-03-17T14:30:00.000Z");
        expect((await lastWithoutFeedback(sql, student, now))?.id).toBe(2001);
        expect((await lastWithoutFeedback(sql, teacher, now))?.id).toBe(2002);
        expect((await lastWithoutFeedback(sql, teacher, new Date("2026-03-17T13:59:00.000Z")))?.id).toBe(2001);
        expect(await lastWithoutFeedback(sql, student, new Date("2026-03-16T13:30:00.000Z"))).toBeNull();
      }));

  it("lists a lesson in progress under today's and not under the finished ones until its hour is over", () =>
    spec
      .given(
        scheduled(2011, "2026-03-16T12:00:00.000Z"),
        accepted(2011),
        // Started at 14:30 UTC: in progress at 15:00, over at 15:30.
        scheduled(2012, "2026-03-16T14:30:00.000Z"),
        accepted(2012),
      )
      .then(async ({ sql }) => {
        const ids = async (period: "today" | "finished", now: string) =>
          (await lessonsOf(sql, student, { page: 0, size: 10, period, now: new Date(now) })).content.map(
            (found) => found.id,
          );
        expect(await ids("today", "2026-03-16T15:00:00.000Z")).toEqual([2012, 2011]);
        expect(await ids("finished", "2026-03-16T15:00:00.000Z")).toEqual([2011]);
        expect(await ids("finished", "2026-03-16T15:29:59.000Z")).toEqual([2011]);
        expect(await ids("finished", "2026-03-16T15:30:00.000Z")).toEqual([2012, 2011]);
      }));

  it("pages a student's lessons by the São Paulo day: today, upcoming and finished", () =>
    spec
      .given(
        // 23:30 on Sunday the 15th in São Paulo, though already the 16th in UTC.
        scheduled(2001, "2026-03-16T02:30:00.000Z"),
        accepted(2001),
        scheduled(2002, "2026-03-16T12:00:00.000Z"),
        accepted(2002),
        scheduled(2003, "2026-03-16T20:00:00.000Z"),
        scheduled(2004, "2026-03-17T12:00:00.000Z"),
        scheduled(2005, "2026-03-18T12:00:00.000Z"),
        cancelled(2005),
      )
      .then(async ({ sql }) => {
        const now = new Date("2026-03-16T15:00:00.000Z");
        const ids = async (period?: "today" | "upcoming" | "finished", sort?: string) =>
          (await lessonsOf(sql, student, { page: 0, size: 10, period, sort, now })).content.map((found) => found.id);
        expect(await ids("today")).toEqual([2003, 2002]);
        expect(await ids("upcoming")).toEqual([2004]);
        expect(await ids("finished")).toEqual([2002, 2001]);
        expect(await ids(undefined, "date,asc")).toEqual([2001, 2002, 2003, 2004]);
        const page = await lessonsOf(sql, student, { page: 1, size: 3, now });
        expect(page.totalElements).toBe(4);
        expect(page.content).toMatchObject([
          {
            id: 2001,
            date: "2026-03-15",
            time: "23:30",
            endTime: "00:30",
            status: "Aceito",
            teacher: { name: "Bruno Lima" },
          },
        ]);
      }));

  it("shows a pending lesson to its student as waiting for a teacher", () =>
    spec.given(scheduled(2001, MONDAY_10H)).then(async ({ sql }) => {
      const { content } = await lessonsOf(sql, student, { page: 0, size: 10, now: new Date(MONDAY_10H) });
      expect(content).toMatchObject([
        { id: 2001, lessonId: null, status: "Pendente", teacherFromLesson: "Pendente", meetUrl: null, time: "10:00" },
      ]);
    }));

  it("sums a teacher's lessons per São Paulo month, paid once every lesson of the month is, leaving out those not held", () =>
    spec
      .given(
        scheduled(2001, "2026-03-10T13:00:00.000Z"),
        accepted(2001),
        scheduled(2002, "2026-03-20T13:00:00.000Z"),
        accepted(2002),
        // 22:00 on 31 March in São Paulo: still March there.
        scheduled(2003, "2026-04-01T01:00:00.000Z"),
        accepted(2003),
        scheduled(2004, "2026-04-10T13:00:00.000Z"),
        accepted(2004),
        teacherFeedback(2004, 3),
        scheduled(2005, "2026-04-15T13:00:00.000Z"),
        accepted(2005),
        paid(2001),
        paid(2002),
      )
      .when(paid(2005))
      .then(async ({ sql }) =>
        expect(await teacherFinanceByMonth(sql, bruno.id, new Date("2026-05-01T12:00:00Z"))).toEqual([
          {
            year: 2026,
            month: 4,
            totalLessons: 1,
            value: 25,
            valueCents: 25_00,
            paidLessons: 1,
            owedLessons: 0,
            upcomingLessons: 0,
            status: "paid",
          },
          {
            year: 2026,
            month: 3,
            totalLessons: 3,
            value: 75,
            valueCents: 75_00,
            paidLessons: 2,
            owedLessons: 1,
            upcomingLessons: 0,
            status: "pending",
          },
        ]),
      ));

  it("tells a month's lessons paid, given and not paid yet, and still to come apart", () =>
    spec
      .given(
        scheduled(2001, "2026-03-10T13:00:00.000Z"),
        accepted(2001),
        scheduled(2002, "2026-03-12T13:00:00.000Z"),
        accepted(2002),
        // In progress at 13:30 on the 20th: still to come until its hour is over.
        scheduled(2003, "2026-03-20T13:00:00.000Z"),
        accepted(2003),
        scheduled(2004, "2026-03-25T13:00:00.000Z"),
        accepted(2004),
        paid(2001),
      )
      .then(async ({ sql }) => {
        const march = async (now: string) => {
          const [month] = await teacherFinanceByMonth(sql, bruno.id, new Date(now));
          return [month?.paidLessons, month?.owedLessons, month?.upcomingLessons, month?.status];
        };
        expect(await march("2026-03-20T13:30:00.000Z")).toEqual([1, 1, 2, "pending"]);
        expect(await march("2026-03-20T14:00:00.000Z")).toEqual([1, 2, 1, "pending"]);
      }));

  it("shows a month whose given lessons are all paid as scheduled while lessons are still to come", () =>
    spec
      .given(
        scheduled(2001, "2026-03-10T13:00:00.000Z"),
        accepted(2001),
        scheduled(2002, "2026-03-25T13:00:00.000Z"),
        accepted(2002),
      )
      .when(paid(2001))
      .then(async ({ sql }) => {
        const [month] = await teacherFinanceByMonth(sql, bruno.id, new Date("2026-03-20T12:00:00Z"));
        expect(month).toMatchObject({ paidLessons: 1, owedLessons: 0, upcomingLessons: 1, status: "scheduled" });
      }));

  it("shows each lesson's payment in the lesson views: null while pending, the payment once paid", () =>
    spec
      .given(scheduled(2001, "2026-03-10T13:00:00.000Z"), accepted(2001), scheduled(2002, MONDAY_10H), accepted(2002))
      .when(paid(2001))
      .then(async ({ sql }) => {
        const { content } = await lessonsOf(sql, teacher, { page: 0, size: 10, now: new Date("2026-04-02T12:00:00Z") });
        expect(content.map((view) => [view.id, view.payment])).toEqual([
          [2002, null],
          [2001, { id: 9001, value: 25, valueCents: 25_00, date: "2026-04-01T12:00:00.000Z" }],
        ]);
      }));

  it("makes a month pending again when a payment is cancelled", () =>
    spec
      .given(scheduled(2001, "2026-03-10T13:00:00.000Z"), accepted(2001), paid(2001))
      .when(
        lesson(2001, {
          type: "LessonPaymentCancelled",
          data: { paymentId: 9001, by: "admin", at: "2026-04-02T12:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) =>
        expect(
          (await teacherFinanceByMonth(sql, bruno.id, new Date("2026-04-02T12:00:00Z"))).map((month) => month.status),
        ).toEqual(["pending"]),
      ));
});
