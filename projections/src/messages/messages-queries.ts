import { teacherPhotoPath } from "@el/domain/accounts/teacher-profile";
import type {
  ConversationSummary,
  MessagesPage,
  MessageView,
  ReportedConversation,
} from "@el/domain/messages/message-contracts";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "../sql";

/** A conversation's parties and whether it is closed (an erased party), or undefined when there is none. */
export interface ConversationRow {
  id: number;
  studentId: number;
  teacherId: number;
  closed: boolean;
  reported: boolean;
}

export const conversationRow = async (db: Sql, id: number): Promise<ConversationRow | undefined> => {
  const { rows } = await db.query<{
    id: string;
    student_id: string;
    teacher_id: string;
    closed: boolean;
    last_reported_at: Date | null;
  }>("select id, student_id, teacher_id, closed, last_reported_at from conversations where id = $1", [id]);
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        studentId: Number(row.student_id),
        teacherId: Number(row.teacher_id),
        closed: row.closed,
        reported: row.last_reported_at !== null,
      }
    : undefined;
};

/**
 * Whether the student and the teacher share a lesson: one the teacher accepted or was given (booked, claimed,
 * past, cancelled after), or one the student requested of them.
 */
export const shareALesson = async (db: Sql, studentId: number, teacherId: number) => {
  const { rows } = await db.query<{ shared: boolean }>(
    `select exists (select 1 from lesson_schedulings where student_id = $1 and teacher_id = $2)
         or exists (select 1 from lesson_requests where student_id = $1 and teacher_id = $2) as shared`,
    [studentId, teacherId],
  );
  return rows[0]?.shared === true;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const nameOf = (firstName: string | null, lastName: string | null) => fullName({ firstName, lastName });

type SummaryRow = {
  id: string;
  with_id: string;
  with_role: "STUDENT" | "TEACHER";
  first_name: string | null;
  last_name: string | null;
  photo: string | null;
  message_id: string | null;
  text: string | null;
  sent_at: Date | null;
  from_id: string | null;
  unread: string;
};

const SUMMARY = `
  select c.id, o.with_id, o.with_role, u.first_name, u.last_name, d.photo, m.id as message_id, m.text, m.sent_at,
         m.from_id,
         (select count(*) from conversation_messages n
           where n.conversation_id = c.id and n.to_id = $1 and n.read_at is null) as unread
    from conversations c
    cross join lateral (
      select case when c.student_id = $1 then c.teacher_id else c.student_id end as with_id,
             case when c.student_id = $1 then 'TEACHER' else 'STUDENT' end as with_role
    ) o
    left join users u on u.id = o.with_id
    left join teacher_directory d on d.teacher_id = o.with_id and o.with_role = 'TEACHER'
    left join conversation_messages m on m.conversation_id = c.id and m.seq = c.last_seq`;

const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: Number(row.id),
  with: {
    id: Number(row.with_id),
    name: nameOf(row.first_name, row.last_name),
    photoUrl: row.photo ? teacherPhotoPath(row.photo, 256) : null,
    role: row.with_role,
  },
  lastMessage:
    row.message_id === null
      ? null
      : {
          id: Number(row.message_id),
          text: row.text ?? "",
          sentAt: iso(row.sent_at) as string,
          from: Number(row.from_id),
        },
  unread: Number(row.unread),
});

/** A person's conversations, the one with the latest message first (those without one by when they began). */
export const conversationsOf = async (db: Sql, userId: number): Promise<ConversationSummary[]> => {
  const { rows } = await db.query<SummaryRow>(
    `${SUMMARY} where c.student_id = $1 or c.teacher_id = $1
      order by coalesce(c.last_message_at, c.started_at) desc, c.id desc limit 500`,
    [userId],
  );
  return rows.map(toSummary);
};

/** One of a person's conversations as their list shows it. */
export const conversationOf = async (db: Sql, userId: number, id: number): Promise<ConversationSummary | undefined> => {
  const { rows } = await db.query<SummaryRow>(
    `${SUMMARY} where c.id = $2 and (c.student_id = $1 or c.teacher_id = $1)`,
    [userId, id],
  );
  return rows[0] ? toSummary(rows[0]) : undefined;
};

