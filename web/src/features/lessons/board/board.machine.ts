import { type BoardCard, type BoardChanged, type BoardView, isOnBoard } from "@el/domain/lessons/board-view";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { LiveFeed } from "../../../lib/socket";
import { assignTeacher, fetchBoard } from "../api/board-api";

type BoardPush = { type: "board.changed" } & BoardChanged;

export type BoardEvent =
  | BoardPush
  | { type: "board.resync" }
  | { type: "board.retry" }
  | { type: "days.changed"; days: number }
  | { type: "teacher.assign"; lessonId: number; teacherId: number }
  | { type: "notice.dismissed" };

export interface BoardContext {
  feed: LiveFeed | null;
  days: number;
  /** The board's days as the server answered them: `from` inclusive, `to` exclusive. */
  span: Pick<BoardView, "from" | "to"> | null;
  /** Every card on the board; the screen puts them in columns at its own clock. */
  cards: BoardCard[];
  /**
   * Pushes received while the board loads, replayed onto the loaded board: the server may have read it
   * before or after them, and a card's push carries the whole card, so replaying one already seen is harmless.
   */
  pushedWhileLoading: BoardPush[];
  loadError: unknown;
  /** The lesson being given to a teacher. */
  assigning: { lessonId: number; teacherId: number } | null;
  /** The lesson just given, for the success notice. */
  assigned: { lessonId: number; teacherId: number } | null;
  assignError: unknown;
}

const cardsOf = (board: BoardView) => Object.values(board.columns).flat();

/** The push's card replaces the lesson's, or takes it off when it is gone or no longer on the board's days. */
export const afterPush = (cards: BoardCard[], span: BoardContext["span"], push: BoardChanged) => {
  const others = cards.filter((card) => card.id !== push.lessonId);
  return push.card && span && isOnBoard(push.card, span) ? [...others, push.card] : others;
};

/**
 * The live lesson board: loads the days asked for, then keeps them by `board:changed` (one card each).
 * After a dropped connection it reloads, since pushes sent meanwhile are gone; pushes that arrive while
 * it loads are replayed onto what the load answers. An administrator may give a waiting lesson to a teacher.
 */
export const boardMachine = setup({
  types: {
    context: {} as BoardContext,
    input: {} as { feed: LiveFeed | null; days: number },
    events: {} as BoardEvent,
  },
  actors: {
    loadBoard: fromPromise<BoardView, { days: number }>(({ input }) => fetchBoard(input.days)),
    assign: fromPromise<unknown, { lessonId: number; teacherId: number }>(({ input }) =>
      assignTeacher(input.lessonId, input.teacherId),
    ),
    watchBoard: fromCallback<BoardEvent, { feed: LiveFeed | null }>(({ input, sendBack }) => {
      const feed = input.feed;
      if (!feed) return;
      const stops = [
        feed.subscribe("board:changed", (push) => sendBack({ type: "board.changed", ...push })),
        feed.onReconnect(() => sendBack({ type: "board.resync" })),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    }),
  },
}).createMachine({
  id: "lessonBoard",
  context: ({ input }) => ({
    feed: input.feed,
    days: input.days,
    span: null,
    cards: [],
    pushedWhileLoading: [],
    loadError: null,
    assigning: null,
    assigned: null,
    assignError: null,
  }),
  invoke: { src: "watchBoard", input: ({ context }) => ({ feed: context.feed }) },
  on: {
    "board.changed": {
      actions: assign({ cards: ({ context, event }) => afterPush(context.cards, context.span, event) }),
    },
    "board.resync": ".loading",
    "days.changed": { target: ".loading", actions: assign({ days: ({ event }) => event.days, assigning: null }) },
    "notice.dismissed": { actions: assign({ assigned: null, assignError: null }) },
  },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ pushedWhileLoading: [] }),
      on: {
        "board.changed": {
          actions: assign({ pushedWhileLoading: ({ context, event }) => [...context.pushedWhileLoading, event] }),
        },
      },
      invoke: {
        src: "loadBoard",
        input: ({ context }) => ({ days: context.days }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => {
            const span = { from: event.output.from, to: event.output.to };
            return {
              span,
              cards: context.pushedWhileLoading.reduce(
                (cards, push) => afterPush(cards, span, push),
                cardsOf(event.output),
              ),
              pushedWhileLoading: [],
              loadError: null,
            };
          }),
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
            "teacher.assign": {
              target: "assigning",
              actions: assign({
                assigning: ({ event }) => ({ lessonId: event.lessonId, teacherId: event.teacherId }),
                assigned: null,
                assignError: null,
              }),
            },
          },
        },
        assigning: {
          invoke: {
            src: "assign",
            input: ({ context }) => context.assigning ?? { lessonId: 0, teacherId: 0 },
            onDone: {
              target: "idle",
              actions: assign(({ context }) => ({ assigned: context.assigning, assigning: null })),
            },
            onError: {
              target: "idle",
              actions: assign({ assigning: null, assignError: ({ event }) => event.error }),
            },
          },
        },
      },
    },
  },
});
