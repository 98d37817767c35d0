import type { RecordedEvent } from "@el/domain";
import { answerDeadlineOf, disputeStreams } from "@el/domain/disputes/dispute";
import { conversationStreams } from "@el/domain/messages/conversation";
import { pushOnDispute, pushOnMessage } from "@el/domain/push/index";
import type { Sql } from "../sql";

/**
 * The notifications of the messages and disputes slices' events, in the push work list. A message's recipient
 * is told once per unread burst: `push_unread` holds the conversations whose recipient was told and has not
 * read since, and a message to them plans nothing more until they read. Planned only for a recipient with a
 * subscription, so the list does not grow with every message of people who never turned notifications on.
 */
export const pushMessagesAndDisputesMigration = `
  alter table push_notifications add column if not exists conversation_id bigint;
  alter table push_notifications add column if not exists sender_id bigint;
  create index if not exists push_notifications_conversation on push_notifications (conversation_id, recipient_id)
    where conversation_id is not null and state = 'due';
  create table if not exists push_conversations (
    conversation_id bigint primary key,
    student_id bigint not null,
    teacher_id bigint not null
  );
  create table if not exists push_unread (
    conversation_id bigint not null,
    recipient_id bigint not null,
    primary key (conversation_id, recipient_id)
  );`;

export const pushMessagesAndDisputesTables = ["push_conversations", "push_unread"];
export const pushMessagesAndDisputesEvents = ["ConversationStarted", "MessageSent", "MessagesRead", "DisputeOpened"];

const applyConversationEvent = async (recorded: RecordedEvent, tx: Sql) => {
  const event = conversationStreams.event(recorded);
  const conversationId = conversationStreams.parse(event.streamId);
  switch (event.type) {
    case "ConversationStarted":
      await tx.query(
        `insert into push_conversations (conversation_id, student_id, teacher_id) values ($1, $2, $3)
         on conflict (conversation_id) do nothing`,
        [conversationId, event.data.studentId, event.data.teacherId],
      );
      return;
    case "MessageSent": {
      const { dueAt, expiresAt } = pushOnMessage(event.data.at);
      await tx.query(
        `with recipient as (
           select case when c.student_id = $2::bigint then c.teacher_id else c.student_id end as id
             from push_conversations c where c.conversation_id = $1::bigint
         ), burst as (
           insert into push_unread (conversation_id, recipient_id)
           select $1::bigint, r.id from recipient r where exists (select 1 from push_subscriptions s where s.user_id = r.id)
           on conflict (conversation_id, recipient_id) do nothing
           returning recipient_id
         )
         insert into push_notifications
                (source, conversation_id, sender_id, kind, recipient_id, due_at, expires_at, state)
         select 'message-' || $3::bigint, $1::bigint, $2::bigint, 'NEW_MESSAGE', recipient_id, $4::timestamptz, $5::timestamptz, 'due'
           from burst
         on conflict (source, kind, recipient_id) do nothing`,
        [
          conversationId,
          event.data.from,
          event.data.messageId,
          new Date(dueAt).toISOString(),
          new Date(expiresAt).toISOString(),
        ],
        { prepareAs: "push_notifications_message" },
      );
      return;
    }
    case "MessagesRead":
      // Read, the burst is over: a notification not sent yet is stale, and the next message is news again.
      await tx.query(
        `with gone as (delete from push_unread where conversation_id = $1 and recipient_id = $2)
         update push_notifications set state = 'skipped'
          where conversation_id = $1 and recipient_id = $2 and kind = 'NEW_MESSAGE' and state = 'due'`,
        [conversationId, event.data.by],
        { prepareAs: "push_notifications_message_read" },
      );
      return;
    default:
      return;
  }
};

const applyDisputeEvent = async (recorded: RecordedEvent, tx: Sql) => {
  const event = disputeStreams.event(recorded);
  if (event.type !== "DisputeOpened") return;
  const { lessonId, openedBy, student, teacher, at } = event.data;
  const push = pushOnDispute(openedBy, at, answerDeadlineOf({ at }));
  await tx.query(
    `insert into push_notifications (source, lesson_id, kind, recipient_id, due_at, expires_at, state)
     values ('dispute-' || $1::bigint, $1, $2, $3, $4, $5, 'due')
     on conflict (source, kind, recipient_id) do nothing`,
    [
      lessonId,
      push.kind,
      push.to === "student" ? student.id : teacher.id,
      new Date(push.dueAt).toISOString(),
      new Date(push.expiresAt).toISOString(),
    ],
  );
};

/** Applies an event of a conversation or a dispute; answers false for any other. */
export const applyMessageOrDispute = async (recorded: RecordedEvent, tx: Sql) => {
  if (conversationStreams.holds(recorded.streamId)) await applyConversationEvent(recorded, tx);
  else if (disputeStreams.holds(recorded.streamId)) await applyDisputeEvent(recorded, tx);
  else return false;
  return true;
};
