import { MESSAGE_TEXT_MAX } from "@el/domain/messages/message-contracts";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { LiveFeed } from "../../../lib/socket";
import { getMessages } from "../api/get-messages";
import { markRead } from "../api/mark-read";
import { sendMessage } from "../api/send-message";
import { messagesTab } from "../unread/messages-tab";
import {
  asHistoryMessage,
  deliveredToPeer,
  type HistoryMessage,
  latestFromPeer,
  mergeMessages,
  readByPeer,
} from "./message-history";

export type ConversationEvent =
  | { type: "history.retry" }
  | { type: "history.older" }
  | { type: "history.resync" }
  | { type: "message.arrived"; message: HistoryMessage }
  | { type: "message.readByPeer"; upTo: number; at: string }
  | { type: "message.deliveredToPeer"; upTo: number; at: string }
  | { type: "draft.changed"; text: string }
  | { type: "draft.send" }
  | { type: "tab.visible" };

interface ConversationContext {
  conversationId: number;
  me: number;
  feed: LiveFeed | null;
  messages: HistoryMessage[];
  hasOlder: boolean;
  loadError: unknown;
  olderError: unknown;
  draft: string;
  sendError: unknown;
  /** The newest message of the other party this view said was read (so it says it once). */
  readUpTo: number;
}

export interface ConversationInput {
  conversationId: number;
  me: number;
  feed: LiveFeed | null;
}

const sendable = (draft: string) => draft.trim().length > 0 && draft.length <= MESSAGE_TEXT_MAX;

/**
 * One conversation: its history, newest page first and older pages on request; new messages live from
 * `message:new` (the other party's, and the person's own from their other tabs); the other party's app
 * receiving them live from `message:delivered`, and their reads from `message:read`; the composer's draft and
 * its sending. The other party's messages are marked
 * read as they are shown while the tab is visible. After a dropped connection the newest page is read again.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    input: {} as ConversationInput,
    events: {} as ConversationEvent,
  },
  actors: {
    loadNewest: fromPromise(({ input }: { input: { conversationId: number } }) => getMessages(input.conversationId)),
    loadOlder: fromPromise(({ input }: { input: { conversationId: number; before: number } }) =>
      getMessages(input.conversationId, input.before),
    ),
    send: fromPromise(({ input }: { input: { conversationId: number; text: string } }) =>
      sendMessage(input.conversationId, input.text),
    ),
    markRead: fromPromise(async ({ input }: { input: { conversationId: number; upTo: number } }) => {
      const unread = await markRead(input.conversationId, input.upTo);
      if (unread !== undefined) messagesTab.setUnread(unread);
    }),
    watch: fromCallback<ConversationEvent, ConversationInput>(({ input, sendBack }) => {
      const { feed, conversationId } = input;
      const onVisible = () => {
        if (document.visibilityState === "visible") sendBack({ type: "tab.visible" });
      };
      document.addEventListener("visibilitychange", onVisible);
      const stops = feed
        ? [
            feed.subscribe("message:new", (push) => {
              if (push.conversationId === conversationId)
                sendBack({ type: "message.arrived", message: asHistoryMessage(push.message) });
            }),
            feed.subscribe("message:delivered", (push) => {
              if (push.conversationId === conversationId && push.to !== input.me)
                sendBack({ type: "message.deliveredToPeer", upTo: push.upTo, at: new Date().toISOString() });
            }),
            feed.subscribe("message:read", (push) => {
              if (push.conversationId === conversationId && push.by !== input.me)
                sendBack({ type: "message.readByPeer", upTo: push.upTo, at: new Date().toISOString() });
            }),
            feed.onReconnect(() => sendBack({ type: "history.resync" })),
          ]
        : [];
      return () => {
        document.removeEventListener("visibilitychange", onVisible);
        for (const stop of stops) stop();
      };
    }),
  },
  guards: {
    unreadShown: ({ context }) =>
      document.visibilityState === "visible" && latestFromPeer(context.messages, context.me) > context.readUpTo,
  },
}).createMachine({
  id: "conversation",
  context: ({ input }) => ({
    ...input,
    messages: [],
    hasOlder: false,
    loadError: null,
    olderError: null,
    draft: "",
    sendError: null,
    readUpTo: 0,
  }),
  invoke: { src: "watch", input: ({ context }) => ({ ...context }) },
  on: {
    "message.arrived": {
      actions: assign({ messages: ({ context, event }) => mergeMessages(context.messages, [event.message]) }),
    },
    "message.readByPeer": {
      actions: assign({
        messages: ({ context, event }) => readByPeer(context.messages, context.me, event.upTo, event.at),
      }),
    },
    "message.deliveredToPeer": {
      actions: assign({
        messages: ({ context, event }) => deliveredToPeer(context.messages, context.me, event.upTo, event.at),
      }),
    },
    "draft.changed": { actions: assign({ draft: ({ event }) => event.text, sendError: null }) },
    "tab.visible": {},
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadNewest",
        input: ({ context }) => ({ conversationId: context.conversationId }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            messages: mergeMessages(context.messages, event.output.messages),
            hasOlder: event.output.hasOlder,
            loadError: null,
          })),
        },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "history.retry": "loading" } },
    ready: {
      type: "parallel",
      states: {
        history: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "history.older": { guard: ({ context }) => context.hasOlder, target: "older" },
                "history.resync": "resyncing",
              },
            },
            older: {
              entry: assign({ olderError: null }),
              invoke: {
                src: "loadOlder",
                input: ({ context }) => ({
                  conversationId: context.conversationId,
                  before: context.messages[0]?.id ?? 0,
                }),
                onDone: {
                  target: "idle",
                  actions: assign(({ context, event }) => ({
                    messages: mergeMessages(context.messages, event.output.messages),
                    hasOlder: event.output.hasOlder,
                  })),
                },
                onError: { target: "idle", actions: assign({ olderError: ({ event }) => event.error }) },
              },
            },
            resyncing: {
              invoke: {
                src: "loadNewest",
                input: ({ context }) => ({ conversationId: context.conversationId }),
                onDone: {
                  target: "idle",
                  actions: assign({
                    messages: ({ context, event }) => mergeMessages(context.messages, event.output.messages),
                  }),
                },
                onError: "idle",
              },
            },
          },
        },
        composer: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "draft.send": { guard: ({ context }) => sendable(context.draft), target: "sending" },
              },
            },
            sending: {
              entry: assign({ sendError: null }),
              on: { "draft.changed": {} },
              invoke: {
                src: "send",
                input: ({ context }) => ({ conversationId: context.conversationId, text: context.draft.trim() }),
                onDone: {
                  target: "idle",
                  actions: assign(({ context, event }) => ({
                    messages: mergeMessages(context.messages, [asHistoryMessage(event.output)]),
                    draft: "",
                  })),
                },
                onError: { target: "idle", actions: assign({ sendError: ({ event }) => event.error }) },
              },
            },
          },
        },
        reading: {
          initial: "idle",
          states: {
            idle: { always: { guard: "unreadShown", target: "marking" } },
            marking: {
              entry: assign({ readUpTo: ({ context }) => latestFromPeer(context.messages, context.me) }),
              invoke: {
                src: "markRead",
                input: ({ context }) => ({ conversationId: context.conversationId, upTo: context.readUpTo }),
                onDone: "idle",
                onError: "idle",
              },
            },
          },
        },
      },
    },
  },
});
