import type { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../lib/api";
import { createManualFeed } from "../../../test/manual-feed";
import { pendingLessonsMachine } from "./pending-lessons.machine";

const lesson = (id: number, date: string): PendingLessonView => ({
  id,
  date,
  objective: "PROFESSIONAL",
  level: { id: 2, name: "Intermediário" },
  trail: { id: 21, number: 1, title: "Small talk at work" },
  student: { id: 5, firstName: "Ana", lastName: "Souza" },
});

const FIRST = lesson(1001, "2026-03-12T22:30:00.000Z");
const SECOND = lesson(1002, "2026-03-13T12:00:00.000Z");

const start = (
  options: {
    loaded?: PendingLessonView[];
    load?: () => Promise<PendingLessonView[]>;
    claim?: (id: number) => Promise<unknown>;
  } = {},
) => {
  const live = createManualFeed();
  const loads: number[] = [];
  const machine = pendingLessonsMachine.provide({
    actors: {
      loadPending: fromPromise(async () => {
        loads.push(Date.now());
        return options.load ? options.load() : (options.loaded ?? [FIRST]);
      }),
      claim: fromPromise<unknown, { lessonId: number }>(({ input }) =>
        (options.claim ?? (async (id) => ({ id, meetUrl: "https://meet.jit.si/x" })))(input.lessonId),
      ),
    },
  });
  const actor = createActor(machine, { input: { feed: live.feed } }).start();
  return { actor, live, loads };
};

const ids = (lessons: PendingLessonView[]) => lessons.map((pending) => pending.id);

/** A board load the test answers when it chooses, to push while the request is on its way. */
const slowLoad = () => {
  let answer: (lessons: PendingLessonView[]) => void = () => {};
  const load = () =>
    new Promise<PendingLessonView[]>((resolve) => {
      answer = resolve;
    });
  return { load, answer: (lessons: PendingLessonView[]) => answer(lessons) };
};

describe("the teachers' board of lessons to accept", () => {
  it("loads the pending lessons, then adds a newly scheduled one in date order without reloading", async () => {
    const { actor, live, loads } = start({ loaded: [SECOND] });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    live.push("lesson:pending", { lesson: FIRST });
    expect(ids(actor.getSnapshot().context.lessons)).toEqual([1001, 1002]);
    // The same push twice (a retry after reconnection) does not list the lesson twice.
    live.push("lesson:pending", { lesson: FIRST });
    expect(ids(actor.getSnapshot().context.lessons)).toEqual([1001, 1002]);
    expect(loads).toHaveLength(1);
  });

  it("drops a lesson the moment another teacher claims it, or it is cancelled", async () => {
    const { actor, live } = start({ loaded: [FIRST, SECOND] });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    live.push("lesson:claimed", { lessonId: 1001, teacherId: 8 });
    expect(ids(actor.getSnapshot().context.lessons)).toEqual([1002]);
    live.push("lesson:cancelled", { lessonId: 1002, refunded: true });
    expect(ids(actor.getSnapshot().context.lessons)).toEqual([]);
  });

  it("claims a lesson: it leaves the board and the teacher is told which one they got", async () => {
    const { actor, live } = start({
      loaded: [FIRST, SECOND],
      claim: async (id) => {
        // The claim's own push usually arrives before the HTTP answer.
        live.push("lesson:claimed", { lessonId: id, teacherId: 7 });
        return { id, meetUrl: "https://meet.jit.si/x" };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "lesson.claim", lessonId: 1001 });
    expect(actor.getSnapshot().matches({ ready: "claiming" })).toBe(true);
    const done = await waitFor(actor, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(ids(done.context.lessons)).toEqual([1002]);
    expect(done.context.claimed?.id).toBe(1001);
    expect(done.context.claimError).toBeNull();
  });

  it("tells the teacher when another teacher was faster, and takes that lesson off the board", async () => {
    const taken = new ApiError(409, "error.lesson.alreadyClaimed");
    const { actor } = start({ loaded: [FIRST, SECOND], claim: async () => Promise.reject(taken) });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "lesson.claim", lessonId: 1001 });
    const done = await waitFor(actor, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(done.context.claimError).toBe(taken);
    expect(done.context.claimed).toBeNull();
    expect(ids(done.context.lessons)).toEqual([1002]);
  });

  it("keeps the lesson on the board when the claim did not reach the server, so the teacher can try again", async () => {
    const unreachable = new ApiError(0, "error.server.not.reachable");
    const { actor } = start({ loaded: [FIRST, SECOND], claim: async () => Promise.reject(unreachable) });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "lesson.claim", lessonId: 1001 });
    const done = await waitFor(actor, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(done.context.claimError).toBe(unreachable);
    expect(ids(done.context.lessons)).toEqual([1001, 1002]);
  });

  it("keeps a lesson scheduled while the board was loading, listed once if the load already had it", async () => {
    const slow = slowLoad();
    const { actor, live } = start({ load: slow.load });
    live.push("lesson:pending", { lesson: SECOND });
    live.push("lesson:pending", { lesson: FIRST });
    slow.answer([FIRST]);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(ids(ready.context.lessons)).toEqual([1001, 1002]);
  });

  it("does not bring back a lesson claimed while the board was reloading after a reconnect", async () => {
    const slow = slowLoad();
    const { actor, live } = start({ load: slow.load });
    slow.answer([FIRST, SECOND]);
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    live.reconnect();
    // The server read the board before the claim, so the answer still lists the claimed lesson.
    live.push("lesson:claimed", { lessonId: 1001, teacherId: 8 });
    slow.answer([FIRST, SECOND]);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(ids(ready.context.lessons)).toEqual([1002]);
  });

  it("reloads the board after the connection came back", async () => {
    const { actor, live, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    live.reconnect();
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(loads).toHaveLength(2);
  });

  it("offers a retry when the board cannot be loaded", async () => {
    let attempts = 0;
    const machine = pendingLessonsMachine.provide({
      actors: {
        loadPending: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw new ApiError(0, "error.server.not.reachable");
          return [FIRST];
        }),
      },
    });
    const actor = createActor(machine, { input: { feed: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("failed"));
    actor.send({ type: "board.retry" });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(ids(ready.context.lessons)).toEqual([1001]);
  });
});
