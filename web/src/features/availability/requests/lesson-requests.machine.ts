import { assign, fromCallback, fromPromise, setup } from "xstate";
import { ApiError } from "../../../lib/api";
import type { LiveFeed } from "../../../lib/socket";
import { answerLessonRequest, type LessonRequestAnswer } from "../api/answer-lesson-request";
import { fetchLessonRequests } from "../api/get-lesson-requests";
import { type LessonRequestItem, openRequestsOf, withoutRequest, withRequest } from "./lesson-request-item";

type RequestPush = { type: "request.pushed"; item: LessonRequestItem } | { type: "request.gone"; lessonId: number };

export type LessonRequestsEvent =
  | RequestPush
  | { type: "requests.resync" }
  | { type: "requests.retry" }
  /** Time passed: requests whose time to answer is over leave the list (the server sends no push for it). */
  | { type: "requests.tick" }
  | { type: "request.answer"; lessonId: number; answer: LessonRequestAnswer };

interface LessonRequestsContext {
  feed: LiveFeed | null;
  requests: LessonRequestItem[];
  /** Pushes received while the list loads, replayed onto it: the server may have read it before them. */
  pushedWhileLoading: RequestPush[];
  loadError: unknown;
  /** The request being answered, kept aside: a push may take it off the list first. */
  answering: { item: LessonRequestItem; answer: LessonRequestAnswer } | null;
  /** The last answer that went through, for the notice. */
  answered: { item: LessonRequestItem; answer: LessonRequestAnswer } | null;
  answerError: unknown;
}

const afterPush = (requests: LessonRequestItem[], push: RequestPush) =>
  push.type === "request.pushed" ? withRequest(requests, push.item) : withoutRequest(requests, push.lessonId);

/** How often the list drops the requests whose time to answer ran out. */
export const EXPIRY_CHECK_MS = 30_000;

const stillOpen = (requests: LessonRequestItem[], now: number) =>
  requests.filter((item) => Date.parse(item.expiresAt) > now);

/** Answered already, expired or cancelled meanwhile: either way it is no longer the teacher's to answer. */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * "Solicitadas para você": the lessons students asked of this teacher alone, kept live (a new request
 * appears, a cancelled one vanishes), with the teacher's accept or decline. After a dropped connection
 * the list reloads, since pushes sent meanwhile are gone.
 */
export const lessonRequestsMachine = setup({
  types: {
    context: {} as LessonRequestsContext,
    input: {} as { feed: LiveFeed | null },
    events: {} as LessonRequestsEvent,
  },
  actors: {
    load: fromPromise(async () => openRequestsOf(await fetchLessonRequests())),
    answer: fromPromise<unknown, { lessonId: number; answer: LessonRequestAnswer }>(({ input }) =>
      answerLessonRequest(input.lessonId, input.answer),
    ),
    watch: fromCallback<LessonRequestsEvent, { feed: LiveFeed | null }>(({ input, sendBack }) => {
      const feed = input.feed;
      if (!feed) return;
      const stops = [
        feed.subscribe("lesson:requested", ({ lesson, expiresAt }) =>
          sendBack({ type: "request.pushed", item: { ...lesson, expiresAt } }),
        ),
        feed.subscribe("lesson:cancelled", ({ lessonId }) => sendBack({ type: "request.gone", lessonId })),
        feed.onReconnect(() => sendBack({ type: "requests.resync" })),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    }),
    clock: fromCallback<LessonRequestsEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "requests.tick" }), EXPIRY_CHECK_MS);
      return () => clearInterval(timer);
    }),
  },
}).createMachine({
  id: "lessonRequests",
  context: ({ input }) => ({
    feed: input.feed,
    requests: [],
    pushedWhileLoading: [],
    loadError: null,
    answering: null,
    answered: null,
    answerError: null,
  }),
  invoke: [{ src: "watch", input: ({ context }) => ({ feed: context.feed }) }, { src: "clock" }],
  on: {
    "request.pushed": { actions: assign({ requests: ({ context, event }) => afterPush(context.requests, event) }) },
    "request.gone": { actions: assign({ requests: ({ context, event }) => afterPush(context.requests, event) }) },
    "requests.resync": ".loading",
    "requests.tick": { actions: assign({ requests: ({ context }) => stillOpen(context.requests, Date.now()) }) },
  },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ pushedWhileLoading: [] }),
      on: {
        "request.pushed": {
          actions: assign({ pushedWhileLoading: ({ context, event }) => [...context.pushedWhileLoading, event] }),
        },
        "request.gone": {
          actions: assign({ pushedWhileLoading: ({ context, event }) => [...context.pushedWhileLoading, event] }),
        },
      },
      invoke: {
        src: "load",
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            requests: context.pushedWhileLoading.reduce(afterPush, event.output),
            pushedWhileLoading: [],
            loadError: null,
          })),
        },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "requests.retry": "loading" } },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "request.answer": {
              guard: ({ context, event }) => context.requests.some((item) => item.id === event.lessonId),
              target: "answering",
              actions: assign(({ context, event }) => ({
                answering: {
                  item: context.requests.find((item) => item.id === event.lessonId) as LessonRequestItem,
                  answer: event.answer,
                },
                answered: null,
                answerError: null,
              })),
            },
          },
        },
        answering: {
          invoke: {
            src: "answer",
            input: ({ context }) => ({
              lessonId: context.answering?.item.id ?? 0,
              answer: context.answering?.answer ?? "decline",
            }),
            onDone: {
              target: "idle",
              actions: assign(({ context }) => ({
                answered: context.answering,
                answering: null,
                requests: context.answering
                  ? withoutRequest(context.requests, context.answering.item.id)
                  : context.requests,
              })),
            },
            onError: {
              target: "idle",
              actions: assign(({ context, event }) => ({
                answering: null,
                answerError: event.error,
                requests:
                  context.answering && isGone(event.error)
                    ? withoutRequest(context.requests, context.answering.item.id)
                    : context.requests,
              })),
            },
          },
        },
      },
    },
  },
});
