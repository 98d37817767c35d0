import type { RecordedEvent } from "@el/domain";
import { accountStreamEvent, PERSON_REMOVED, type ProfileChanges } from "@el/domain/accounts/index";
import { readModelMigrations } from "../../migrations";
import { applyInRuns } from "../../runner/live-runs";
import type { EvolveOne, Projector, Push } from "../../runner/projector";
import type { Sql } from "../../sql";

/**
 * `users`: one row per account, whatever its kind, as the administrator screens and other slices (names,
 * balance) read it. Only this projector writes it. A deleted account's row is removed.
 */
export const USERS_SCHEMA = `
create table if not exists users (
  id bigint primary key,
  stream_id text not null unique,
  login text not null unique,
  email text not null,
  first_name text,
  last_name text,
  authorities text[] not null default '{}',
  activated boolean not null,
  kind text not null check (kind in ('student', 'teacher', 'admin')),
  -- false while a teacher application waits for an administrator
  accepted boolean not null default true,
  level_id int,
  objective text,
  seen text,
  phone text,
  balance int not null default 0,
  lang_key text not null default 'pt-br',
  image_url text,
  experience text,
  cpf text,
  street text,
  neighbourhood text,
  city text,
  state text,
  country text,
  number text,
  cep text,
  bank_number text,
  bank_account text,
  bank_branch text,
  created_by text not null,
  created_date timestamptz not null,
  last_modified_by text not null,
  last_modified_date timestamptz not null
);
-- free trial lessons (students), added after the first release: a table from before gets the column
alter table users add column if not exists trial_credits int not null default 0;
-- a teacher application turned down, and why (cleared if it is accepted after all)
alter table users add column if not exists rejected_reason text;
alter table users add column if not exists rejected_at timestamptz;
create index if not exists users_email on users (lower(email));
create index if not exists users_kind on users (kind, id);
`;

/** Profile field → column. */
const profileColumns: Record<keyof ProfileChanges, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  langKey: "lang_key",
  imageUrl: "image_url",
  phone: "phone",
  level: "level_id",
  objective: "objective",
  cpf: "cpf",
  street: "street",
  neighbourhood: "neighbourhood",
  city: "city",
  state: "state",
  country: "country",
  number: "number",
  cep: "cep",
  experience: "experience",
  bankNumber: "bank_number",
  bankAccount: "bank_account",
  bankBranch: "bank_branch",
};

const isProfileField = (field: string): field is keyof ProfileChanges => Object.hasOwn(profileColumns, field);

interface NewUser {
  id: number;
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  authorities: string[];
  activated: boolean;
  accepted: boolean;
  kind: "student" | "teacher" | "admin";
  levelId?: number | null;
  objective?: string | null;
  seen?: string | null;
  phone?: string | null;
  langKey: string;
  imageUrl?: string | null;
  experience?: string | null;
  createdBy: string;
  createdDate: string;
}

const insertUser = (tx: Sql, streamId: string, user: NewUser) =>
  tx.query(
    `insert into users (id, stream_id, login, email, first_name, last_name, authorities, activated, accepted, kind,
       level_id, objective, seen, phone, lang_key, image_url, experience,
       created_by, created_date, last_modified_by, last_modified_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18, $19)`,
    [
      user.id,
      streamId,
      // Replayed after an erasure, a registration reads "titular removido": the unique login must still differ.
      user.login === PERSON_REMOVED ? `titular-removido-${user.id}` : user.login,
      user.email,
      user.firstName,
      user.lastName,
      user.authorities,
      user.activated,
      user.accepted,
      user.kind,
      user.levelId ?? null,
      user.objective ?? null,
      user.seen ?? null,
      user.phone ?? null,
      user.langKey,
      user.imageUrl ?? null,
      user.experience ?? null,
      user.createdBy,
      user.createdDate,
    ],
  );

