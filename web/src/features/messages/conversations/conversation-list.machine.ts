import type { ConversationSummary, MessageSent } from "@el/domain/messages/message-contracts";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { LiveFeed } from "../../../lib/socket";
import { getConversations } from "../api/get-conversations";

export type ConversationListEvent =
  | { type: "list.retry" }
  | { type: "list.resync" }
  | { type: "message.arrived"; conversationId: number; message: MessageSent }
  | { type: "conversation.opened"; conversationId: number };

interface ConversationListContext {
  me: number;
  feed: LiveFeed | null;
  conversations: ConversationSummary[];
  /** The conversation on screen: the view reads its messages, so the list counts none of them unread. */
  openId: number | null;
  loadError: unknown;
}

const readOpen = (conversations: ConversationSummary[], openId: number | null) =>
  conversations.map((one) => (one.id === openId ? { ...one, unread: 0 } : one));

/** The conversation moves to the top with its new last message, unread unless it is the one on screen. */
const withArrived = (
  { conversations, me, openId }: ConversationListContext,
  event: { conversationId: number; message: MessageSent },
) => {
  const conversation = conversations.find((one) => one.id === event.conversationId);
  if (!conversation || conversation.lastMessage?.id === event.message.id) return conversations;
  const unread =
    event.message.from !== me && event.conversationId !== openId ? conversation.unread + 1 : conversation.unread;
  return [
    { ...conversation, lastMessage: event.message, unread },
    ...conversations.filter((one) => one.id !== event.conversationId),
  ];
};

const isListed = (conversations: ConversationSummary[], conversationId: number) =>
  conversations.some((one) => one.id === conversationId);

/**
 * The person's conversations, the most recent first, kept live: a new message moves its conversation up and
 * counts as unread unless it is on screen; a message in a conversation not listed yet (the other party
 * just wrote first) reads the list again, as does a dropped connection.
 */
export const conversationListMachine = setup({
  types: {
    context: {} as ConversationListContext,
    input: {} as { me: number; feed: LiveFeed | null },
    events: {} as ConversationListEvent,
  },
  actors: {
    load: fromPromise(() => getConversations()),
    watch: fromCallback<ConversationListEvent, { feed: LiveFeed | null }>(({ input, sendBack }) => {
      if (!input.feed) return;
      const stops = [
        input.feed.subscribe("message:new", ({ conversationId, message }) =>
          sendBack({ type: "message.arrived", conversationId, message }),
        ),
        input.feed.onReconnect(() => sendBack({ type: "list.resync" })),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    }),
  },
}).createMachine({
  id: "conversationList",
  context: ({ input }) => ({ ...input, conversations: [], openId: null, loadError: null }),
  invoke: { src: "watch", input: ({ context }) => ({ feed: context.feed }) },
  on: {
    "conversation.opened": {
      actions: assign({
        openId: ({ event }) => event.conversationId,
        conversations: ({ context, event }) => readOpen(context.conversations, event.conversationId),
      }),
    },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: {
          target: "ready",
          actions: assign({
            conversations: ({ context, event }) => readOpen(event.output, context.openId),
            loadError: null,
          }),
        },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "list.retry": "loading" } },
    ready: {
      on: {
        "message.arrived": [
          { guard: ({ context, event }) => !isListed(context.conversations, event.conversationId), target: "loading" },
          {
            actions: assign({
              conversations: ({ context, event }) => withArrived(context, event),
            }),
          },
        ],
        "list.resync": "loading",
      },
    },
  },
});
