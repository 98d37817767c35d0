import type { PushKind } from "@el/domain/push/index";
import type { Sql } from "../sql";

/** One notification due now, with what its text needs. */
export interface DuePush {
  source: string;
  kind: PushKind;
  recipientId: number;
  recipientKind: "student" | "teacher" | "admin";
  langKey: string;
  /** Of a lesson's notifications and a dispute's (about its lesson); null for a message's. */
  lesson: { id: number; date: string; trailTitle: string; studentName: string; teacherName: string | null } | null;
  /** Of a message's: its conversation and its sender's first name (empty once they were erased). */
  message: { conversationId: number; senderName: string } | null;
}

/**
 * The notifications due at `now` and not expired, oldest first, to people with a subscription, leaving out
 * the kinds their recipient turned off (turned back on in time, they go) and those of a lesson not yet in the
 * lessons' read model. Looked for among the people who subscribed: most never do, and theirs stay due until
 * they expire, so a search among every due notification would grow with the product's history.
 */
export const duePushes = async (db: Sql, now: Date, limit = 50): Promise<DuePush[]> => {
  const { rows } = await db.query<{
    source: string;
    kind: PushKind;
    recipient_id: string;
    kind_of_recipient: "student" | "teacher" | "admin";
    lang_key: string | null;
    lesson_id: string | null;
    date: Date | null;
    trail_title: string | null;
    student_first_name: string | null;
    teacher_first_name: string | null;
    conversation_id: string | null;
    sender_first_name: string | null;
  }>(
    `select m.source, m.kind, m.recipient_id, u.kind as kind_of_recipient, u.lang_key, m.lesson_id, l.date, l.trail_title,
            l.student_first_name, l.teacher_first_name, m.conversation_id, f.first_name as sender_first_name
       from (select distinct user_id from push_subscriptions) s
       join push_notifications m on m.recipient_id = s.user_id and m.state = 'due'
       join users u on u.id = m.recipient_id
       left join lesson_schedulings l on l.id = m.lesson_id
       left join users f on f.id = m.sender_id
       left join push_preferences p on p.user_id = m.recipient_id
      where m.due_at <= $1 and m.expires_at > $1 and u.activated
        and (m.lesson_id is null or l.id is not null)
        and not (m.kind = any(coalesce(p.off, '{}')))
      order by m.due_at, m.source, m.kind, m.recipient_id
      limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    source: row.source,
    kind: row.kind,
    recipientId: Number(row.recipient_id),
    recipientKind: row.kind_of_recipient,
    langKey: row.lang_key ?? "pt-br",
    lesson:
      row.lesson_id === null || row.date === null
        ? null
        : {
            id: Number(row.lesson_id),
            date: new Date(row.date).toISOString(),
            trailTitle: row.trail_title ?? "",
            studentName: row.student_first_name ?? "",
            teacherName: row.teacher_first_name,
          },
    message:
      row.conversation_id === null
        ? null
        : { conversationId: Number(row.conversation_id), senderName: row.sender_first_name ?? "" },
  }));
};

export interface StoredPushSubscription {
  /** The account stream whose key sealed it (`student-12`). */
  account: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The browsers a person subscribed. */
export const pushSubscriptionsOf = async (db: Sql, userId: number): Promise<StoredPushSubscription[]> => {
  const { rows } = await db.query<{ account: string; endpoint: string; p256dh: string; auth: string }>(
    "select account, endpoint, p256dh, auth from push_subscriptions where user_id = $1 order by endpoint",
    [userId],
  );
  return rows.map((row) => ({
    account: row.account,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
  }));
};

/** The kinds a person turned off. */
export const pushPreferencesOf = async (db: Sql, userId: number): Promise<PushKind[]> => {
  const { rows } = await db.query<{ off: PushKind[] }>("select off from push_preferences where user_id = $1", [userId]);
  return rows[0]?.off ?? [];
};

/** Where each notification of a source stands (for tests). */
export const pushStates = async (db: Sql, source: string) => {
  const { rows } = await db.query<{ kind: PushKind; recipient_id: string; state: string }>(
    "select kind, recipient_id, state from push_notifications where source = $1 order by kind, recipient_id",
    [source],
  );
  return rows.map((row) => ({ kind: row.kind, recipientId: Number(row.recipient_id), state: row.state }));
};