/** The balance updates `touched` prepares, one per text (a handful of literal `set`s in this file). */
const touchedNames = new Map<string, string>();
const touched = (tx: Sql, event: RecordedEvent, set: string, params: unknown[], by: string | undefined) => {
  const text = `update users set ${set}, last_modified_by = coalesce($${params.length + 2}, last_modified_by),
       last_modified_date = $${params.length + 3}
     where stream_id = $${params.length + 1} returning id, balance, trial_credits`;
  let name = touchedNames.get(text);
  if (name === undefined) {
    name = `users_touched_${touchedNames.size + 1}`;
    touchedNames.set(text, name);
  }
  return tx.query<{ id: string; balance: number; trial_credits: number }>(
    text,
    [...params, event.streamId, by ?? null, event.metadata.occurredAt ?? event.recordedAt.toISOString()],
    // Every credit spent, granted and refunded runs one of these: parsed and planned once per connection.
    { prepareAs: name },
  );
};

const balanceChanged = (rows: { id: string; balance: number; trial_credits: number }[]): Push[] =>
  rows.map((row) => ({
    room: `user:${row.id}`,
    event: "balance:changed",
    payload: { balance: row.balance, trialCredits: row.trial_credits },
  }));

/** Personal columns of `users`: "titular removido" once their person is erased (null stays null). */
const PERSONAL_COLUMNS = [
  "email",
  "first_name",
  "last_name",
  "phone",
  "image_url",
  "experience",
  "cpf",
  "street",
  "neighbourhood",
  "city",
  "state",
  "country",
  "number",
  "cep",
  "bank_number",
  "bank_account",
  "bank_branch",
  "rejected_reason",
];

/**
 * An erased person keeps their row (balance, kind, dates: what the back office counts), under a login that
 * names no one (`titular-removido-{id}`, still unique); where they were named as the author of a change,
 * theirs or someone else's, they are "titular removido" too.
 */
const eraseUser = async (tx: Sql, streamId: string) => {
  await tx.query(
    `update users as u set
       created_by = case when u.created_by = erased.login then $2 else u.created_by end,
       last_modified_by = case when u.last_modified_by = erased.login then $2 else u.last_modified_by end
     from (select login from users where stream_id = $1) as erased
     where u.created_by = erased.login or u.last_modified_by = erased.login`,
    [streamId, PERSON_REMOVED],
  );
  await tx.query(
    `update users set login = 'titular-removido-' || id, activated = false,
       ${PERSONAL_COLUMNS.map((column) => `${column} = case when ${column} is null then null else $2 end`).join(", ")}
     where stream_id = $1`,
    [streamId, PERSON_REMOVED],
  );
};

/**
 * Credits spent (not trial ones) on any accounts, in one statement: each account's balance down by one per
 * event, never below 0, stamped with its last event's time, as the events one by one would leave it.
 * Answers each account's balance once, after all of them.
 */
const creditsSpent = async (events: readonly RecordedEvent[], tx: Sql): Promise<Push[]> => {
  const { rows } = await tx.query<{ id: string; balance: number; trial_credits: number }>(
    `update users as u set balance = greatest(u.balance - spent.count, 0), last_modified_date = spent.at
     from (select stream_id, count(*)::int as count, (array_agg(at order by n desc))[1] as at
             from unnest($1::text[], $2::timestamptz[]) with ordinality as spent(stream_id, at, n)
            group by stream_id) as spent
     where u.stream_id = spent.stream_id
     returning u.id, u.balance, u.trial_credits`,
    [
      events.map((event) => event.streamId),
      events.map((event) => event.metadata.occurredAt ?? event.recordedAt.toISOString()),
    ],
    { prepareAs: "users_credits_spent" },
  );
  return balanceChanged(rows);
};

const spendsCredit = (event: RecordedEvent) =>
  event.type === "CreditSpent" && !(event.data as { trial?: boolean }).trial;

