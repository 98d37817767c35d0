import { type LessonEvent, lessonStreams } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../../testing/projection-spec";
import { findLessonHistory, lessonHistoryTotals, pageLessonHistory } from "./lesson-history-queries";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";

const onLesson = (lessonId: number, event: LessonEvent) => on(lessonStreams.id(lessonId), event);
const now = new Date("2026-06-10T12:00:00.000Z");

/** A lesson of `studentId` at `date`, claimed by teacher `teacherId` unless null. */
const lesson = (id: number, date: string, teacherId: number | null, studentId = 100) => [
  onLesson(id, {
    type: "LessonScheduled",
    data: {
      id,
      student: { id: studentId, firstName: `Aluna${studentId}`, lastName: "Souza" },
      trail: { id: 5, number: 3, title: "Ordering food" },
      level: { id: 1, name: "Begginer" },
      date,
      objective: "TRAVEL",
      createdDate: "2026-01-01T12:00:00.000Z",
    },
  }),
  ...(teacherId === null
    ? []
    : [
        onLesson(id, {
          type: "LessonAccepted",
          data: {
            teacher: { id: teacherId, firstName: `Prof${teacherId}`, lastName: "Lima" },
            meetUrl: "https://meet.jit.si/el-test",
            acceptedAt: "2026-01-02T12:00:00.000Z",
          },
        }),
      ]),
];

const page = { page: 0, size: 20 };

describe("lesson history", () => {
  const spec = projectionSpec(lessonSchedulingsProjector);
  afterAll(() => spec.close());

  it("lists only the lessons that took place, latest first, with the spec's fields", () =>
    spec
      .given(
        ...lesson(1, "2026-05-04T13:00:00.000Z", 900),
        ...lesson(2, "2026-06-01T13:00:00.000Z", 900),
        // Not held: waiting for a teacher, still ahead, within its hour, cancelled, reported as not held.
        ...lesson(3, "2026-05-05T13:00:00.000Z", null),
        ...lesson(4, "2026-06-20T13:00:00.000Z", 900),
        ...lesson(5, "2026-06-10T11:30:00.000Z", 900),
        ...lesson(6, "2026-05-06T13:00:00.000Z", 900),
        onLesson(6, {
          type: "LessonCancelled",
          data: { by: 1, role: "admin", refunded: true, at: "2026-05-01T12:00:00Z" },
        }),
        ...lesson(7, "2026-05-07T13:00:00.000Z", 900),
        onLesson(7, {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: 70,
            teacherId: 900,
            skipped: false,
            status: 3,
            note: 3,
            information: "",
            sugestions: "-",
            productSugestions: "-",
            studentInformation: "-",
            partialyHeld: null,
            givenAt: "2026-05-07T15:00:00.000Z",
          },
        }),
        onLesson(1, {
          type: "LessonPaid",
          data: { paymentId: 11, valueCents: 2500, teacherId: 900, by: "admin", at: "2026-05-31T12:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        const history = await pageLessonHistory(sql, {}, page, now);
        expect(history.total).toBe(2);
        expect(history.items.map((row) => row.id)).toEqual([2, 1]);
        expect(history.items[1]).toEqual({
          id: 1,
          teacherName: "Prof900 Lima",
          teacherId: 900,
          studentName: "Aluna100 Souza",
          studentId: 100,
          level: { id: 1, name: "Begginer" },
          objective: "TRAVEL",
          classTitle: "Ordering food",
          date: "2026-05-04",
          hour: "10:00",
          startsAt: "2026-05-04T13:00:00.000Z",
          teacherValue: 25,
          totalValue: 40,
          payment: { id: 11, value: 25, valueCents: 2500, date: "2026-05-31T12:00:00.000Z" },
        });
        expect(await findLessonHistory(sql, 1, now)).toEqual(history.items[1]);
        expect(await findLessonHistory(sql, 3, now)).toBeNull();
        expect(await lessonHistoryTotals(sql, {}, now)).toEqual({
          lessons: 2,
          teacherValue: 50,
          totalValue: 80,
          paidValue: 25,
        });
      }));

  it("filters by year and month of São Paulo, teacher and student, with matching totals", () =>
    spec
      .given(
        // 23:30 on 31 May in São Paulo is already June in UTC: it belongs to May.
        ...lesson(1, "2026-06-01T02:30:00.000Z", 900, 100),
        ...lesson(2, "2026-06-02T13:00:00.000Z", 901, 100),
        ...lesson(3, "2025-05-02T13:00:00.000Z", 900, 101),
      )
      .then(async ({ sql }) => {
        const ids = async (filters: Parameters<typeof pageLessonHistory>[1]) =>
          (await pageLessonHistory(sql, filters, page, now)).items.map((row) => row.id);
        expect(await ids({ year: 2026, month: 5 })).toEqual([1]);
        expect(await ids({ year: 2026 })).toEqual([2, 1]);
        expect(await ids({ teacherId: 900 })).toEqual([1, 3]);
        expect(await ids({ studentId: 101 })).toEqual([3]);
        expect(await ids({ teacherId: 901, studentId: 101 })).toEqual([]);
        expect((await lessonHistoryTotals(sql, { teacherId: 900 }, now)).totalValue).toBe(80);
        const second = await pageLessonHistory(sql, {}, { page: 1, size: 2, sort: ["date,asc"] }, now);
        expect(second).toMatchObject({ total: 3, items: [{ id: 2 }] });
      }));
});
