import { ADMINS_ROOM, TEACHERS_ROOM, userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../../testing/lesson-events";
import { projectionSpec } from "../../testing/projection-spec";
import { withBoardPushes } from "../lesson-board/lesson-board";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";
import { findScheduling, pendingLessons, schedulingsOf } from "./lesson-schedulings-queries";

const { lesson, scheduled, accepted, cancelled } = lessonEvents();

/** 10:00 in São Paulo (UTC-3) on 2026-03-16, a Monday. */
const MONDAY_10H = "2026-03-16T13:00:00.000Z";
const pendingLesson = (id: number) => ({
  id,
  date: MONDAY_10H,
  objective: "TRAVEL",
  level: { id: 3, name: "Básico" },
  trail: { id: 10, number: 1, title: "Hello" },
  student: ana,
});
const booked = (id: number, seriesId?: number) =>
  scheduled(id, MONDAY_10H, {
    chosenTeacher: { teacher: bruno, how: "BOOKED", ...(seriesId === undefined ? {} : { seriesId }) },
  });
const requested = (id: number) =>
  scheduled(id, MONDAY_10H, {
    chosenTeacher: { teacher: bruno, how: "REQUESTED", expiresAt: "2026-03-02T00:00:00.000Z", fallback: "BOARD" },
  });
const lapsed = (id: number, fallback: "BOARD" | "CANCEL") =>
  lesson(id, {
    type: "LessonRequestLapsed",
    data: { teacher: bruno, reason: "EXPIRED", fallback, at: "2026-03-02T00:00:00.000Z" },
  });
const dayOff = (id: number) =>
  lesson(id, {
    type: "LessonTeacherUnassigned",
    data: { from: bruno, by: bruno.id, at: "2026-03-05T12:00:00.000Z", reason: "DAY_OFF" },
  });
const roomsAndEvents = (pushes: { room: string; event: string }[]) =>
  pushes.map(({ room, event }) => `${room} ${event}`);

describe("the teachers' open board and lessons whose student chose the teacher", () => {
  const spec = projectionSpec(lessonSchedulingsProjector);
  afterAll(() => spec.close());

  it("keeps a booked lesson off the board and tells no teacher it is pending", () =>
    spec
      .given()
      .when(booked(3001))
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect(await findScheduling(sql, 3001)).toMatchObject({ id: 3001, lesson: null });
        expect(pushes).toEqual([]);
      }));

  it("tells the teacher booked (lesson:booked, with the series) and the student (lesson:accepted), not the board", () =>
    spec
      .given(booked(3002, 77))
      .when(accepted(3002))
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect((await schedulingsOf(sql, { id: bruno.id, role: "teacher" })).map((lesson) => lesson.id)).toEqual([
          3002,
        ]);
        const meetUrl = "https://meet.jit.si/lesson-3002";
        expect(pushes).toEqual([
          {
            room: userRoom(ana.id),
            event: "lesson:accepted",
            payload: { lessonId: 3002, date: MONDAY_10H, teacher: { id: bruno.id, name: "Bruno Lima" }, meetUrl },
          },
          {
            room: userRoom(bruno.id),
            event: "lesson:booked",
            payload: { lesson: pendingLesson(3002), meetUrl, seriesId: 77 },
          },
        ]);
      }));

  it("keeps a requested lesson off the board while the teacher asked may answer", () =>
    spec
      .given()
      .when(requested(3003))
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect(pushes).toEqual([]);
      }));

  it("puts a request that lapsed to the board on it and tells every teacher, as a fresh scheduling", () =>
    spec
      .given(requested(3004))
      .when(lapsed(3004, "BOARD"))
      .then(async ({ sql, pushes }) => {
        expect((await pendingLessons(sql)).map((lesson) => lesson.id)).toEqual([3004]);
        expect(pushes).toEqual([
          { room: TEACHERS_ROOM, event: "lesson:pending", payload: { lesson: pendingLesson(3004) } },
        ]);
      }));

  it("leaves a request that lapsed to its cancellation off the board", () =>
    spec
      .given(requested(3005))
      .when(lapsed(3005, "CANCEL"), cancelled(3005))
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect(roomsAndEvents(pushes)).toEqual([
          `${TEACHERS_ROOM} lesson:cancelled`,
          `${userRoom(ana.id)} lesson:cancelled`,
        ]);
      }));

  it("once on the board, a lapsed request is claimed as any lesson: every board drops it", () =>
    spec
      .given(requested(3006), lapsed(3006, "BOARD"))
      .when(accepted(3006))
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect(roomsAndEvents(pushes)).toEqual([
          `${TEACHERS_ROOM} lesson:claimed`,
          `${userRoom(ana.id)} lesson:accepted`,
        ]);
      }));

  it("offers a booked lesson whose teacher took the day off to every teacher", () =>
    spec
      .given(booked(3007), accepted(3007))
      .when(dayOff(3007))
      .then(async ({ sql, pushes }) => {
        expect((await pendingLessons(sql)).map((lesson) => lesson.id)).toEqual([3007]);
        expect(pushes.at(-1)).toEqual({
          room: TEACHERS_ROOM,
          event: "lesson:pending",
          payload: { lesson: pendingLesson(3007) },
        });
      }));

  it("does not offer a requested lesson an administrator moves", () =>
    spec
      .given(requested(3008))
      .when(
        lesson(3008, {
          type: "LessonMoved",
          data: { from: MONDAY_10H, date: "2026-03-16T14:00:00.000Z", by: 1, at: "2026-03-02T00:00:00.000Z" },
        }),
      )
      .then(async ({ sql, pushes }) => {
        expect(await pendingLessons(sql)).toEqual([]);
        expect(pushes).toEqual([]);
      }));
});

describe("the administrators' live board and a booking", () => {
  const spec = projectionSpec(withBoardPushes(lessonSchedulingsProjector));
  afterAll(() => spec.close());

  it("moves the booked lesson's card to accepted, as a claim does", () =>
    spec
      .given(booked(3101))
      .when(accepted(3101))
      .then(async ({ pushes }) => {
        const board = pushes.filter((push) => push.room === ADMINS_ROOM);
        expect(board).toEqual([
          {
            room: ADMINS_ROOM,
            event: "board:changed",
            payload: expect.objectContaining({
              lessonId: 3101,
              card: expect.objectContaining({ status: "accepted", teacher: { id: bruno.id, name: "Bruno Lima" } }),
            }),
          },
        ]);
      }));
});
