import type {
  PlacementAnswerBody,
  PlacementLatestView,
  PlacementResultView,
  PlacementTestView,
} from "@el/domain/placement/placement-views";
import { assign, fromPromise, setup } from "xstate";
import { answerPlacementQuestion, fetchLatestPlacement, startPlacementTest } from "./placement-api";

type Question = Extract<PlacementTestView, { status: "in-progress" }>;

export interface PlacementContext {
  /** What the student had when the page opened: the last result, the test open then. */
  latest: PlacementLatestView | null;
  /** The test on screen and its question. */
  test: Question | null;
  /** The option chosen for the question on screen (0–3), until it is sent. */
  choice: number | null;
  /** The result of the test just finished. */
  result: PlacementResultView | null;
  /** The last call that failed (shown where it happened; the step can be tried again). */
  error: unknown;
}

export type PlacementEvent =
  | { type: "test.started" }
  | { type: "option.chosen"; choice: number }
  | { type: "answer.sent" }
  | { type: "retried" };

/**
 * The level test's flow: what the student had (last result, a test open), starting or resuming a test,
 * one question at a time (an option chosen, then sent; a failed send is sent again, and the server records
 * an answer once), and the result after the last question. The calls are actors, replaced in the specs.
 */
export const placementMachine = setup({
  types: { context: {} as PlacementContext, events: {} as PlacementEvent },
  actors: {
    loadLatest: fromPromise(() => fetchLatestPlacement()),
    start: fromPromise(() => startPlacementTest()),
    answer: fromPromise(({ input }: { input: { testId: number; answer: PlacementAnswerBody } }) =>
      answerPlacementQuestion(input.testId, input.answer),
    ),
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
  },
}).createMachine({
  id: "placement",
  context: { latest: null, test: null, choice: null, result: null, error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadLatest",
        onDone: { target: "overview", actions: assign({ latest: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { retried: "loading" } },
    overview: { on: { "test.started": "starting" } },
    starting: {
      invoke: {
        src: "start",
        onDone: [
          {
            guard: ({ event }) => event.output.status === "in-progress",
            target: "asking",
            actions: assign({ test: ({ event }) => event.output as Question, choice: null, error: null }),
          },
          {
            target: "finished",
            actions: assign({
              result: ({ event }) => (event.output.status === "completed" ? event.output.result : null),
              error: null,
            }),
          },
        ],
        // Refused (a retake too soon) or not sent: the overview says why, and may start again.
        onError: { target: "overview", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    asking: {
      on: {
        "option.chosen": { actions: assign({ choice: ({ event }) => event.choice }) },
        "answer.sent": { guard: "hasChoice", target: "answering" },
      },
    },
    answering: {
      invoke: {
        src: "answer",
        input: ({ context }) => ({
          testId: context.test?.id ?? 0,
          answer: { questionId: context.test?.question.id ?? "", choice: context.choice ?? 0 },
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === "in-progress",
            target: "asking",
            actions: assign({ test: ({ event }) => event.output as Question, choice: null, error: null }),
          },
          {
            target: "finished",
            actions: assign({
              result: ({ event }) => (event.output.status === "completed" ? event.output.result : null),
              error: null,
            }),
          },
        ],
        // The choice stays: sending again is safe (the server keeps the first answer it records).
        onError: { target: "asking", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    finished: { type: "final" },
  },
});
