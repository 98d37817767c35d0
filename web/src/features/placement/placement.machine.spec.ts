import type { PlacementLatestView, PlacementTestView } from "@el/domain/placement/placement-views";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../lib/api";
import { placementMachine } from "./placement.machine";
import { completed, questionView, RESULT, TEST_ID } from "./test-server";

interface Calls {
  answers: { testId: number; answer: { questionId: string; choice: number } }[];
  starts: number;
}

/** The machine with its calls answered in memory: `answers` answer the sends in order (an Error: it failed). */
const run = (options: {
  latest?: PlacementLatestView | Error;
  start?: PlacementTestView | Error;
  answers?: (PlacementTestView | Error)[];
}) => {
  const calls: Calls = { answers: [], starts: 0 };
  const answers = [...(options.answers ?? [])];
  const actor = createActor(
    placementMachine.provide({
      actors: {
        loadLatest: fromPromise(async () => {
          const latest = options.latest ?? { result: null, inProgress: null };
          if (latest instanceof Error) throw latest;
          return latest;
        }),
        start: fromPromise(async () => {
          calls.starts += 1;
          const started = options.start ?? questionView("b2-03", 1);
          if (started instanceof Error) throw started;
          return started;
        }),
        answer: fromPromise(async ({ input }) => {
          calls.answers.push(input);
          const next = answers.shift();
          if (!next || next instanceof Error) throw next ?? new Error("no answer prepared");
          return next;
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
};

type State = "loading" | "failed" | "overview" | "starting" | "asking" | "answering" | "finished";
const settled = (actor: ReturnType<typeof run>["actor"], state: State) =>
  waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });

describe("the level test's flow", () => {
  it("shows what the student had, starts, sends one chosen option per question, and ends with the result", async () => {
    const { actor, calls } = run({ answers: [questionView("b3-12", 2), completed()] });
    await settled(actor, "overview");
    actor.send({ type: "test.started" });
    await settled(actor, "asking");
    expect(actor.getSnapshot().context.test?.question).toMatchObject({ id: "b2-03", number: 1 });

    actor.send({ type: "answer.sent" });
    expect(actor.getSnapshot().value).toBe("asking");
    actor.send({ type: "option.chosen", choice: 1 });
    actor.send({ type: "option.chosen", choice: 2 });
    actor.send({ type: "answer.sent" });
    await settled(actor, "asking");
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, test: { question: { id: "b3-12", number: 2 } } });

    actor.send({ type: "option.chosen", choice: 0 });
    actor.send({ type: "answer.sent" });
    await settled(actor, "finished");
    expect(actor.getSnapshot().context.result).toEqual(RESULT);
    expect(calls.answers).toEqual([
      { testId: TEST_ID, answer: { questionId: "b2-03", choice: 2 } },
      { testId: TEST_ID, answer: { questionId: "b3-12", choice: 0 } },
    ]);
    expect(calls.starts).toBe(1);
  });

  it("keeps the question and the choice when an answer could not be sent, and sends the same answer again", async () => {
    const { actor, calls } = run({
      answers: [new ApiError(0, "error.server.not.reachable"), questionView("b3-12", 2)],
    });
    await settled(actor, "overview");
    actor.send({ type: "test.started" });
    await settled(actor, "asking");
    actor.send({ type: "option.chosen", choice: 3 });
    actor.send({ type: "answer.sent" });
    await waitFor(actor, (snapshot) => snapshot.matches("asking") && snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ choice: 3, test: { question: { id: "b2-03" } } });

    actor.send({ type: "answer.sent" });
    await waitFor(actor, (snapshot) => snapshot.context.test?.question.id === "b3-12");
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.answers.map((call) => call.answer)).toEqual([
      { questionId: "b2-03", choice: 3 },
      { questionId: "b2-03", choice: 3 },
    ]);
  });

  it("goes back to the overview with the refusal when a retake is too soon", async () => {
    const refusal = new ApiError(409, "placement.error.retakeTooSoon", [], { retakeAt: RESULT.retakeAt });
    const { actor } = run({ latest: { result: RESULT, inProgress: null }, start: refusal });
    await settled(actor, "overview");
    expect(actor.getSnapshot().context.latest?.result).toEqual(RESULT);
    actor.send({ type: "test.started" });
    await waitFor(actor, (snapshot) => snapshot.matches("overview") && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(refusal);
  });

  it("says when what the student had could not be read, and reads it again on request", async () => {
    let fail = true;
    const actor = createActor(
      placementMachine.provide({
        actors: {
          loadLatest: fromPromise(async (): Promise<PlacementLatestView> => {
            if (fail) throw new ApiError(503, "error.http.503");
            return { result: null, inProgress: { id: TEST_ID, answered: 4 } };
          }),
        },
      }),
    );
    actor.start();
    await settled(actor, "failed");
    fail = false;
    actor.send({ type: "retried" });
    await settled(actor, "overview");
    expect(actor.getSnapshot().context.latest?.inProgress).toEqual({ id: TEST_ID, answered: 4 });
  });
});
