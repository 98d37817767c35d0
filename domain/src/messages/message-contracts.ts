import { z } from "zod";

/**
 * Messages between a student and a teacher who share a lesson: one conversation per pair (stream
 * `conversation-{id}`), its messages, read and delivered marks, reports to the moderators and the
 * administrators' recorded reads of a reported one. Declared once, used by the backend's routes, the
 * socket gateway and the web app.
 *
 * Errors are i18n keys (the web app translates them, pt-br first): `messageErrors`.
 */

const instant = z.iso.datetime({ offset: true });
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const MESSAGE_TEXT_MAX = 2000;
export const REPORT_REASON_MAX = 1000;
export const MESSAGES_PAGE_MAX = 100;
/** How many messages one person may send in `MESSAGE_RATE_WINDOW_MS` (429 with `Retry-After` beyond). */
export const MESSAGE_RATE_MAX = 20;
export const MESSAGE_RATE_WINDOW_MS = 10_000;
/** How long a message waits unread before its recipient's e-mail digest lists it. */
export const MESSAGE_DIGEST_DELAY_MS = 15 * 60_000;

export const messageErrors = {
  /** "Escreva a mensagem." (empty, or only blanks) */
  textEmpty: "error.messages.textEmpty",
  /** "A mensagem pode ter até 2000 caracteres." */
  textTooLong: "error.messages.textTooLong",
  /** "Diga o motivo da denúncia." */
  reasonEmpty: "error.messages.reasonEmpty",
  /** "O motivo pode ter até 1000 caracteres." */
  reasonTooLong: "error.messages.reasonTooLong",
  /** 403: "Vocês ainda não têm uma aula em comum." */
  noSharedLesson: "error.messages.noSharedLesson",
  /** 400: the message named by `upTo` or `before` is not of this conversation. */
  unknownMessage: "error.messages.unknownMessage",
  /** 409: "Esta conversa foi encerrada." (the other party's personal data was erased) */
  closed: "error.messages.closed",
} as const;

export const ConversationParams = z.object({ id });
export type ConversationParams = z.input<typeof ConversationParams>;

// ---- Starting and listing ----------------------------------------------------------------------------

/**
 * `POST /api/conversations`: a student names the teacher (`{ teacherId }`), a teacher the student
 * (`{ studentId }`). 201 when it starts, 200 when the pair has it already (`ConversationCreated`);
 * 403 (`messageErrors.noSharedLesson`) when they share no lesson (booked, requested, claimed or past).
 */
export const StartConversationBody = z.union([
  z.object({ teacherId: id }).strict(),
  z.object({ studentId: id }).strict(),
]);
export type StartConversationBody = z.input<typeof StartConversationBody>;
export const ConversationCreated = z.object({ id: z.number().int() });
export type ConversationCreated = z.infer<typeof ConversationCreated>;

export const ConversationRole = z.enum(["STUDENT", "TEACHER"]);
export type ConversationRole = z.infer<typeof ConversationRole>;

/** The other party as the list shows them; an erased person's `name` is "titular removido". */
export const ConversationPeer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A teacher's 256 px photo's path, when they have one. */
  photoUrl: z.string().nullable().optional(),
  role: ConversationRole,
});
export type ConversationPeer = z.infer<typeof ConversationPeer>;

/** A message as sent (`POST …/messages`' 201, the push's `message`, a list's `lastMessage`). */
export const MessageSent = z.object({
  id: z.number().int(),
  text: z.string(),
  /** An ISO instant. */
  sentAt: z.string(),
  /** The sender's user id. */
  from: z.number().int(),
});
export type MessageSent = z.infer<typeof MessageSent>;

