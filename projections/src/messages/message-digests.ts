import { MESSAGE_DIGEST_DELAY_MS } from "@el/domain/messages/message-contracts";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "../sql";

/** The most messages one digest quotes; it counts the others. */
export const DIGEST_QUOTED_MAX = 20;

/** One recipient's digest due now: every message to them still unread and in no digest, oldest first. */
export interface DueMessageDigest {
  recipientId: number;
  email: string;
  firstName: string;
  langKey: string;
  messages: { conversationId: number; from: string; text: string; sentAt: string }[];
  /** How many unread messages it lists in all (it quotes at most `DIGEST_QUOTED_MAX`). */
  count: number;
  /** The newest listed message's instant: what the digest's claim holds. */
  through: string;
}

/**
 * The digests due at `now`: to each person (active, with the `messages` e-mails on) who has a message unread
 * for `MESSAGE_DIGEST_DELAY_MS` that no digest listed yet, in a conversation still open. Each lists all their
 * messages unread and not yet listed, the younger ones too: one e-mail, not one per message.
 */
export const dueMessageDigests = async (db: Sql, now: Date, limit = 50): Promise<DueMessageDigest[]> => {
  const { rows } = await db.query<{
    recipient_id: string;
    email: string;
    first_name: string | null;
    lang_key: string | null;
    conversation_id: string;
    from_first: string | null;
    from_last: string | null;
    text: string;
    sent_at: Date;
  }>(
    `with recipients as (
       select distinct m.to_id from conversation_messages m
         join conversations c on c.id = m.conversation_id and not c.closed
         join users u on u.id = m.to_id and u.activated
         left join mail_preferences p on p.user_id = m.to_id
        where m.read_at is null and not m.digested and m.sent_at <= $2
          and not ('messages' = any(coalesce(p.off, '{}'::text[])))
        order by m.to_id limit $3
     )
     select m.to_id as recipient_id, u.email, u.first_name, u.lang_key, m.conversation_id, f.first_name as from_first,
            f.last_name as from_last, m.text, m.sent_at
       from recipients r
       join conversation_messages m on m.to_id = r.to_id
       join conversations c on c.id = m.conversation_id and not c.closed
       join users u on u.id = m.to_id
       left join users f on f.id = m.from_id
      where m.read_at is null and not m.digested and m.sent_at <= $1
      order by m.to_id, m.sent_at, m.id`,
    [now.toISOString(), new Date(now.getTime() - MESSAGE_DIGEST_DELAY_MS).toISOString(), limit],
  );
  const digests = new Map<number, DueMessageDigest>();
  for (const row of rows) {
    const recipientId = Number(row.recipient_id);
    const sentAt = new Date(row.sent_at).toISOString();
    const digest = digests.get(recipientId) ?? {
      recipientId,
      email: row.email,
      firstName: row.first_name ?? "",
      langKey: row.lang_key ?? "pt-br",
      messages: [],
      count: 0,
      through: sentAt,
    };
    digest.count++;
    digest.through = sentAt;
    if (digest.messages.length < DIGEST_QUOTED_MAX)
      digest.messages.push({
        conversationId: Number(row.conversation_id),
        from: fullName({ firstName: row.from_first, lastName: row.from_last }),
        text: row.text,
        sentAt,
      });
    digests.set(recipientId, digest);
  }
  return [...digests.values()];
};
