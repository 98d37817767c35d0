import {
  accountStreamEvent,
  PERSON_REMOVED,
  type RecentFailures,
  signInStreams,
  unknownSignInStreams,
} from "@el/domain/accounts/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/**
 * `audits`: every sign-in, successful or not, as the administrator's audit screen lists it (JHipster's
 * AUTHENTICATION_SUCCESS / AUTHENTICATION_FAILURE). Also what per-address sign-in limits count.
 */
export const AUDITS_SCHEMA = `
create table if not exists audits (
  global_position bigint primary key,
  principal text not null,
  type text not null,
  date timestamptz not null,
  remote_address text not null,
  -- why a sign-in failed: bad_credentials, not_activated, unknown_account, rate_limited
  reason text
);
create index if not exists audits_date on audits (date);
create index if not exists audits_failures_by_address on audits (remote_address, date) where type = 'AUTHENTICATION_FAILURE';
create index if not exists audits_by_principal_address on audits (principal, remote_address, date);
-- the account a sign-in was of (null: an unknown login, or a row written before this column existed), so an erasure finds its rows
alter table audits add column if not exists stream_id text;
create index if not exists audits_stream on audits (stream_id) where stream_id is not null;
`;

export const auditsProjector: Projector = {
  name: "audits",
  tables: ["audits"],
  handles: ["SignedIn", "SignInFailed", "PersonalDataErased"],
  migrate: readModelMigrations("audits", [{ name: "001-audits", sql: AUDITS_SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    // A sign-in with a login no account has is recorded on the day's `unknown-sign-ins-{day}` stream (on
    // its own `sign-in-{login}` stream before).
    const event = unknownSignInStreams.holds(recorded.streamId)
      ? unknownSignInStreams.event(recorded)
      : signInStreams.holds(recorded.streamId)
        ? signInStreams.event(recorded)
        : accountStreamEvent(recorded);
    if (event.type === "PersonalDataErased") {
      // Who signed in, and from where, is theirs: the attempts themselves (when, how they ended) stay.
      await tx.query("update audits set principal = $2, remote_address = $2 where stream_id = $1", [
        event.streamId,
        PERSON_REMOVED,
      ]);
      return;
    }
    if (event.type !== "SignedIn" && event.type !== "SignInFailed") return;
    const account =
      unknownSignInStreams.holds(event.streamId) || signInStreams.holds(event.streamId) ? null : event.streamId;
    await tx.query(
      `insert into audits (global_position, principal, type, date, remote_address, reason, stream_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        event.globalPosition.toString(),
        event.data.login,
        event.type === "SignedIn" ? "AUTHENTICATION_SUCCESS" : "AUTHENTICATION_FAILURE",
        event.data.at,
        event.data.ip,
        event.type === "SignInFailed" ? event.data.reason : null,
        account,
      ],
    );
  }),
};

export interface AuditRow {
  id: number;
  principal: string;
  timestamp: string;
  type: string;
  data: { remoteAddress: string; message?: string };
}

export const auditSortFields = {
  auditEventDate: "date",
  timestamp: "date",
  principal: "principal",
  auditEventType: "type",
  type: "type",
  id: "global_position",
} as const;
export type AuditSortField = keyof typeof auditSortFields;

export interface AuditPageQuery {
  from?: Date;
  /** Exclusive. */
  to?: Date;
  page: number;
  size: number;
  sort: { field: AuditSortField; direction: "asc" | "desc" }[];
}

export const pageAudits = async (sql: Sql, query: AuditPageQuery) => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.from) {
    params.push(query.from.toISOString());
    conditions.push(`date >= $${params.length}`);
  }
  if (query.to) {
    params.push(query.to.toISOString());
    conditions.push(`date < $${params.length}`);
  }
  const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
  const order = [
    ...query.sort.map(({ field, direction }) => `${auditSortFields[field]} ${direction}`),
    "global_position desc",
  ].join(", ");
  const { rows: counted } = await sql.query<{ total: string }>(`select count(*) as total from audits ${where}`, params);
  const { rows } = await sql.query<{
    global_position: string;
    principal: string;
    type: string;
    date: string;
    remote_address: string;
    reason: string | null;
  }>(
    `select global_position, principal, type, date, remote_address, reason from audits ${where}
     order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.size, query.page * query.size],
  );
  const audits: AuditRow[] = rows.map((row) => ({
    id: Number(row.global_position),
    principal: row.principal,
    timestamp: new Date(row.date).toISOString(),
    type: row.type,
    data: { remoteAddress: row.remote_address, ...(row.reason ? { message: row.reason } : {}) },
  }));
  return { audits, total: Number(counted[0]?.total ?? 0) };
};

/**
 * The failures that count towards a sign-in's limits since `since` (refusals the limits caused do not):
 * the address's on any login, and the pair's (this login from this address) since its last success.
 */
export const recentSignInFailures = async (
  sql: Sql,
  attempt: { principal: string; ip: string; since: Date },
): Promise<{ pair: RecentFailures; address: RecentFailures }> => {
  const { rows } = await sql.query<{
    pair: string;
    pair_last: string | null;
    address: string;
    address_last: string | null;
  }>(
    `with failures as (
       select principal, date from audits
       where type = 'AUTHENTICATION_FAILURE' and remote_address = $1 and date > $3 and reason <> 'rate_limited'
     ), pair_success as (
       select max(date) as at from audits
       where type = 'AUTHENTICATION_SUCCESS' and principal = $2 and remote_address = $1 and date > $3
     )
     select count(*) filter (where principal = $2 and date > coalesce((select at from pair_success), $3)) as pair,
            max(date) filter (where principal = $2 and date > coalesce((select at from pair_success), $3)) as pair_last,
            count(*) as address,
            max(date) as address_last
     from failures`,
    [attempt.ip, attempt.principal, attempt.since.toISOString()],
  );
  const row = rows[0];
  const failures = (count: string | undefined, last: string | null | undefined): RecentFailures =>
    last ? { count: Number(count), last: new Date(last).toISOString() } : { count: 0 };
  return { pair: failures(row?.pair, row?.pair_last), address: failures(row?.address, row?.address_last) };
};
