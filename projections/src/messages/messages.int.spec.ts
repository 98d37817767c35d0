import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { type ConversationEvent, conversationStreams } from "@el/domain/messages/conversation";
import { type MessageDigestEvent, messageDigestStreams } from "@el/domain/messages/message-digest";
import { userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { messagesProjector } from "./messages-projector";
import { messageSeq, messagesPage, undeliveredConversationsOf, unreadTotalOf } from "./messages-queries";

const ANA = 1001;
const BRUNO = 2001;
const ID = 50;
const at = (minute: number) => `2026-03-02T12:${String(minute).padStart(2, "0")}:00.000Z`;
const conversation = (event: ConversationEvent) => on(conversationStreams.id(ID), event);
const digest = (event: MessageDigestEvent) => on(messageDigestStreams.id(BRUNO), event);
const started = conversation({ type: "ConversationStarted", data: { studentId: ANA, teacherId: BRUNO, at: at(0) } });
const sent = (messageId: number, seq: number, from = ANA, text = `Mensagem ${seq}`) =>
  conversation({ type: "MessageSent", data: { messageId, seq, from, text, at: at(seq) } });

describe("messages read model", () => {
  const spec = projectionSpec(messagesProjector);
  afterAll(() => spec.close());

  it("keeps each message for its recipient, unread, and pushes it to both parties", () =>
    spec
      .given(started)
      .when(sent(900, 1))
      .then(async ({ sql, pushes }) => {
        const payload = { conversationId: ID, message: { id: 900, text: "Mensagem 1", sentAt: at(1), from: ANA } };
        expect(pushes).toEqual([
          { room: userRoom(BRUNO), event: "message:new", payload },
          { room: userRoom(ANA), event: "message:new", payload },
        ]);
        expect(await unreadTotalOf(sql, BRUNO)).toBe(1);
        expect(await unreadTotalOf(sql, ANA)).toBe(0);
        expect(await undeliveredConversationsOf(sql, BRUNO)).toEqual([ID]);
      }));

  it("pages the history backwards, each page oldest to newest, by the place messages were stored in", () =>
    // Ids come from a shared sequence, not in order: the page follows `seq`.
    spec.given(started, sent(905, 1), sent(903, 2, BRUNO), sent(901, 3), sent(904, 4)).then(async ({ sql }) => {
      const newest = await messagesPage(sql, ID, { size: 2 });
      expect(newest.messages.map((message) => message.id)).toEqual([901, 904]);
      expect(newest.hasOlder).toBe(true);
      const older = await messagesPage(sql, ID, { beforeSeq: await messageSeq(sql, ID, 901), size: 2 });
      expect(older.messages.map((message) => message.id)).toEqual([905, 903]);
      expect(older.hasOlder).toBe(false);
    }));

  it("marks delivered, then read up to a message, and tells its sender each time", () =>
    spec
      .given(started, sent(900, 1), sent(901, 2), sent(902, 3))
      .when(
        conversation({ type: "MessagesDelivered", data: { to: BRUNO, upTo: 902, at: at(10) } }),
        conversation({ type: "MessagesRead", data: { by: BRUNO, upTo: 901, at: at(11) } }),
      )
      .then(async ({ sql, pushes }) => {
        expect(pushes).toEqual([
          {
            room: userRoom(ANA),
            event: "message:delivered",
            payload: { conversationId: ID, upTo: 902, to: BRUNO },
          },
          { room: userRoom(ANA), event: "message:read", payload: { conversationId: ID, upTo: 901, by: BRUNO } },
        ]);
        const { messages } = await messagesPage(sql, ID, { size: 10 });
        expect(messages.map(({ deliveredAt, readAt }) => [deliveredAt, readAt])).toEqual([
          [at(10), at(11)],
          [at(10), at(11)],
          [at(10), null],
        ]);
        expect(await unreadTotalOf(sql, BRUNO)).toBe(1);
        expect(await undeliveredConversationsOf(sql, BRUNO)).toEqual([]);
      }));

  it("tells nobody of a delivery that marks nothing new (the messages were read already)", () =>
    spec
      .given(started, sent(900, 1), conversation({ type: "MessagesRead", data: { by: BRUNO, upTo: 900, at: at(5) } }))
      .when(conversation({ type: "MessagesDelivered", data: { to: BRUNO, upTo: 900, at: at(6) } }))
      .then(({ pushes }) => expect(pushes).toEqual([])));

  it("marks messages listed by a digest, and gives back only a failed digest's own", () =>
    spec
      .given(started, sent(900, 1), sent(901, 2))
      .when(
        digest({ type: "MessageDigestSent", data: { through: at(1), at: at(20) } }),
        digest({ type: "MessageDigestSent", data: { through: at(2), at: at(21) } }),
        digest({ type: "MessageDigestFailed", data: { through: at(2), after: at(1), failures: 1, at: at(22) } }),
      )
      .then(async ({ sql }) => {
        const { rows } = await sql.query<{ id: string; digested: boolean }>(
          "select id, digested from conversation_messages order by seq",
        );
        expect(rows.map((row) => [Number(row.id), row.digested])).toEqual([
          [900, true],
          [901, false],
        ]);
      }));

  it("shows an erased party's conversation as closed, its texts 'titular removido'", () =>
    spec
      .given(
        started,
        sent(900, 1),
        conversation({ type: "ConversationReported", data: { by: BRUNO, reason: "Spam", at: at(5) } }),
      )
      .when(on(`student-${ANA}`, { type: "PersonalDataErased", data: { by: "titular" } }))
      .then(async ({ sql }) => {
        const { messages } = await messagesPage(sql, ID, { size: 10 });
        expect(messages.map((message) => message.text)).toEqual([PERSON_REMOVED]);
        const { rows } = await sql.query<{ closed: boolean; reason: string }>(
          "select c.closed, r.reason from conversations c join conversation_reports r on r.conversation_id = c.id",
        );
        expect(rows).toEqual([{ closed: true, reason: PERSON_REMOVED }]);
      }));
});