/** `GET /api/conversations` (most recent first) and `GET /api/conversations/{id}`. */
export const ConversationSummary = z.object({
  id: z.number().int(),
  with: ConversationPeer,
  lastMessage: MessageSent.nullable(),
  /** The caller's messages not read yet in it. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;
export const ConversationList = z.array(ConversationSummary);
export type ConversationList = z.infer<typeof ConversationList>;

/** `GET /api/conversations/unread`: the caller's unread messages in all their conversations (the header badge). */
export const UnreadTotal = z.object({ unread: z.number().int() });
export type UnreadTotal = z.infer<typeof UnreadTotal>;

// ---- Messages ------------------------------------------------------------------------------------------

/** `GET /api/conversations/{id}/messages?before=<messageId>&size=`: the newest page first, going back with `before`. */
export const MessagesQuery = z.object({
  before: id.optional(),
  size: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(30),
});
export type MessagesQuery = z.input<typeof MessagesQuery>;

/** A message in the history, with when the other party's side got it and read it (null: not yet). */
export const MessageView = MessageSent.extend({
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type MessageView = z.infer<typeof MessageView>;

/** One page of the history: its messages oldest → newest, and whether older ones are left (`before` = the first's id). */
export const MessagesPage = z.object({
  messages: z.array(MessageView),
  hasOlder: z.boolean(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

/** `POST /api/conversations/{id}/messages`: text only, trimmed, 1..2000 characters → 201 `MessageSent`. */
export const SendMessageBody = z.object({
  text: z
    .string({ error: messageErrors.textEmpty })
    .trim()
    .min(1, { error: messageErrors.textEmpty })
    .max(MESSAGE_TEXT_MAX, { error: messageErrors.textTooLong }),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/**
 * `POST /api/conversations/{id}/read`: the caller read every message of the other party up to `upTo` (a
 * message id) → 200 with the caller's unread total after it; the sender gets `message:read`.
 */
export const ReadBody = z.object({ upTo: id });
export type ReadBody = z.input<typeof ReadBody>;

// ---- Reports and moderation -----------------------------------------------------------------------------

/** `POST /api/conversations/{id}/report` (either party) → 201 `ConversationReportCreated`: a moderation case. */
export const ReportBody = z.object({
  reason: z
    .string({ error: messageErrors.reasonEmpty })
    .trim()
    .min(1, { error: messageErrors.reasonEmpty })
    .max(REPORT_REASON_MAX, { error: messageErrors.reasonTooLong }),
});
export type ReportBody = z.input<typeof ReportBody>;
export const ConversationReportCreated = z.object({ conversationId: z.number().int(), reportedAt: z.string() });
export type ConversationReportCreated = z.infer<typeof ConversationReportCreated>;

export const ConversationParty = z.object({ id: z.number().int(), name: z.string() });
export type ConversationParty = z.infer<typeof ConversationParty>;

export const ConversationReportView = z.object({
  by: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export type ConversationReportView = z.infer<typeof ConversationReportView>;

/**
 * `GET /api/conversations/reported` (administrators): the moderation queue, latest report first. Reading a
 * reported conversation's messages (`GET /api/conversations/{id}/messages`) is recorded
 * (`ConversationReadByAdministrator`).
 */
export const ReportedConversation = z.object({
  id: z.number().int(),
  student: ConversationParty,
  teacher: ConversationParty,
  reports: z.array(ConversationReportView),
  lastReportedAt: z.string(),
});
export type ReportedConversation = z.infer<typeof ReportedConversation>;
export const ReportedConversations = z.array(ReportedConversation);

// ---- Pushes (socket.io; declared in realtime.ts) ----------------------------------------------------------

/** `message:new`, to the other party's and the sender's `user:{id}` (every tab, every instance). */
export const MessageNewPush = z.object({ conversationId: z.number().int(), message: MessageSent });
export type MessageNewPush = z.infer<typeof MessageNewPush>;

/** `message:read`, to the sender's `user:{id}`: `by` read their messages up to `upTo`. */
export const MessageReadPush = z.object({
  conversationId: z.number().int(),
  upTo: z.number().int(),
  by: z.number().int(),
});
export type MessageReadPush = z.infer<typeof MessageReadPush>;

/** `message:delivered`, to the sender's `user:{id}`: their messages up to `upTo` reached `to`'s app. */
export const MessageDeliveredPush = z.object({
  conversationId: z.number().int(),
  upTo: z.number().int(),
  to: z.number().int(),
});
export type MessageDeliveredPush = z.infer<typeof MessageDeliveredPush>;

// ---- Events (stream `conversation-{id}`) -----------------------------------------------------------------

/**
 * A message's `text` and a report's `reason` speak of both parties: they are sealed under the
 * conversation's own key (`conversation-{id}`), destroyed when either party is erased (crypto-shredding).
 */
export const conversationEventSchemas = {
  ConversationStarted: z.object({ studentId: z.number().int(), teacherId: z.number().int(), at: instant }),
  /** `seq`: the message's place in its conversation (1, 2, 3…): ids come from a shared sequence, not in order. */
  MessageSent: z.object({
    messageId: z.number().int(),
    seq: z.number().int().positive(),
    from: z.number().int(),
    text: z.string(),
    at: instant,
  }),
  /** The other party of `to` got the messages up to `upTo` (a socket connected, or they fetched them). */
  MessagesDelivered: z.object({ to: z.number().int(), upTo: z.number().int(), at: instant }),
  MessagesRead: z.object({ by: z.number().int(), upTo: z.number().int(), at: instant }),
  ConversationReported: z.object({ by: z.number().int(), reason: z.string(), at: instant }),
  /** An administrator (`by`, their user id) read a reported conversation's messages: kept for the auditors. */
  ConversationReadByAdministrator: z.object({ by: z.number().int(), at: instant }),
};
export type ConversationEventData<Type extends keyof typeof conversationEventSchemas> = z.infer<
  (typeof conversationEventSchemas)[Type]
>;
