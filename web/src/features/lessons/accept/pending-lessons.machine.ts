import type { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import { ApiError } from "../../../lib/api";
import type { LiveFeed } from "../../../lib/socket";
import { claimLesson, fetchPendingLessons } from "./pending-lessons-api";

type BoardPush =
  | { type: "board.lessonPending"; lesson: PendingLessonView }
  | { type: "board.lessonGone"; lessonId: number };

export type BoardEvent =
  | BoardPush
  | { type: "board.resync" }
  | { type: "board.retry" }
  | { type: "lesson.claim"; lessonId: number }
  | { type: "notice.dismissed" };

interface BoardContext {
  feed: LiveFeed | null;
  lessons: PendingLessonView[];
  /**
   * Pushes received while the board loads, replayed onto the loaded list: the server may have read it
   * before or after them, so applying them to the old list would lose them when the new one lands.
   */
  pushedWhileLoading: BoardPush[];
  loadError: unknown;
  /** The lesson being claimed, kept aside: the claim's own push may take it off the list first. */
  claiming: PendingLessonView | null;
  /** The lesson this teacher just claimed, for the success notice. */
  claimed: PendingLessonView | null;
  claimError: unknown;
}

const withLesson = (lessons: PendingLessonView[], lesson: PendingLessonView) =>
  [...lessons.filter((known) => known.id !== lesson.id), lesson].sort(
    (a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id,
  );
const withoutLesson = (lessons: PendingLessonView[], lessonId: number) =>
  lessons.filter((known) => known.id !== lessonId);
const afterPush = (lessons: PendingLessonView[], push: BoardPush) =>
  push.type === "board.lessonPending" ? withLesson(lessons, push.lesson) : withoutLesson(lessons, push.lessonId);
/** Another teacher got there first, or the lesson was cancelled: either way it is no longer to be had. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The teachers' "Aceitar aulas" board: the pending lessons, kept live by the socket (a scheduled lesson
 * appears, a lesson claimed by anyone or cancelled vanishes), and this teacher's claims. After a dropped
 * connection the board reloads, since pushes sent meanwhile are gone; a claim refused as too late takes
 * the lesson off the board too.
 */
export const pendingLessonsMachine = setup({
  types: { context: {} as BoardContext, input: {} as { feed: LiveFeed | null }, events: {} as BoardEvent },
  actors: {
    loadPending: fromPromise(() => fetchPendingLessons()),
    claim: fromPromise<unknown, { lessonId: number }>(({ input }) => claimLesson(input.lessonId)),
    watchBoard: fromCallback<BoardEvent, { feed: LiveFeed | null }>(({ input, sendBack }) => {
      const feed = input.feed;
      if (!feed) return;
      const stops = [
        feed.subscribe("lesson:pending", (push) => sendBack({ type: "board.lessonPending", lesson: push.lesson })),
        feed.subscribe("lesson:claimed", (push) => sendBack({ type: "board.lessonGone", lessonId: push.lessonId })),
        feed.subscribe("lesson:cancelled", (push) => sendBack({ type: "board.lessonGone", lessonId: push.lessonId })),
        feed.onReconnect(() => sendBack({ type: "board.resync" })),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    }),
  },
}).createMachine({
  id: "pendingLessons",
  context: ({ input }) => ({
    feed: input.feed,
    lessons: [],
    pushedWhileLoading: [],
    loadError: null,
    claiming: null,
    claimed: null,
    claimError: null,
  }),
  invoke: { src: "watchBoard", input: ({ context }) => ({ feed: context.feed }) },
  on: {
    "board.lessonPending": { actions: assign({ lessons: ({ context, event }) => afterPush(context.lessons, event) }) },
    "board.lessonGone": { actions: assign({ lessons: ({ context, event }) => afterPush(context.lessons, event) }) },
    "board.resync": ".loading",
    "notice.dismissed": { actions: assign({ claimed: null, claimError: null }) },
  },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ pushedWhileLoading: [] }),
      on: {
        "board.lessonPending": {
          actions: assign({ pushedWhileLoading: ({ context, event }) => [...context.pushedWhileLoading, event] }),
        },
        "board.lessonGone": {
          actions: assign({ pushedWhileLoading: ({ context, event }) => [...context.pushedWhileLoading, event] }),
        },
      },
      invoke: {
        src: "loadPending",
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            lessons: context.pushedWhileLoading.reduce(afterPush, event.output),
            pushedWhileLoading: [],
            loadError: null,
          })),
        },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "board.retry": "loading" } },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "lesson.claim": {
              target: "claiming",
              actions: assign({
                claiming: ({ context, event }) =>
                  context.lessons.find((lesson) => lesson.id === event.lessonId) ?? null,
                claimed: null,
                claimError: null,
              }),
            },
          },
        },
        claiming: {
          invoke: {
            src: "claim",
            input: ({ event }) => ({ lessonId: (event as Extract<BoardEvent, { type: "lesson.claim" }>).lessonId }),
            onDone: {
              target: "idle",
              actions: assign(({ context }) => ({
                claimed: context.claiming,
                claiming: null,
                lessons: context.claiming ? withoutLesson(context.lessons, context.claiming.id) : context.lessons,
              })),
            },
            onError: {
              target: "idle",
              actions: assign(({ context, event }) => ({
                claiming: null,
                claimError: event.error,
                lessons:
                  context.claiming && isGone(event.error)
                    ? withoutLesson(context.lessons, context.claiming.id)
                    : context.lessons,
              })),
            },
          },
        },
      },
    },
  },
});
