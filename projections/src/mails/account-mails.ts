import { studentStreams } from "@el/domain/accounts/student-account";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import {
  type AccountMailKind,
  accountMailStreams,
  MAX_MAIL_ATTEMPTS,
  mailOnAccountCreated,
  mailOnPurchasePaid,
  type PlannedAccountMail,
} from "@el/domain/mails/index";
import { purchaseStreams } from "@el/domain/purchasing/purchase";
import type { PaymentMethod } from "@el/domain/purchasing/purchase-views";
import { readModelMigrations } from "../migrations";
import type { Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * Read model `account_mails`: the work list of the account e-mails (welcome, purchase confirmation), one
 * row per e-mail, `due` until a claim makes it `sent` (a reported failure makes it `due` again, `failed`
 * once the attempts are spent). `account_mail_purchases` keeps what a confirmation says of its purchase
 * (amount, method, installments, credits), from its start. Rebuilt from the events it is the same list:
 * the old ones have expired, so a rebuild sends nothing twice nor anything stale.
 */
const plan = (tx: Sql, userId: number, mail: PlannedAccountMail) =>
  tx.query(
    `insert into account_mails (user_id, kind, ref, due_at, expires_at, state)
     values ($1, $2, $3, $4, $5, 'due') on conflict (user_id, kind, ref) do nothing`,
    [userId, mail.kind, mail.ref, new Date(mail.dueAt).toISOString(), new Date(mail.expiresAt).toISOString()],
  );

export const accountMailsProjector: Projector = {
  name: "account-mails",
  awaitedOn: ["AccountMailSent", "AccountMailFailed"],
  handles: [
    "StudentRegistered",
    "TeacherApplied",
    "PurchaseStarted",
    "PurchasePaid",
    "AccountMailSent",
    "AccountMailFailed",
  ],
  tables: ["account_mails", "account_mail_purchases"],
  migrate: readModelMigrations("account-mails", [
    {
      name: "001-account-mails",
      sql: `
      create table if not exists account_mails (
        user_id bigint not null,
        kind text not null,
        ref bigint not null,
        due_at timestamptz not null,
        expires_at timestamptz not null,
        state text not null check (state in ('due', 'sent', 'failed')),
        failures int not null default 0,
        primary key (user_id, kind, ref)
      );
      create index if not exists account_mails_due on account_mails (due_at) where state = 'due';
      create table if not exists account_mail_purchases (
        purchase_id bigint primary key,
        student_id bigint not null,
        total_cents int not null,
        method text not null,
        installments int not null,
        credits int not null
      );`,
    },
  ]),
  evolve: async (events, tx) => {
    for (const recorded of events) {
      switch (recorded.type) {
        // The account's id is its stream's: the registration's personal fields are not read.
        case "StudentRegistered":
        case "TeacherApplied": {
          const { streamId } = recorded;
          const userId = studentStreams.holds(streamId)
            ? studentStreams.parse(streamId)
            : teacherStreams.holds(streamId)
              ? teacherStreams.parse(streamId)
              : undefined;
          if (userId !== undefined) await plan(tx, userId, mailOnAccountCreated(new Date(recorded.recordedAt)));
          break;
        }
        case "PurchaseStarted":
        case "PurchasePaid": {
          const event = purchaseStreams.event(recorded);
          const purchaseId = purchaseStreams.parse(event.streamId);
          if (purchaseId === undefined) break;
          if (event.type === "PurchaseStarted") {
            const { student, totalCents, method, installments, credits } = event.data;
            await tx.query(
              `insert into account_mail_purchases (purchase_id, student_id, total_cents, method, installments, credits)
               values ($1, $2, $3, $4, $5, $6) on conflict (purchase_id) do nothing`,
              [purchaseId, student.id, totalCents, method, installments, credits],
            );
          } else if (event.type === "PurchasePaid") {
            const { rows } = await tx.query<{ student_id: string }>(
              "select student_id from account_mail_purchases where purchase_id = $1",
              [purchaseId],
            );
            const studentId = rows[0]?.student_id;
            if (studentId) await plan(tx, Number(studentId), mailOnPurchasePaid(purchaseId, event.data.paidAt));
          }
          break;
        }
        case "AccountMailSent":
        case "AccountMailFailed": {
          const event = accountMailStreams.event(recorded);
          const userId = accountMailStreams.parse(event.streamId);
          await tx.query(
            event.type === "AccountMailSent"
              ? "update account_mails set state = 'sent' where user_id = $1 and kind = $2 and ref = $3"
              : `update account_mails set failures = failures + 1,
                   state = case when failures + 1 >= ${MAX_MAIL_ATTEMPTS} then 'failed' else 'due' end
                 where user_id = $1 and kind = $2 and ref = $3`,
            [userId, event.data.kind, event.data.ref],
          );
          break;
        }
      }
    }
    return [];
  },
};

/** One account e-mail due now, with what its text needs. */
export interface DueAccountMail {
  userId: number;
  kind: AccountMailKind;
  ref: number;
  role: "student" | "teacher" | "admin";
  email: string;
  firstName: string;
  langKey: string;
  /** What a purchase confirmation tells: null for a welcome. */
  purchase: { totalCents: number; method: PaymentMethod; installments: number; credits: number } | null;
}

/** The account e-mails due at `now` and not expired, oldest first. */
export const dueAccountMails = async (db: Sql, now: Date, limit = 50): Promise<DueAccountMail[]> => {
  const { rows } = await db.query<{
    user_id: string;
    kind: AccountMailKind;
    ref: string;
    role: "student" | "teacher" | "admin";
    email: string;
    first_name: string;
    lang_key: string | null;
    total_cents: number | null;
    method: PaymentMethod | null;
    installments: number | null;
    credits: number | null;
  }>(
    `select m.user_id, m.kind, m.ref, u.kind as role, u.email, u.first_name, u.lang_key,
            p.total_cents, p.method, p.installments, p.credits
       from account_mails m
       join users u on u.id = m.user_id
       left join account_mail_purchases p on m.kind = 'purchase-paid' and p.purchase_id = m.ref
      where m.state = 'due' and m.due_at <= $1 and m.expires_at > $1
      order by m.due_at, m.user_id, m.kind, m.ref
      limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    kind: row.kind,
    ref: Number(row.ref),
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    langKey: row.lang_key ?? "pt-br",
    purchase:
      row.total_cents === null || row.method === null
        ? null
        : {
            totalCents: row.total_cents,
            method: row.method,
            installments: row.installments ?? 1,
            credits: row.credits ?? 0,
          },
  }));
};
