import type { RecordedEvent } from "@el/domain";
import { personOfAccountStream } from "@el/domain/accounts/index";
import { disputeStreams } from "@el/domain/disputes/dispute";
import { DISPUTE_MAIL_EXPIRY_MS, type DisputeMailKind, disputeMailStreams } from "@el/domain/disputes/dispute-mails";
import { MAX_MAIL_ATTEMPTS } from "@el/domain/mails/lesson-mails";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `dispute_mails`: the work list of the disputes' e-mails, one row per e-mail to the lesson's
 * student and teacher when a dispute is opened and when it is resolved, `due` until a claim makes it `sent`
 * (a reported failure makes it `due` again, `failed` once the attempts are spent), `skipped` for a person
 * whose personal data is erased. Each expires 48 hours after it is due, so a rebuild sends nothing twice.
 */
const SCHEMA = `
create table if not exists dispute_mails (
  dispute_id bigint not null,
  kind text not null,
  recipient_id bigint not null,
  due_at timestamptz not null,
  expires_at timestamptz not null,
  state text not null check (state in ('due', 'sent', 'failed', 'skipped')),
  failures int not null default 0,
  primary key (dispute_id, kind, recipient_id)
);
create index if not exists dispute_mails_due on dispute_mails (due_at) where state = 'due';
`;

const plan = (tx: Sql, disputeId: number, kind: DisputeMailKind, recipients: number[], at: string) =>
  tx.query(
    `insert into dispute_mails (dispute_id, kind, recipient_id, due_at, expires_at, state)
     select $1, $2, recipient, $4, $5, 'due' from unnest($3::bigint[]) as recipient
     on conflict (dispute_id, kind, recipient_id) do nothing`,
    [disputeId, kind, recipients, at, new Date(Date.parse(at) + DISPUTE_MAIL_EXPIRY_MS).toISOString()],
  );

const applyEvent = async (recorded: RecordedEvent, tx: Sql) => {
  if (recorded.type === "PersonalDataErased") {
    const person = personOfAccountStream(recorded.streamId);
    if (person)
      await tx.query("update dispute_mails set state = 'skipped' where recipient_id = $1 and state = 'due'", [
        person.id,
      ]);
    return;
  }
  if (disputeStreams.holds(recorded.streamId)) {
    const event = disputeStreams.event(recorded);
    const id = disputeStreams.parse(event.streamId);
    if (event.type === "DisputeOpened")
      await plan(tx, id, "opened", [event.data.student.id, event.data.teacher.id], event.data.at);
    if (event.type === "DisputeResolved")
      await tx.query(
        `insert into dispute_mails (dispute_id, kind, recipient_id, due_at, expires_at, state)
         select dispute_id, 'resolved', recipient_id, $2, $3, 'due' from dispute_mails
          where dispute_id = $1 and kind = 'opened'
         on conflict (dispute_id, kind, recipient_id) do nothing`,
        [id, event.data.at, new Date(Date.parse(event.data.at) + DISPUTE_MAIL_EXPIRY_MS).toISOString()],
      );
    return;
  }
  if (!disputeMailStreams.holds(recorded.streamId)) return;
  const event = disputeMailStreams.event(recorded);
  await tx.query(
    event.type === "DisputeMailSent"
      ? "update dispute_mails set state = 'sent' where dispute_id = $1 and kind = $2 and recipient_id = $3"
      : `update dispute_mails set failures = failures + 1,
           state = case when failures + 1 >= ${MAX_MAIL_ATTEMPTS} then 'failed' else 'due' end
         where dispute_id = $1 and kind = $2 and recipient_id = $3`,
    [disputeMailStreams.parse(event.streamId), event.data.kind, event.data.recipientId],
  );
};

export const disputeMailsProjector: Projector = {
  name: "dispute-mails",
  // The work list is the sender's, read on its schedule: reports and resolutions do not wait for it.
  awaitedOn: ["DisputeMailSent", "DisputeMailFailed"],
  handles: ["DisputeOpened", "DisputeResolved", "DisputeMailSent", "DisputeMailFailed", "PersonalDataErased"],
  tables: ["dispute_mails"],
  migrate: readModelMigrations("dispute-mails", [{ name: "001-dispute-mails", sql: SCHEMA }]),
  evolve: eventByEvent(applyEvent),
};

/** One dispute e-mail due now, with what its text needs. */
export interface DueDisputeMail {
  disputeId: number;
  kind: DisputeMailKind;
  recipientId: number;
  email: string;
  firstName: string;
  langKey: string;
  /** Whether the recipient is the lesson's teacher (else its student). */
  toTeacher: boolean;
  /** The lesson's start, an ISO instant. */
  lessonDate: string;
  reason: "TEACHER_ABSENT" | "STUDENT_ABSENT" | "TECHNICAL";
  openedBy: "STUDENT" | "TEACHER";
  resolution: { refundStudent: boolean; payTeacher: boolean; reason: string } | null;
}

/** The dispute e-mails due at `now` and not expired, oldest first. */
export const dueDisputeMails = async (db: Sql, now: Date, limit = 50): Promise<DueDisputeMail[]> => {
  const { rows } = await db.query<{
    dispute_id: string;
    kind: DisputeMailKind;
    recipient_id: string;
    email: string;
    first_name: string;
    lang_key: string | null;
    teacher_id: string;
    lesson_date: Date;
    reason: DueDisputeMail["reason"];
    opened_by: DueDisputeMail["openedBy"];
    refund_student: boolean | null;
    pay_teacher: boolean | null;
    resolution_reason: string | null;
  }>(
    `select m.dispute_id, m.kind, m.recipient_id, u.email, u.first_name, u.lang_key, d.teacher_id, d.lesson_date,
            d.reason, d.opened_by, d.refund_student, d.pay_teacher, d.resolution_reason
       from dispute_mails m
       join disputes d on d.id = m.dispute_id
       join users u on u.id = m.recipient_id
      where m.state = 'due' and m.due_at <= $1 and m.expires_at > $1
      order by m.due_at, m.dispute_id, m.kind, m.recipient_id
      limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    disputeId: Number(row.dispute_id),
    kind: row.kind,
    recipientId: Number(row.recipient_id),
    email: row.email,
    firstName: row.first_name,
    langKey: row.lang_key ?? "pt-br",
    toTeacher: Number(row.teacher_id) === Number(row.recipient_id),
    lessonDate: new Date(row.lesson_date).toISOString(),
    reason: row.reason,
    openedBy: row.opened_by,
    resolution:
      row.kind === "resolved" && row.resolution_reason !== null
        ? {
            refundStudent: row.refund_student === true,
            payTeacher: row.pay_teacher === true,
            reason: row.resolution_reason,
          }
        : null,
  }));
};
