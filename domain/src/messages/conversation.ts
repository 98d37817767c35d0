import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, type StreamKey, streamKind } from "../shared/streams";
import { conversationEventSchemas, MESSAGE_TEXT_MAX, messageErrors, REPORT_REASON_MAX } from "./message-contracts";

/**
 * A conversation between one student and one teacher (stream `conversation-{id}`): its messages in the order
 * they were stored, how far each party got them and read them, its reports and the administrators' reads of
 * it once reported. The pair's own stream (`conversation-pair-{studentId}-{teacherId}`) names its one
 * conversation, so two first messages sent at once start one conversation, not two.
 */

export type ConversationEvent = EventOf<typeof conversationEventSchemas>;
export const conversationEventDefinitions = Object.entries(conversationEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
/** `conversation-{id}`. */
export const conversationStreams = streamKind("conversation", conversationEventSchemas, numericKey);

export const conversationPairEventSchemas = {
  ConversationPaired: z.object({ conversationId: z.number().int() }),
};
export type ConversationPairEvent = EventOf<typeof conversationPairEventSchemas>;
export const conversationPairEventDefinitions = Object.entries(conversationPairEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
export interface Pair {
  studentId: number;
  teacherId: number;
}
const pairKey: StreamKey<Pair> = {
  format: ({ studentId, teacherId }) => `${studentId}-${teacherId}`,
  parse: (text) => {
    const match = /^(\d+)-(\d+)$/.exec(text);
    return match ? { studentId: Number(match[1]), teacherId: Number(match[2]) } : undefined;
  },
};
/** `conversation-pair-{studentId}-{teacherId}`: which conversation the pair has. */
export const conversationPairStreams = streamKind("conversation-pair", conversationPairEventSchemas, pairKey);

/** The pair's conversation: the first one named wins; naming another answers nothing new. */
export const pairConversation = (conversationId: number, paired: number | null): ConversationPairEvent[] =>
  paired === null ? [{ type: "ConversationPaired", data: { conversationId } }] : [];
export const pairedOf = (events: readonly ConversationPairEvent[]): number | null =>
  events[0]?.data.conversationId ?? null;

type At = { now: Date };
export type StartConversation = Command<"StartConversation", Pair & At>;
export type SendMessage = Command<"SendMessage", { messageId: number; from: number; text: string } & At>;
export type MarkRead = Command<"MarkRead", { by: number; upTo: number } & At>;
export type MarkDelivered = Command<"MarkDelivered", { to: number } & At>;
export type ReportConversation = Command<"ReportConversation", { by: number; reason: string } & At>;
export type RecordAdministratorRead = Command<"RecordAdministratorRead", { by: number } & At>;
export type ConversationCommand =
  | StartConversation
  | SendMessage
  | MarkRead
  | MarkDelivered
  | ReportConversation
  | RecordAdministratorRead;

export interface ConversationState {
  parties: Pair | null;
  /** Every message in stored order: its id and sender; a message's `seq` is its index + 1. */
  messages: { id: number; from: number }[];
  /** Per user id: the `seq` up to which they read the other party's messages. */
  readUpTo: Record<number, number>;
  /** Per user id: the `seq` up to which the other party's messages reached them. */
  deliveredUpTo: Record<number, number>;
  reported: boolean;
}

export const isParty = (state: Pick<ConversationState, "parties">, userId: number) =>
  state.parties !== null && (state.parties.studentId === userId || state.parties.teacherId === userId);

/** The other party of `userId`'s conversation. */
export const otherParty = (parties: Pair, userId: number) =>
  parties.studentId === userId ? parties.teacherId : parties.studentId;

/** The conversation of a party; to anyone else it does not exist. */
const asParty = (state: ConversationState, userId: number): Pair => {
  if (!state.parties || !isParty(state, userId)) throw notFound();
  return state.parties;
};

const textOf = (text: string, field: string, max: number, empty: string, tooLong: string) => {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw invalid(empty, field);
  if (trimmed.length > max) throw invalid(tooLong, field);
  return trimmed;
};

/** The `seq` of the last message from someone other than `userId` at or before `seq` (0: none). */
const lastFromOtherUpTo = (state: ConversationState, userId: number, seq: number) => {
  for (let index = Math.min(seq, state.messages.length) - 1; index >= 0; index--)
    if (state.messages[index]?.from !== userId) return index + 1;
  return 0;
};

const seqOf = (state: ConversationState, messageId: number) =>
  state.messages.findIndex((message) => message.id === messageId) + 1;

const idAt = (state: ConversationState, seq: number) => state.messages[seq - 1]?.id as number;

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: () => ({ parties: null, messages: [], readUpTo: {}, deliveredUpTo: {}, reported: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ConversationStarted":
        return { ...state, parties: { studentId: event.data.studentId, teacherId: event.data.teacherId } };
      case "MessageSent":
        return { ...state, messages: [...state.messages, { id: event.data.messageId, from: event.data.from }] };
      case "MessagesDelivered": {
        const seq = seqOf(state, event.data.upTo);
        return { ...state, deliveredUpTo: { ...state.deliveredUpTo, [event.data.to]: seq } };
      }
      case "MessagesRead": {
        const seq = seqOf(state, event.data.upTo);
        return { ...state, readUpTo: { ...state.readUpTo, [event.data.by]: seq } };
      }
      case "ConversationReported":
        return { ...state, reported: true };
      case "ConversationReadByAdministrator":
        return state;
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const at = command.now.toISOString();
    switch (command.type) {
      case "StartConversation":
        return state.parties
          ? []
          : [{ type: "ConversationStarted", data: { studentId: command.studentId, teacherId: command.teacherId, at } }];
      case "SendMessage": {
        asParty(state, command.from);
        const text = textOf(command.text, "text", MESSAGE_TEXT_MAX, messageErrors.textEmpty, messageErrors.textTooLong);
        // A retry of a message stored already stores nothing.
        if (seqOf(state, command.messageId) > 0) return [];
        const seq = state.messages.length + 1;
        return [{ type: "MessageSent", data: { messageId: command.messageId, seq, from: command.from, text, at } }];
      }
      case "MarkRead": {
        asParty(state, command.by);
        const named = seqOf(state, command.upTo);
        if (named === 0) throw invalid(messageErrors.unknownMessage, "upTo");
        const seq = lastFromOtherUpTo(state, command.by, named);
        if (seq <= (state.readUpTo[command.by] ?? 0)) return [];
        return [{ type: "MessagesRead", data: { by: command.by, upTo: idAt(state, seq), at } }];
      }
      case "MarkDelivered": {
        asParty(state, command.to);
        const seq = lastFromOtherUpTo(state, command.to, state.messages.length);
        const reached = Math.max(state.deliveredUpTo[command.to] ?? 0, state.readUpTo[command.to] ?? 0);
        if (seq <= reached) return [];
        return [{ type: "MessagesDelivered", data: { to: command.to, upTo: idAt(state, seq), at } }];
      }
      case "ReportConversation": {
        asParty(state, command.by);
        const reason = textOf(
          command.reason,
          "reason",
          REPORT_REASON_MAX,
          messageErrors.reasonEmpty,
          messageErrors.reasonTooLong,
        );
        return [{ type: "ConversationReported", data: { by: command.by, reason, at } }];
      }
      case "RecordAdministratorRead":
        // Administrators read a conversation only once a party reported it; before that it does not exist for them.
        if (!state.parties || !state.reported) throw notFound();
        return [{ type: "ConversationReadByAdministrator", data: { by: command.by, at } }];
      default:
        return assertNever(command);
    }
  },
};
