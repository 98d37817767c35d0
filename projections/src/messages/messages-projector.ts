import type { RecordedEvent } from "@el/domain";
import { PERSON_REMOVED, personOfAccountStream } from "@el/domain/accounts/index";
import { MAX_MAIL_ATTEMPTS } from "@el/domain/mails/lesson-mails";
import { conversationStreams } from "@el/domain/messages/conversation";
import { messageDigestStreams } from "@el/domain/messages/message-digest";
import { type ServerToClientEventName, type ServerToClientPayload, userRoom } from "@el/domain/realtime";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector, type Push } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * The conversations between students and teachers:
 * - `conversations`: one row per pair, with its last message's place (`last_seq`), when a party last reported
 *   it, and `closed` once either party's personal data is erased;
 * - `conversation_messages`: every message with its sender and recipient, when it reached the recipient and
 *   when they read it, and whether an e-mail digest listed it (`digested`); the recipient's unread messages
 *   are its rows with no `read_at` (the unread counters are counts over that index);
 * - `conversation_reports`: each report with its reason, the moderators' queue.
 * Names and photos are read from `users` and `teacher_directory`, which show an erased person as
 * "titular removido"; the texts and reasons of an erased person's conversations are replaced here.
 */
const SCHEMA = `
create table if not exists conversations (
  id bigint primary key,
  student_id bigint not null,
  teacher_id bigint not null,
  started_at timestamptz not null,
  last_seq int not null default 0,
  last_message_at timestamptz,
  last_reported_at timestamptz,
  closed boolean not null default false,
  unique (student_id, teacher_id)
);
create index if not exists conversations_teacher on conversations (teacher_id);
create index if not exists conversations_reported on conversations (last_reported_at) where last_reported_at is not null;
create table if not exists conversation_messages (
  conversation_id bigint not null,
  seq int not null,
  id bigint not null unique,
  from_id bigint not null,
  to_id bigint not null,
  text text not null,
  sent_at timestamptz not null,
  delivered_at timestamptz,
  read_at timestamptz,
  digested boolean not null default false,
  primary key (conversation_id, seq)
);
create index if not exists conversation_messages_unread on conversation_messages (to_id, sent_at) where read_at is null;
create table if not exists conversation_reports (
  conversation_id bigint not null,
  by_id bigint not null,
  reason text not null,
  at timestamptz not null,
  primary key (conversation_id, at, by_id)
);
`;

const push = <Name extends ServerToClientEventName>(
  room: string,
  event: Name,
  payload: ServerToClientPayload<Name>,
): Push => ({ room, event, payload });

const seqOf = `(select seq from conversation_messages where id = $3 and conversation_id = $1)`;

const applyConversationEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[]> => {
  const event = conversationStreams.event(recorded);
  const id = conversationStreams.parse(event.streamId);
  switch (event.type) {
    case "ConversationStarted":
      await tx.query(
        `insert into conversations (id, student_id, teacher_id, started_at) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [id, event.data.studentId, event.data.teacherId, event.data.at],
      );
      return [];
    case "MessageSent": {
      const { messageId, seq, from, text, at } = event.data;
      const { rows } = await tx.query<{ to_id: string }>(
        `with conversation as (
           update conversations set last_seq = greatest(last_seq, $3), last_message_at = $6 where id = $1
           returning case when student_id = $4 then teacher_id else student_id end as to_id, closed
         )
         insert into conversation_messages (conversation_id, seq, id, from_id, to_id, text, sent_at)
         select $1, $3, $2, $4, to_id, case when closed then $7 else $5 end, $6 from conversation
         on conflict do nothing returning to_id`,
        // Stored as a party was being erased, it is shown as the conversation's others are.
        [id, messageId, seq, from, text, at, PERSON_REMOVED],
      );
      const to = rows[0]?.to_id;
      if (to === undefined) return [];
      const payload = { conversationId: id, message: { id: messageId, text, sentAt: at, from } };
      return [push(userRoom(Number(to)), "message:new", payload), push(userRoom(from), "message:new", payload)];
    }
    case "MessagesDelivered": {
      const { to, upTo, at } = event.data;
      const { rows } = await tx.query<{ from_id: string }>(
        `update conversation_messages set delivered_at = $4
          where conversation_id = $1 and to_id = $2 and seq <= ${seqOf} and delivered_at is null
          returning from_id`,
        [id, to, upTo, at],
      );
      const senders = [...new Set(rows.map((row) => Number(row.from_id)))];
      return senders.map((sender) => push(userRoom(sender), "message:delivered", { conversationId: id, upTo, to }));
    }
    case "MessagesRead": {
      const { by, upTo, at } = event.data;
      const { rows } = await tx.query<{ from_id: string }>(
        `update conversation_messages set read_at = $4, delivered_at = coalesce(delivered_at, $4)
          where conversation_id = $1 and to_id = $2 and seq <= ${seqOf} and read_at is null
          returning from_id`,
        [id, by, upTo, at],
      );
      const senders = [...new Set(rows.map((row) => Number(row.from_id)))];
      return senders.map((sender) => push(userRoom(sender), "message:read", { conversationId: id, upTo, by }));
    }
    case "ConversationReported":
      await tx.query(
        `with report as (
           insert into conversation_reports (conversation_id, by_id, reason, at) values ($1, $2, $3, $4)
           on conflict do nothing
         )
         update conversations set last_reported_at = greatest(last_reported_at, $4) where id = $1`,
        [id, event.data.by, event.data.reason, event.data.at],
      );
      return [];
    default:
      return [];
  }
};

const applyDigestEvent = async (recorded: RecordedEvent, tx: Sql) => {
  const event = messageDigestStreams.event(recorded);
  const recipient = messageDigestStreams.parse(event.streamId);
  if (event.type === "MessageDigestSent") {
    await tx.query(
      "update conversation_messages set digested = true where to_id = $1 and sent_at <= $2 and not digested",
      [recipient, event.data.through],
    );
    return;
  }
  // A failed send gives its messages back to the next sweep, unless its attempts are spent.
  if (event.type === "MessageDigestFailed" && event.data.failures < MAX_MAIL_ATTEMPTS)
    await tx.query(
      `update conversation_messages set digested = false
        where to_id = $1 and sent_at <= $2 and ($3::timestamptz is null or sent_at > $3) and read_at is null`,
      [recipient, event.data.through, event.data.after],
    );
};

/** An erased person's conversations (LGPD): closed, their texts and reasons "titular removido". */
const erasePerson = async (recorded: RecordedEvent, tx: Sql) => {
  const person = personOfAccountStream(recorded.streamId);
  if (!person) return;
  await tx.query(
    `with closed as (
       update conversations set closed = true where ${person.role}_id = $1 returning id
     ), reports as (
       update conversation_reports set reason = $2 where conversation_id in (select id from closed)
     )
     update conversation_messages set text = $2 where conversation_id in (select id from closed)`,
    [person.id, PERSON_REMOVED],
  );
};

const applyEvent = async (recorded: RecordedEvent, tx: Sql): Promise<Push[]> => {
  if (recorded.type === "PersonalDataErased") {
    await erasePerson(recorded, tx);
    return [];
  }
  if (messageDigestStreams.holds(recorded.streamId)) {
    await applyDigestEvent(recorded, tx);
    return [];
  }
  return conversationStreams.holds(recorded.streamId) ? applyConversationEvent(recorded, tx) : [];
};

export const messagesProjector: Projector = {
  name: "messages",
  handles: [
    "ConversationStarted",
    "MessageSent",
    "MessagesDelivered",
    "MessagesRead",
    "ConversationReported",
    "MessageDigestSent",
    "MessageDigestFailed",
    "PersonalDataErased",
  ],
  // The digests' claims are the sender's, read on its schedule: nothing a screen waits for.
  awaitedOn: [
    "ConversationStarted",
    "MessageSent",
    "MessagesDelivered",
    "MessagesRead",
    "ConversationReported",
    "PersonalDataErased",
  ],
  tables: ["conversations", "conversation_messages", "conversation_reports"],
  migrate: readModelMigrations("messages", [{ name: "001-conversations", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};
