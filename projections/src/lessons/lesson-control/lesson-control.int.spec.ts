import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { TEACHERS_ROOM, userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../../testing/lesson-events";
import { projectionSpec } from "../../testing/projection-spec";
import { lessonFeedbacksProjector } from "../lesson-feedbacks/lesson-feedbacks-projector";
import { lessonSchedulingsProjector } from "../lesson-schedulings/lesson-schedulings-projector";
import { countedLessons, lessonControlCountsProjector } from "./lesson-control-counts";
import {
  exportLessonControl,
  findLessonControl,
  type LessonExportRow,
  lessonControlTotals,
  pageLessonControl,
} from "./lesson-control-queries";

const { lesson, scheduled, accepted, cancelled, paid } = lessonEvents({
  createdDate: "2025-03-01T12:00:00.000Z",
  acceptedAt: "2025-03-01T13:00:00.000Z",
  cancelledAt: "2025-03-01T14:00:00Z",
  cancelledBy: { by: 1, role: "admin" },
});

const joao: PersonSnapshot = { id: 1004, firstName: "João", lastName: "Conceição" };
const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };

/** 10:00 in São Paulo on 2026-03-16; 22:00 on the 31st of March there is already April in UTC. */
const MARCH_16 = "2026-03-16T13:00:00.000Z";
const MARCH_31_LATE = "2026-04-01T01:00:00.000Z";
const APRIL_15 = "2026-04-15T13:00:00.000Z";
const LAST_YEAR = "2025-03-10T13:00:00.000Z";