const applyUserEvent: EvolveOne = async (recorded, tx) => {
  const event = accountStreamEvent(recorded);
  switch (event.type) {
    case "StudentRegistered": {
      const student = event.data;
      await insertUser(tx, event.streamId, {
        ...student,
        kind: "student",
        authorities: ["ROLE_USER", "ROLE_STUDENT"],
        activated: true,
        accepted: true,
        levelId: student.level,
        createdBy: student.registeredBy ?? student.login,
        createdDate: student.registeredAt,
      });
      return [];
    }
    case "TeacherApplied": {
      const teacher = event.data;
      await insertUser(tx, event.streamId, {
        ...teacher,
        kind: "teacher",
        authorities: ["ROLE_USER", "ROLE_TEACHER"],
        activated: false,
        accepted: false,
        createdBy: teacher.registeredBy ?? teacher.login,
        createdDate: teacher.appliedAt,
      });
      return [];
    }
    case "AdministratorRegistered": {
      const admin = event.data;
      await insertUser(tx, event.streamId, {
        ...admin,
        kind: "admin",
        activated: true,
        accepted: true,
        createdBy: admin.registeredBy ?? "system",
        createdDate: admin.registeredAt,
      });
      return [];
    }
    case "TeacherAccepted":
      await touched(
        tx,
        event,
        "activated = true, accepted = true, rejected_reason = null, rejected_at = null",
        [],
        event.data.by,
      );
      return [];
    case "TeacherRejected":
      await touched(
        tx,
        event,
        "rejected_reason = $1, rejected_at = $2",
        [event.data.reason, event.data.at],
        event.data.by,
      );
      return [];
    case "ProfileChanged": {
      const changes = Object.entries(event.data.changes).flatMap(([field, value]) =>
        isProfileField(field) ? [{ column: profileColumns[field], value }] : [],
      );
      if (changes.length === 0) return [];
      const set = changes.map(({ column }, index) => `${column} = $${index + 1}`).join(", ");
      await touched(
        tx,
        event,
        set,
        changes.map(({ value }) => value),
        event.data.by,
      );
      return [];
    }
    case "AccountActivated":
    case "AccountDeactivated":
      await touched(tx, event, "activated = $1", [event.type === "AccountActivated"], event.data.by);
      return [];
    case "AuthorityGranted":
      await touched(
        tx,
        event,
        "authorities = case when $1::text = any(authorities) then authorities else array_append(authorities, $1::text) end",
        [event.data.authority],
        event.data.by,
      );
      return [];
    case "AuthorityRevoked":
      await touched(
        tx,
        event,
        "authorities = array_remove(authorities, $1::text)",
        [event.data.authority],
        event.data.by,
      );
      return [];
    case "CreditsGranted":
      return balanceChanged((await touched(tx, event, "balance = balance + $1", [event.data.amount], undefined)).rows);
    case "TrialCreditsGranted":
      return balanceChanged(
        (await touched(tx, event, "trial_credits = trial_credits + $1", [event.data.amount], undefined)).rows,
      );
    case "CreditsRevoked":
      return balanceChanged(
        (await touched(tx, event, "balance = greatest(balance - $1, 0)", [event.data.amount], undefined)).rows,
      );
    case "CreditSpent":
      return balanceChanged(
        (
          await touched(
            tx,
            event,
            event.data.trial ? "trial_credits = greatest(trial_credits - 1, 0)" : "balance = greatest(balance - 1, 0)",
            [],
            undefined,
          )
        ).rows,
      );
    case "CreditRefunded":
      return balanceChanged(
        (
          await touched(
            tx,
            event,
            event.data.trial ? "trial_credits = trial_credits + 1" : "balance = balance + 1",
            [],
            undefined,
          )
        ).rows,
      );
    case "LevelAssessed":
      // The level test's result is the student's level from now on (the profile form may change it again).
      await touched(tx, event, "level_id = $1", [event.data.levelId], undefined);
      return [];
    case "AccountDeleted":
      await tx.query("delete from users where stream_id = $1", [event.streamId]);
      return [];
    case "PersonalDataErased":
      await eraseUser(tx, event.streamId);
      return [];
    default:
      return [];
  }
};

export const usersProjector: Projector = {
  name: "users",
  tables: ["users"],
  handles: [
    "StudentRegistered",
    "TeacherApplied",
    "AdministratorRegistered",
    "TeacherAccepted",
    "TeacherRejected",
    "ProfileChanged",
    "AccountActivated",
    "AccountDeactivated",
    "AuthorityGranted",
    "AuthorityRevoked",
    "CreditsGranted",
    "TrialCreditsGranted",
    "CreditsRevoked",
    "CreditSpent",
    "CreditRefunded",
    "LevelAssessed",
    "AccountDeleted",
    "PersonalDataErased",
  ],
  migrate: readModelMigrations("users", [{ name: "001-users", sql: USERS_SCHEMA }]),
  // A burst of credits spent is one update; every other event is applied on its own, in order.
  evolve: (events, tx) => applyInRuns(events, tx, spendsCredit, creditsSpent, applyUserEvent),
};
