import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import {
  type ConversationEvent,
  conversationDecider,
  conversationPairStreams,
  conversationStreams,
  pairConversation,
} from "./conversation";
import { messageErrors } from "./message-contracts";

const given = specFor(conversationDecider);
const now = new Date("2026-12-01T12:00:00Z");
const at = now.toISOString();
const STUDENT = 7;
const TEACHER = 9;
const started: ConversationEvent = {
  type: "ConversationStarted",
  data: { studentId: STUDENT, teacherId: TEACHER, at },
};
const sent = (messageId: number, seq: number, from: number, text = "Oi!"): ConversationEvent => ({
  type: "MessageSent",
  data: { messageId, seq, from, text, at },
});
const reported: ConversationEvent = { type: "ConversationReported", data: { by: STUDENT, reason: "Spam", at } };

describe("a conversation between a student and a teacher", () => {
  it("starts once: starting it again stores nothing", () => {
    given([]).when({ type: "StartConversation", studentId: STUDENT, teacherId: TEACHER, now }).then([started]);
    given([started]).when({ type: "StartConversation", studentId: STUDENT, teacherId: TEACHER, now }).then([]);
  });

  it("names one conversation per pair: the first named wins", () => {
    expect(pairConversation(41, null)).toEqual([{ type: "ConversationPaired", data: { conversationId: 41 } }]);
    expect(pairConversation(42, 41)).toEqual([]);
    expect(conversationPairStreams.id({ studentId: 7, teacherId: 9 })).toBe("conversation-pair-7-9");
    expect(conversationStreams.holds("conversation-pair-7-9")).toBe(false);
    expect(conversationStreams.holds("conversation-41")).toBe(true);
  });

  it("keeps a message trimmed, numbered in the order stored", () => {
    given([started, sent(100, 1, STUDENT)])
      .when({ type: "SendMessage", messageId: 101, from: TEACHER, text: "  Hello!  ", now })
      .then([sent(101, 2, TEACHER, "Hello!")]);
  });

  it("stores nothing for a retried message", () => {
    given([started, sent(100, 1, STUDENT)])
      .when({ type: "SendMessage", messageId: 100, from: STUDENT, text: "Oi!", now })
      .then([]);
  });

  it("refuses an empty or blank text and one past 2000 characters", () => {
    given([started])
      .when({ type: "SendMessage", messageId: 100, from: STUDENT, text: "   ", now })
      .thenThrows(messageErrors.textEmpty, "validation");
    given([started])
      .when({ type: "SendMessage", messageId: 100, from: STUDENT, text: "a".repeat(2001), now })
      .thenThrows(messageErrors.textTooLong, "validation");
    given([started])
      .when({ type: "SendMessage", messageId: 100, from: STUDENT, text: ` ${"a".repeat(2000)} `, now })
      .then([sent(100, 1, STUDENT, "a".repeat(2000))]);
  });

  it("does not exist for anyone but its parties", () => {
    given([started])
      .when({ type: "SendMessage", messageId: 100, from: 8, text: "Oi", now })
      .thenThrows("error.url.not.found", "not_found");
    given([])
      .when({ type: "SendMessage", messageId: 100, from: STUDENT, text: "Oi", now })
      .thenThrows("error.url.not.found", "not_found");
    given([started])
      .when({ type: "ReportConversation", by: 8, reason: "Spam", now })
      .thenThrows("error.url.not.found", "not_found");
  });

  it("reads up to the other party's last message at or before the one named, once", () => {
    const history = [started, sent(100, 1, STUDENT), sent(101, 2, STUDENT), sent(102, 3, TEACHER)];
    given(history)
      .when({ type: "MarkRead", by: TEACHER, upTo: 102, now })
      .then([{ type: "MessagesRead", data: { by: TEACHER, upTo: 101, at } }]);
    given([...history, { type: "MessagesRead", data: { by: TEACHER, upTo: 101, at } }])
      .when({ type: "MarkRead", by: TEACHER, upTo: 101, now })
      .then([]);
    given(history).when({ type: "MarkRead", by: STUDENT, upTo: 101, now }).then([]);
    given(history)
      .when({ type: "MarkRead", by: TEACHER, upTo: 555, now })
      .thenThrows(messageErrors.unknownMessage, "validation");
  });

  it("marks delivered the other party's messages not yet delivered or read", () => {
    const history = [started, sent(100, 1, STUDENT), sent(101, 2, TEACHER)];
    given(history)
      .when({ type: "MarkDelivered", to: TEACHER, now })
      .then([{ type: "MessagesDelivered", data: { to: TEACHER, upTo: 100, at } }]);
    given([...history, { type: "MessagesRead", data: { by: TEACHER, upTo: 100, at } }])
      .when({ type: "MarkDelivered", to: TEACHER, now })
      .then([]);
    given([started, sent(101, 1, TEACHER)])
      .when({ type: "MarkDelivered", to: TEACHER, now })
      .then([]);
  });

  it("takes a party's report with its reason", () => {
    given([started]).when({ type: "ReportConversation", by: STUDENT, reason: " Spam ", now }).then([reported]);
    given([started])
      .when({ type: "ReportConversation", by: STUDENT, reason: " ", now })
      .thenThrows(messageErrors.reasonEmpty, "validation");
  });

  it("records an administrator's read of a reported conversation, and shows them no other", () => {
    given([started, reported])
      .when({ type: "RecordAdministratorRead", by: 1, now })
      .then([{ type: "ConversationReadByAdministrator", data: { by: 1, at } }]);
    given([started])
      .when({ type: "RecordAdministratorRead", by: 1, now })
      .thenThrows("error.url.not.found", "not_found");
  });
});