describe("lesson control on the lesson-schedulings read model", () => {
  const spec = projectionSpec(lessonSchedulingsProjector, lessonFeedbacksProjector, lessonControlCountsProjector);
  afterAll(() => spec.close());

  const world = [
    scheduled(3001, MARCH_16),
    accepted(3001),
    paid(3001),
    scheduled(3002, MARCH_31_LATE, { student: joao }),
    accepted(3002, carla),
    scheduled(3003, APRIL_15),
    scheduled(3004, LAST_YEAR, { student: joao }),
    accepted(3004),
    scheduled(3005, APRIL_15),
    cancelled(3005),
  ];

  it("lists the standing lessons latest first with student, level, trail, São Paulo day and hour, teacher and payment", () =>
    spec
      .given(...world)
      .when()
      .then(async ({ sql }) => {
        const page = await pageLessonControl(sql, { page: 0, size: 10 });
        expect(page.totalElements).toBe(4);
        expect(page.content.map((row) => row.id)).toEqual([3003, 3002, 3001, 3004]);
        expect(page.content[1]).toEqual({
          id: 3002,
          student: joao,
          level: { id: 3, name: "Básico" },
          objective: "TRAVEL",
          trail: { id: 10, number: 1, title: "Hello" },
          startsAt: MARCH_31_LATE,
          date: "2026-03-31",
          time: "22:00",
          teacher: carla,
          meetUrl: "https://meet.jit.si/lesson-3002",
          payment: null,
        });
        expect(page.content[2]?.payment).toMatchObject({ id: 10001, value: 25 });
        expect(page.content[0]?.teacher).toBeNull();
        const second = await pageLessonControl(sql, { page: 1, size: 3, sort: "scheduling.date,desc" });
        expect(second.content.map((row) => row.id)).toEqual([3004]);
        const oldest = await pageLessonControl(sql, { page: 0, size: 1, sort: "scheduling.date,asc" });
        expect(oldest.content.map((row) => row.id)).toEqual([3004]);
      }));

  it("filters by the São Paulo year and month, teacher and student, and totals them at R$ 25 and R$ 40", () =>
    spec
      .given(...world)
      .when()
      .then(async ({ sql }) => {
        const ids = async (filters: Parameters<typeof lessonControlTotals>[1]) =>
          (await pageLessonControl(sql, { page: 0, size: 10, ...filters })).content.map((row) => row.id);
        expect(await ids({ year: 2026 })).toEqual([3003, 3002, 3001]);
        expect(await ids({ year: 2026, month: 3 })).toEqual([3002, 3001]);
        expect(await ids({ year: 2026, month: 4 })).toEqual([3003]);
        expect(await ids({ month: 3 })).toEqual([3002, 3001, 3004]);
        expect(await ids({ year: 2025, month: 12 })).toEqual([]);
        expect(await ids({ teacherId: bruno.id })).toEqual([3001, 3004]);
        expect(await ids({ studentId: joao.id, year: 2026 })).toEqual([3002]);
        expect(await lessonControlTotals(sql, { year: 2026 })).toEqual({
          lessons: 3,
          teacherCost: 75,
          teacherCostCents: 75_00,
          revenue: 120,
          revenueCents: 120_00,
        });
        expect((await lessonControlTotals(sql, { teacherId: 999 })).lessons).toBe(0);
        expect(await findLessonControl(sql, 3005)).toMatchObject({ id: 3005, cancelled: true });
        expect(await findLessonControl(sql, 9999)).toBeNull();
      }));

  it("counts the broad filters from month counts that follow moves and cancellations, as counting the rows would", () =>
    spec
      .given(...world)
      .when(
        lesson(3003, {
          type: "LessonMoved",
          data: { from: APRIL_15, date: MARCH_16, by: 1, at: "2026-03-01T12:00:00Z" },
        }),
        cancelled(3002),
        // Moving a cancelled lesson counts it nowhere.
        lesson(3005, {
          type: "LessonMoved",
          data: { from: APRIL_15, date: MARCH_16, by: 1, at: "2026-03-01T12:00:00Z" },
        }),
      )
      .then(async ({ sql }) => {
        const filters = [
          {},
          { year: 2026 },
          { year: 2026, month: 3 },
          { year: 2026, month: 4 },
          { month: 3 },
          { year: 2025 },
        ];
        const counted = await Promise.all(filters.map((filter) => countedLessons(sql, filter)));
        expect(counted).toEqual([3, 2, 2, 0, 3, 1]);
        for (const [index, filter] of filters.entries()) {
          const rows = await pageLessonControl(sql, { page: 0, size: 100, ...filter, teacherId: undefined });
          expect(rows.content).toHaveLength(counted[index] as number);
          expect(rows.totalElements).toBe(counted[index]);
        }
        expect(await countedLessons(sql, { teacherId: bruno.id })).toBeNull();
        expect((await lessonControlTotals(sql, { year: 2026, month: 3 })).lessons).toBe(2);
      }));

  it("exports every matching lesson with both feedbacks, in pages read by key", () =>
    spec
      .given(
        ...world,
        lesson(3001, {
          type: "StudentFeedbackGiven",
          data: {
            feedbackId: 50,
            studentId: ana.id,
            note: 5,
            information: "Ótima aula",
            givenAt: "2026-03-17T12:00:00Z",
          },
        }),
        lesson(3001, {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: 51,
            teacherId: bruno.id,
            skipped: false,
            status: 1,
            note: 4,
            information: "Boa",
            sugestions: "Mais prática",
            productSugestions: "Áudio",
            studentInformation: "Dedicada",
            partialyHeld: null,
            givenAt: "2026-03-17T12:00:00Z",
          },
        }),
      )
      .when()
      .then(async ({ sql }) => {
        const pages: LessonExportRow[][] = [];
        for await (const page of exportLessonControl(sql, {}, 3)) pages.push(page);
        expect(pages.map((page) => page.map((row) => row.id))).toEqual([[3003, 3002, 3001], [3004]]);
        const withFeedback = pages.flat().find((row) => row.id === 3001);
        expect(withFeedback?.studentFeedback).toEqual({ note: 5, information: "Ótima aula" });
        expect(withFeedback?.teacherFeedback).toMatchObject({ status: 1, note: 4, sugestions: "Mais prática" });
        expect(pages.flat().find((row) => row.id === 3002)?.studentFeedback).toBeNull();
        const march: LessonExportRow[] = [];
        for await (const page of exportLessonControl(sql, { year: 2026, month: 3 }, 1)) march.push(...page);
        expect(march.map((row) => row.id)).toEqual([3002, 3001]);
      }));

  it("a lesson an administrator moves shows its new time; waiting for a teacher it is pushed to the boards again", () =>
    spec
      .given(scheduled(3101, MARCH_16))
      .when(
        lesson(3101, {
          type: "LessonMoved",
          data: { from: MARCH_16, date: APRIL_15, by: 1, at: "2026-03-01T12:00:00Z" },
        }),
      )
      .then(async ({ sql, pushes }) => {
        expect((await findLessonControl(sql, 3101))?.startsAt).toBe(APRIL_15);
        expect(pushes).toEqual([
          {
            room: TEACHERS_ROOM,
            event: "lesson:pending",
            payload: {
              lesson: {
                id: 3101,
                date: APRIL_15,
                objective: "TRAVEL",
                level: { id: 3, name: "Básico" },
                trail: { id: 10, number: 1, title: "Hello" },
                student: ana,
              },
            },
          },
        ]);
      }));

  it("a lesson an administrator gives to a teacher is pushed to that teacher as well as to the student", () =>
    spec
      .given(scheduled(3301, MARCH_16))
      .when(
        lesson(3301, {
          type: "LessonAccepted",
          data: { teacher: carla, meetUrl: "https://meet.jit.si/given-3301", acceptedAt: MARCH_16, assignedBy: 1 },
        }),
      )
      .then(async ({ pushes }) => {
        const accepted = {
          lessonId: 3301,
          date: MARCH_16,
          teacher: { id: carla.id, name: "Carla" },
          meetUrl: "https://meet.jit.si/given-3301",
        };
        expect(pushes).toEqual([
          { room: TEACHERS_ROOM, event: "lesson:claimed", payload: { lessonId: 3301, teacherId: carla.id } },
          { room: userRoom(ana.id), event: "lesson:accepted", payload: accepted },
          { room: userRoom(carla.id), event: "lesson:accepted", payload: accepted },
        ]);
      }));

  it("a lesson taken back from its teacher waits for one again: its teacher is told it is gone, its student that it has no teacher, every board that it is pending", () =>
    spec
      .given(scheduled(3401, MARCH_16), accepted(3401))
      .when(lesson(3401, { type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-03-01T12:00:00Z" } }))
      .then(async ({ sql, pushes }) => {
        expect((await findLessonControl(sql, 3401))?.teacher).toBeNull();
        expect(pushes).toEqual([
          { room: userRoom(bruno.id), event: "lesson:cancelled", payload: { lessonId: 3401, refunded: false } },
          { room: userRoom(ana.id), event: "lesson:unassigned", payload: { lessonId: 3401 } },
          {
            room: TEACHERS_ROOM,
            event: "lesson:pending",
            payload: {
              lesson: {
                id: 3401,
                date: MARCH_16,
                objective: "TRAVEL",
                level: { id: 3, name: "Básico" },
                trail: { id: 10, number: 1, title: "Hello" },
                student: ana,
              },
            },
          },
        ]);
        expect((await pageLessonControl(sql, { page: 0, size: 10, teacherId: bruno.id })).totalElements).toBe(0);
      }));

  it("a lesson given to another teacher is theirs; the old teacher is told it is gone, the student who teaches now", () =>
    spec
      .given(scheduled(3201, MARCH_16), accepted(3201))
      .when(
        lesson(3201, {
          type: "LessonTeacherChanged",
          data: {
            from: bruno,
            teacher: carla,
            meetUrl: "https://meet.jit.si/new-3201",
            by: 1,
            at: "2026-03-01T12:00:00Z",
          },
        }),
      )
      .then(async ({ sql, pushes }) => {
        expect((await findLessonControl(sql, 3201))?.teacher).toEqual(carla);
        const accepted = {
          lessonId: 3201,
          date: MARCH_16,
          teacher: { id: carla.id, name: "Carla" },
          meetUrl: "https://meet.jit.si/new-3201",
        };
        expect(pushes).toEqual([
          { room: userRoom(bruno.id), event: "lesson:cancelled", payload: { lessonId: 3201, refunded: false } },
          { room: TEACHERS_ROOM, event: "lesson:claimed", payload: { lessonId: 3201, teacherId: carla.id } },
          { room: userRoom(ana.id), event: "lesson:accepted", payload: accepted },
          { room: userRoom(carla.id), event: "lesson:accepted", payload: accepted },
        ]);
        expect((await pageLessonControl(sql, { page: 0, size: 10, teacherId: bruno.id })).totalElements).toBe(0);
      }));
});
