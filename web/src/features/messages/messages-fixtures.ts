import type { ConversationSummary, MessageView, ReportedConversation } from "@el/domain/messages/message-contracts";

/** Ana (student 5) and Paul (teacher 7), whose conversation is 31; Bruno (student 6) talks with Paul in 32. */
export const ANA = 5;
export const PAUL = 7;

/** A message of the history, at 10:00 São Paulo on 1 December 2026 plus `minute` minutes. */
export const messageView = (
  id: number,
  from: number,
  text: string,
  marks: { deliveredAt?: string | null; readAt?: string | null; minute?: number } = {},
): MessageView => ({
  id,
  from,
  text,
  sentAt: new Date(Date.UTC(2026, 11, 1, 13, marks.minute ?? id % 60)).toISOString(),
  deliveredAt: marks.deliveredAt ?? null,
  readAt: marks.readAt ?? null,
});

/** Ana's conversation with Paul as `GET /api/conversations` lists it for her. */
export const withPaul = (changes: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 31,
  with: { id: PAUL, name: "Paul Smith", photoUrl: null, role: "TEACHER" },
  lastMessage: { id: 102, from: PAUL, text: "See you on Tuesday!", sentAt: "2026-12-01T13:02:00.000Z" },
  unread: 2,
  ...changes,
});

/** Paul's conversation with Bruno, as Paul's list shows it. */
export const withBruno = (changes: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 32,
  with: { id: 6, name: "Bruno Lima", photoUrl: null, role: "STUDENT" },
  lastMessage: null,
  unread: 0,
  ...changes,
});

/** `message:new` as the server pushes it. */
export const messagePush = (conversationId: number, id: number, from: number, text: string) => ({
  conversationId,
  message: { id, from, text, sentAt: new Date(Date.UTC(2026, 11, 1, 13, id % 60)).toISOString() },
});

/** A conversation in the moderation queue, reported by Ana. */
export const reported = (changes: Partial<ReportedConversation> = {}): ReportedConversation => ({
  id: 31,
  student: { id: ANA, name: "Ana Souza" },
  teacher: { id: PAUL, name: "Paul Smith" },
  reports: [{ by: ANA, reason: "Ele me pediu meu telefone.", at: "2026-12-01T14:00:00.000Z" }],
  lastReportedAt: "2026-12-01T14:00:00.000Z",
  ...changes,
});