/** The conversation of a student and a teacher, if they have one. */
export const conversationOfPair = async (db: Sql, studentId: number, teacherId: number) => {
  const { rows } = await db.query<{ id: string }>(
    "select id from conversations where student_id = $1 and teacher_id = $2",
    [studentId, teacherId],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
};

/** A person's unread messages in all their conversations. */
export const unreadTotalOf = async (db: Sql, userId: number) => {
  const { rows } = await db.query<{ unread: string }>(
    "select count(*) as unread from conversation_messages where to_id = $1 and read_at is null",
    [userId],
  );
  return Number(rows[0]?.unread ?? 0);
};

/** The conversations holding messages to `userId` not yet marked delivered (their app just fetched them). */
export const undeliveredConversationsOf = async (db: Sql, userId: number, conversationId?: number) => {
  const { rows } = await db.query<{ conversation_id: string }>(
    `select distinct conversation_id from conversation_messages
      where to_id = $1 and read_at is null and delivered_at is null and ($2::bigint is null or conversation_id = $2)`,
    [userId, conversationId ?? null],
  );
  return rows.map((row) => Number(row.conversation_id));
};

/** The `seq` of a message of the conversation, or undefined when it is not one of its messages. */
export const messageSeq = async (db: Sql, conversationId: number, messageId: number) => {
  const { rows } = await db.query<{ seq: number }>(
    "select seq from conversation_messages where conversation_id = $1 and id = $2",
    [conversationId, messageId],
  );
  return rows[0]?.seq;
};

/** A page of the history: the `size` messages before `beforeSeq` (the newest when absent), oldest → newest. */
export const messagesPage = async (
  db: Sql,
  conversationId: number,
  page: { beforeSeq?: number; size: number },
): Promise<MessagesPage> => {
  const { rows } = await db.query<{
    id: string;
    seq: number;
    from_id: string;
    text: string;
    sent_at: Date;
    delivered_at: Date | null;
    read_at: Date | null;
  }>(
    `select id, seq, from_id, text, sent_at, delivered_at, read_at from conversation_messages
      where conversation_id = $1 and ($2::int is null or seq < $2) order by seq desc limit $3`,
    [conversationId, page.beforeSeq ?? null, page.size + 1],
  );
  const messages = rows
    .slice(0, page.size)
    .reverse()
    .map(
      (row): MessageView => ({
        id: Number(row.id),
        text: row.text,
        sentAt: iso(row.sent_at) as string,
        from: Number(row.from_id),
        deliveredAt: iso(row.delivered_at),
        readAt: iso(row.read_at),
      }),
    );
  return { messages, hasOlder: rows.length > page.size };
};

/** The moderators' queue: every reported conversation, the latest report first, with its reports. */
export const reportedConversations = async (db: Sql, limit = 200): Promise<ReportedConversation[]> => {
  const { rows } = await db.query<{
    id: string;
    student_id: string;
    teacher_id: string;
    student_first: string | null;
    student_last: string | null;
    teacher_first: string | null;
    teacher_last: string | null;
    last_reported_at: Date;
    reports: { by: number; reason: string; at: string }[];
  }>(
    `select c.id, c.student_id, c.teacher_id, s.first_name as student_first, s.last_name as student_last,
            t.first_name as teacher_first, t.last_name as teacher_last, c.last_reported_at,
            (select json_agg(json_build_object('by', r.by_id, 'reason', r.reason, 'at', r.at) order by r.at desc)
               from conversation_reports r where r.conversation_id = c.id) as reports
       from conversations c
       left join users s on s.id = c.student_id
       left join users t on t.id = c.teacher_id
      where c.last_reported_at is not null
      order by c.last_reported_at desc, c.id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    student: { id: Number(row.student_id), name: nameOf(row.student_first, row.student_last) },
    teacher: { id: Number(row.teacher_id), name: nameOf(row.teacher_first, row.teacher_last) },
    reports: (row.reports ?? []).map((report) => ({
      by: Number(report.by),
      reason: report.reason,
      at: new Date(report.at).toISOString(),
    })),
    lastReportedAt: new Date(row.last_reported_at).toISOString(),
  }));
};

/** The ids of a person's conversations (their download and erasure). */
export const conversationIdsOf = async (db: Sql, userId: number) => {
  const { rows } = await db.query<{ id: string }>(
    "select id from conversations where student_id = $1 or teacher_id = $1 order by id",
    [userId],
  );
  return rows.map((row) => Number(row.id));
};
