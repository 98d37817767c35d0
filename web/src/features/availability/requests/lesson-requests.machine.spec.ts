import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../lib/api";
import { createManualFeed } from "../../../test/manual-feed";
import type { LessonRequestAnswer } from "../api/answer-lesson-request";
import { type LessonRequestItem, openRequestsOf } from "./lesson-request-item";
import { lessonRequestsMachine } from "./lesson-requests.machine";
import { requestedPush, requestView } from "./lesson-requests-fixtures";

const FIRST = requestView(1001, "2026-12-10T21:00:00.000Z", "2026-12-02T00:00:00.000Z");
const LATER = requestView(1002, "2026-12-09T21:00:00.000Z", "2026-12-02T06:00:00.000Z");
const ANSWERED = requestView(1003, "2026-12-08T21:00:00.000Z", "2026-12-01T06:00:00.000Z", "DECLINED");

const start = (
  options: {
    load?: () => Promise<LessonRequestItem[]>;
    answer?: (lessonId: number, answer: LessonRequestAnswer) => Promise<unknown>;
  } = {},
) => {
  const live = createManualFeed();
  const answers: [number, LessonRequestAnswer][] = [];
  const machine = lessonRequestsMachine.provide({
    actors: {
      load: fromPromise(() => (options.load ?? (async () => openRequestsOf([LATER, ANSWERED, FIRST])))()),
      answer: fromPromise<unknown, { lessonId: number; answer: LessonRequestAnswer }>(({ input }) => {
        answers.push([input.lessonId, input.answer]);
        return (options.answer ?? (async () => ({})))(input.lessonId, input.answer);
      }),
    },
  });
  const actor = createActor(machine, { input: { feed: live.feed } }).start();
  return { actor, live, answers };
};

const ids = (actor: ReturnType<typeof start>["actor"]) => actor.getSnapshot().context.requests.map((item) => item.id);

describe("the lesson requests machine", () => {
  it("lists the open requests only, the soonest to expire first", async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches("ready"));
    expect(ids(actor)).toEqual([1001, 1002]);
    expect(actor.getSnapshot().context.requests[0]).toMatchObject({
      student: { firstName: "Ana" },
      trail: { number: 1, title: "Small talk at work" },
      expiresAt: "2026-12-02T00:00:00.000Z",
    });
  });

  it("adds a pushed request in its place and drops a cancelled one", async () => {
    const { actor, live } = start();
    await waitFor(actor, (state) => state.matches("ready"));
    live.push("lesson:requested", requestedPush(1004, "2026-12-11T21:00:00.000Z", "2026-12-02T03:00:00.000Z"));
    expect(ids(actor)).toEqual([1001, 1004, 1002]);
    live.push("lesson:cancelled", { lessonId: 1001, refunded: true });
    expect(ids(actor)).toEqual([1004, 1002]);
  });

  it("keeps a request pushed while the list loads", async () => {
    let answer: (items: LessonRequestItem[]) => void = () => {};
    const { actor, live } = start({ load: () => new Promise((resolve) => (answer = resolve)) });
    live.push("lesson:requested", requestedPush(1004, "2026-12-11T21:00:00.000Z", "2026-12-02T03:00:00.000Z"));
    answer(openRequestsOf([FIRST]));
    await waitFor(actor, (state) => state.matches("ready"));
    expect(ids(actor)).toEqual([1001, 1004]);
  });

  it("reloads after a connection that came back without the missed pushes", async () => {
    let loads = 0;
    const { actor, live } = start({
      load: async () => {
        loads += 1;
        return openRequestsOf(loads === 1 ? [FIRST] : [LATER]);
      },
    });
    await waitFor(actor, (state) => state.matches("ready"));
    live.reconnect();
    await waitFor(actor, (state) => state.matches("ready") && state.context.requests[0]?.id === 1002);
    expect(loads).toBe(2);
  });

  it("accepts a request and takes it off the list with a notice", async () => {
    const { actor, answers } = start();
    await waitFor(actor, (state) => state.matches("ready"));
    actor.send({ type: "request.answer", lessonId: 1001, answer: "accept" });
    await waitFor(actor, (state) => state.matches({ ready: "idle" }) && state.context.answered !== null);
    expect(answers).toEqual([[1001, "accept"]]);
    expect(ids(actor)).toEqual([1002]);
    expect(actor.getSnapshot().context.answered).toMatchObject({ item: { id: 1001 }, answer: "accept" });
  });

  it("says a refused answer; a request no longer open leaves the list, another stays", async () => {
    const { actor } = start({
      answer: async (lessonId) => {
        throw lessonId === 1001
          ? new ApiError(409, "error.lessonRequest.expired")
          : new ApiError(500, "error.unexpected");
      },
    });
    await waitFor(actor, (state) => state.matches("ready"));
    actor.send({ type: "request.answer", lessonId: 1001, answer: "decline" });
    await waitFor(actor, (state) => state.context.answerError !== null);
    expect(ids(actor)).toEqual([1002]);

    actor.send({ type: "request.answer", lessonId: 1002, answer: "accept" });
    await waitFor(actor, (state) => (state.context.answerError as ApiError | null)?.status === 500);
    expect(ids(actor)).toEqual([1002]);
  });

  it("drops the requests whose time to answer ran out as time passes", async () => {
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const { actor } = start({
      load: async () =>
        openRequestsOf([
          requestView(1001, "2026-12-10T21:00:00.000Z", inMinutes(-1)),
          requestView(1002, "2026-12-10T21:00:00.000Z", inMinutes(60)),
        ]),
    });
    await waitFor(actor, (state) => state.matches("ready"));
    expect(ids(actor)).toEqual([1001, 1002]);
    actor.send({ type: "requests.tick" });
    expect(ids(actor)).toEqual([1002]);
  });

  it("says a failed load and loads again on retry", async () => {
    let loads = 0;
    const { actor } = start({
      load: async () => {
        loads += 1;
        if (loads === 1) throw new ApiError(500, "error.unexpected");
        return [];
      },
    });
    await waitFor(actor, (state) => state.matches("failed"));
    actor.send({ type: "requests.retry" });
    await waitFor(actor, (state) => state.matches("ready"));
    expect(ids(actor)).toEqual([]);
  });
});
