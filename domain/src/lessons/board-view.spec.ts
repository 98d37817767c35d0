import { describe, expect, it } from "vitest";
import {
  type BoardCard,
  boardColumnOf,
  boardColumnsOf,
  boardCountersOf,
  isOnBoard,
  isWaitingTooLong,
} from "./board-view";

const card = (fields: Partial<BoardCard> = {}): BoardCard => ({
  id: 1,
  date: "2026-03-16T13:00:00.000Z",
  status: "accepted",
  student: { id: 2, name: "Ana Souza" },
  level: { id: 3, name: "Básico" },
  trail: { id: 10, number: 1, title: "Hello" },
  teacher: { id: 4, name: "Bruno Lima" },
  waitingSince: "2026-03-16T11:00:00.000Z",
  acceptedAt: "2026-03-16T11:30:00.000Z",
  cancelledAt: null,
  studentFeedbackGiven: false,
  teacherFeedbackGiven: false,
  paid: false,
  ...fields,
});

describe("the board's columns", () => {
  it("follow the lesson's hour: accepted before it, in progress within it, held after it", () => {
    expect(boardColumnOf(card(), new Date("2026-03-16T12:59:59.000Z"))).toBe("accepted");
    expect(boardColumnOf(card(), new Date("2026-03-16T13:00:00.000Z"))).toBe("inProgress");
    expect(boardColumnOf(card(), new Date("2026-03-16T13:59:59.000Z"))).toBe("inProgress");
    expect(boardColumnOf(card(), new Date("2026-03-16T14:00:00.000Z"))).toBe("awaitingFeedback");
    expect(boardColumnOf(card({ teacherFeedbackGiven: true }), new Date("2026-03-16T14:00:00.000Z"))).toBe("done");
  });

  it("keep a lesson nobody claimed waiting, even past its time, and a cancelled one cancelled", () => {
    const late = new Date("2026-03-16T15:00:00.000Z");
    expect(boardColumnOf(card({ status: "pending", teacher: null }), late)).toBe("waiting");
    expect(boardColumnOf(card({ status: "cancelled" }), late)).toBe("cancelled");
  });

  it("sort each column soonest first and count it", () => {
    const now = new Date("2026-03-16T10:00:00.000Z");
    const columns = boardColumnsOf(
      [card({ id: 5, date: "2026-03-16T18:00:00.000Z" }), card({ id: 6 }), card({ id: 7, status: "pending" })],
      now,
    );
    expect(columns.accepted.map((c) => c.id)).toEqual([6, 5]);
    expect(boardCountersOf(columns)).toEqual({
      waiting: 1,
      accepted: 2,
      inProgress: 0,
      awaitingFeedback: 0,
      done: 0,
      cancelled: 0,
    });
  });
});

describe("a waiting card", () => {
  it("is highlighted once it has waited more than the chosen minutes", () => {
    const waiting = card({ status: "pending", teacher: null });
    expect(isWaitingTooLong(waiting, new Date("2026-03-16T11:30:00.000Z"), 30)).toBe(false);
    expect(isWaitingTooLong(waiting, new Date("2026-03-16T11:30:01.000Z"), 30)).toBe(true);
    expect(isWaitingTooLong(card(), new Date("2026-03-17T11:30:01.000Z"), 30)).toBe(false);
  });
});

describe("the board's days", () => {
  it("hold a card from the first instant up to, not including, the end", () => {
    const board = { from: "2026-03-16T03:00:00.000Z", to: "2026-03-19T03:00:00.000Z" };
    expect(isOnBoard(card({ date: "2026-03-16T03:00:00.000Z" }), board)).toBe(true);
    expect(isOnBoard(card({ date: "2026-03-19T03:00:00.000Z" }), board)).toBe(false);
    expect(isOnBoard(card({ date: "2026-03-16T02:59:00.000Z" }), board)).toBe(false);
  });
});
