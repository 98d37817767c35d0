import { ADMINS_ROOM } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../../testing/lesson-events";
import { projectionSpec } from "../../testing/projection-spec";
import { lessonSchedulingsProjector } from "../lesson-schedulings/lesson-schedulings-projector";
import { boardCard, lessonBoard, withBoardPushes } from "./lesson-board";

const { lesson, scheduled, accepted, cancelled, paid } = lessonEvents({
  createdDate: "2026-03-16T11:00:00.000Z",
  acceptedAt: "2026-03-16T11:30:00.000Z",
  cancelledAt: "2026-03-16T11:40:00.000Z",
  paidAt: "2026-03-16T12:40:00.000Z",
});

const teacherFeedback = (id: number) =>
  lesson(id, {
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: id + 6000,
      teacherId: bruno.id,
      skipped: false,
      status: 1,
      note: 4,
      information: "",
      sugestions: "",
      productSugestions: "",
      studentInformation: "",
      partialyHeld: null,
      givenAt: "2026-03-16T12:30:00.000Z",
    },
  });

/** São Paulo is UTC-3 in March 2026: 09:00 there on Monday the 16th. */
const NOW = new Date("2026-03-16T12:00:00.000Z");
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 2, day, hour + 3, minute)).toISOString();

const idsOf = (cards: { id: number }[]) => cards.map((card) => card.id);

describe("the live lesson board", () => {
  const spec = projectionSpec(withBoardPushes(lessonSchedulingsProjector));
  afterAll(() => spec.close());

  it("puts today's and the next days' lessons in the column of their state at now, with counters", () =>
    spec
      .given(
        scheduled(1, at(16, 15)), // waiting
        scheduled(2, at(16, 10)), // accepted, starts at 10:00
        accepted(2),
        scheduled(3, at(16, 8, 30)), // accepted, 08:30–09:30: in progress
        accepted(3),
        scheduled(4, at(16, 7)), // held, no feedback yet
        accepted(4),
        scheduled(5, at(16, 7, 30)), // held and reported
        accepted(5),
        teacherFeedback(5),
        scheduled(6, at(17, 20)), // cancelled tomorrow
        cancelled(6),
        scheduled(7, at(18, 22)), // the last of three days
        scheduled(8, at(19, 7)), // the fourth day: off a three-day board
        scheduled(9, at(15, 22)), // yesterday: off the board
      )
      .then(async ({ sql }) => {
        const board = await lessonBoard(sql, { now: NOW, days: 3 });
        expect(board.from).toBe(at(16, 0));
        expect(board.to).toBe(at(19, 0));
        expect(idsOf(board.columns.waiting)).toEqual([1, 7]);
        expect(idsOf(board.columns.accepted)).toEqual([2]);
        expect(idsOf(board.columns.inProgress)).toEqual([3]);
        expect(idsOf(board.columns.awaitingFeedback)).toEqual([4]);
        expect(idsOf(board.columns.done)).toEqual([5]);
        expect(idsOf(board.columns.cancelled)).toEqual([6]);
        expect(board.counters).toEqual({
          waiting: 2,
          accepted: 1,
          inProgress: 1,
          awaitingFeedback: 1,
          done: 1,
          cancelled: 1,
        });
        expect(board.columns.accepted[0]).toEqual({
          id: 2,
          date: at(16, 10),
          status: "accepted",
          student: { id: ana.id, name: "Ana Souza" },
          level: { id: 3, name: "Básico" },
          trail: { id: 10, number: 1, title: "Hello" },
          teacher: { id: bruno.id, name: "Bruno Lima" },
          waitingSince: "2026-03-16T11:00:00.000Z",
          acceptedAt: "2026-03-16T11:30:00.000Z",
          cancelledAt: null,
          studentFeedbackGiven: false,
          teacherFeedbackGiven: false,
          paid: false,
        });
        const today = await lessonBoard(sql, { now: NOW, days: 1 });
        expect(idsOf(Object.values(today.columns).flat()).sort()).toEqual([1, 2, 3, 4, 5]);
      }));

  it("tells every administrator the lesson's new card on each change, beside the projector's own pushes", () =>
    spec
      .given()
      .when(scheduled(11, at(17, 10)), accepted(11), teacherFeedback(11), paid(11))
      .then(({ pushes }) => {
        const board = pushes.filter((push) => push.event === "board:changed");
        expect(board.map((push) => push.room)).toEqual([ADMINS_ROOM, ADMINS_ROOM, ADMINS_ROOM, ADMINS_ROOM]);
        const cards = board.map((push) => (push.payload as { card: Record<string, unknown> }).card);
        expect(cards.map((card) => [card.status, card.teacherFeedbackGiven, card.paid])).toEqual([
          ["pending", false, false],
          ["accepted", false, false],
          ["accepted", true, false],
          ["accepted", true, true],
        ]);
        expect(cards[1]).toMatchObject({ id: 11, teacher: { id: bruno.id, name: "Bruno Lima" } });
        expect(pushes.some((push) => push.event === "lesson:pending")).toBe(true);
        expect(pushes.some((push) => push.event === "lesson:claimed")).toBe(true);
      }));

  it("pushes a newly scheduled lesson's card exactly as the board reads it, a student without a surname too", () =>
    spec
      .given()
      .when(
        scheduled(41, "2026-03-17T13:30:00-03:00"),
        scheduled(42, at(17, 11), { student: { id: 1003, firstName: "Cecília", lastName: null } }),
      )
      .then(async ({ sql, pushes }) => {
        const cards = pushes
          .filter((push) => push.event === "board:changed")
          .map((push) => (push.payload as { card: unknown }).card);
        expect(cards).toEqual([await boardCard(sql, 41), await boardCard(sql, 42)]);
        expect(cards[0]).toMatchObject({
          status: "pending",
          date: "2026-03-17T16:30:00.000Z",
          student: { id: ana.id, name: "Ana Souza" },
          teacher: null,
          waitingSince: "2026-03-16T11:00:00.000Z",
        });
        expect(cards[1]).toMatchObject({ student: { id: 1003, name: "Cecília" } });
      }));

  it("moves a lesson taken back from its teacher to the waiting column, without a teacher", () =>
    spec
      .given(scheduled(31, at(17, 10)), accepted(31))
      .when(
        lesson(31, { type: "LessonTeacherUnassigned", data: { from: bruno, by: 1, at: "2026-03-16T11:45:00.000Z" } }),
      )
      .then(({ pushes }) => {
        expect(pushes.find((push) => push.event === "board:changed")).toEqual({
          room: ADMINS_ROOM,
          event: "board:changed",
          payload: {
            lessonId: 31,
            card: expect.objectContaining({ status: "pending", teacher: null, acceptedAt: null }),
          },
        });
      }));

  it("moves a cancelled lesson's card to the cancelled column", () =>
    spec
      .given(scheduled(21, at(16, 18)))
      .when(cancelled(21))
      .then(({ pushes }) => {
        expect(pushes.find((push) => push.event === "board:changed")).toEqual({
          room: ADMINS_ROOM,
          event: "board:changed",
          payload: {
            lessonId: 21,
            card: expect.objectContaining({ status: "cancelled", cancelledAt: "2026-03-16T11:40:00.000Z" }),
          },
        });
      }));
});
