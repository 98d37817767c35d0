import type { BoardCard, BoardView } from "@el/domain/lessons/board-view";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { createManualFeed } from "../../../test/manual-feed";
import { boardMachine } from "./board.machine";

const FROM = "2026-03-16T03:00:00.000Z";
const TO = "2026-03-19T03:00:00.000Z";

const card = (id: number, fields: Partial<BoardCard> = {}): BoardCard => ({
  id,
  date: "2026-03-16T18:00:00.000Z",
  status: "pending",
  student: { id: 5, name: "Ana Souza" },
  level: { id: 1, name: "Básico" },
  trail: { id: 3, number: 2, title: "At the airport" },
  teacher: null,
  waitingSince: "2026-03-16T12:00:00.000Z",
  acceptedAt: null,
  cancelledAt: null,
  studentFeedbackGiven: false,
  teacherFeedbackGiven: false,
  paid: false,
  ...fields,
});

const boardOf = (cards: BoardCard[]): BoardView => ({
  now: "2026-03-16T13:00:00.000Z",
  from: FROM,
  to: TO,
  columns: {
    waiting: cards.filter((c) => c.status === "pending"),
    accepted: cards.filter((c) => c.status === "accepted"),
    inProgress: [],
    awaitingFeedback: [],
    done: [],
    cancelled: cards.filter((c) => c.status === "cancelled"),
  },
  counters: { waiting: 0, accepted: 0, inProgress: 0, awaitingFeedback: 0, done: 0, cancelled: 0 },
});

/** The machine on a manual feed, its HTTP actors answering what the test says, recording what they were asked. */
const start = (answers: { board: (days: number) => Promise<BoardView>; assign?: () => Promise<unknown> }) => {
  const live = createManualFeed();
  const asked: string[] = [];
  const machine = boardMachine.provide({
    actors: {
      loadBoard: fromPromise<BoardView, { days: number }>(({ input }) => {
        asked.push(`load ${input.days}`);
        return answers.board(input.days);
      }),
      assign: fromPromise<unknown, { lessonId: number; teacherId: number }>(({ input }) => {
        asked.push(`assign ${input.lessonId} to ${input.teacherId}`);
        return answers.assign ? answers.assign() : Promise.resolve({});
      }),
    },
  });
  const actor = createActor(machine, { input: { feed: live.feed, days: 3 } });
  actor.start();
  const ready = () => waitFor(actor, (state) => state.matches({ ready: "idle" }));
  const ids = () =>
    actor
      .getSnapshot()
      .context.cards.map((c) => `${c.id}:${c.status}`)
      .sort();
  return { actor, live, asked, ready, ids };
};

describe("the lesson board machine", () => {
  it("moves one card per board:changed, and drops a card whose lesson left the board's days", async () => {
    const { live, ready, ids } = start({ board: async () => boardOf([card(1), card(2)]) });
    await ready();
    live.push("board:changed", {
      lessonId: 1,
      card: card(1, { status: "accepted", teacher: { id: 9, name: "Bruno" } }),
    });
    live.push("board:changed", { lessonId: 3, card: card(3) });
    live.push("board:changed", { lessonId: 2, card: card(2, { date: "2026-03-25T18:00:00.000Z" }) });
    expect(ids()).toEqual(["1:accepted", "3:pending"]);
    live.push("board:changed", { lessonId: 3, card: null });
    expect(ids()).toEqual(["1:accepted"]);
  });

  it("replays the pushes that arrive while it loads onto the loaded board", async () => {
    let answer: (board: BoardView) => void = () => undefined;
    const { live, ready, ids } = start({ board: () => new Promise((resolve) => (answer = resolve)) });
    // The server read the board before the claim and the new lesson: the load alone would lose them.
    live.push("board:changed", {
      lessonId: 1,
      card: card(1, { status: "accepted", teacher: { id: 9, name: "Bruno" } }),
    });
    live.push("board:changed", { lessonId: 4, card: card(4) });
    answer(boardOf([card(1), card(2)]));
    await ready();
    expect(ids()).toEqual(["1:accepted", "2:pending", "4:pending"]);
  });

  it("reloads after a dropped connection, and loads the days chosen", async () => {
    let loads = 0;
    const { actor, live, asked, ready, ids } = start({
      board: async () => (++loads === 1 ? boardOf([card(1)]) : boardOf([card(1), card(7)])),
    });
    await ready();
    live.reconnect();
    await waitFor(actor, (state) => state.matches("loading"));
    await ready();
    expect(ids()).toEqual(["1:pending", "7:pending"]);
    actor.send({ type: "days.changed", days: 7 });
    await ready();
    expect(asked).toEqual(["load 3", "load 3", "load 7"]);
  });

  it("shows a failed load and loads again on retry", async () => {
    let fail = true;
    const { actor, ready, ids } = start({
      board: async () => {
        if (fail) throw new Error("down");
        return boardOf([card(1)]);
      },
    });
    await waitFor(actor, (state) => state.matches("failed"));
    expect(actor.getSnapshot().context.loadError).toEqual(new Error("down"));
    fail = false;
    actor.send({ type: "board.retry" });
    await ready();
    expect(ids()).toEqual(["1:pending"]);
  });

  it("gives a waiting lesson to a teacher and says so; a refusal is kept for the screen", async () => {
    let refuse = false;
    const { actor, asked, ready } = start({
      board: async () => boardOf([card(1), card(2)]),
      assign: async () => {
        if (refuse) throw new Error("O professor já tem uma aula neste horário");
        return {};
      },
    });
    await ready();
    actor.send({ type: "teacher.assign", lessonId: 1, teacherId: 9 });
    await waitFor(actor, (state) => state.context.assigned !== null);
    expect(actor.getSnapshot().context.assigned).toEqual({ lessonId: 1, teacherId: 9 });
    refuse = true;
    actor.send({ type: "teacher.assign", lessonId: 2, teacherId: 9 });
    await waitFor(actor, (state) => state.context.assignError !== null);
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
    expect(asked).toEqual(["load 3", "assign 1 to 9", "assign 2 to 9"]);
  });
});
