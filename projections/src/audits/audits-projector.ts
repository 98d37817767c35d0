import type { RecordedEvent } from "@el/domain";
import { accountStreamEvent, signInStreams } from "@el/domain/accounts/index";
import type { Projector } from "../runner/projector";
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
`;

export const auditsProjector: Projector = {
  name: "audits",
  tables: ["audits"],
  handles: ["SignedIn", "SignInFailed"],
  migrate: async (sql) => {
    await sql.query(AUDITS_SCHEMA);
  },
  apply: async (recorded: RecordedEvent, tx) => {
    // A sign-in with a login no account has is recorded on its own `sign-in-{login}` stream.
    const event = signInStreams.holds(recorded.streamId) ? signInStreams.event(recorded) : accountStreamEvent(recorded);
    if (event.type !== "SignedIn" && event.type !== "SignInFailed") return;
    await tx.query(
      `insert into audits (global_position, principal, type, date, remote_address, reason)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        event.globalPosition.toString(),
        event.data.login,
        event.type === "SignedIn" ? "AUTHENTICATION_SUCCESS" : "AUTHENTICATION_FAILURE",
        event.data.at,
        event.data.ip,
        event.type === "SignInFailed" ? event.data.reason : null,
      ],
    );
  },
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

/** Failed sign-ins from an address since `since` that count towards its limit. */
export const countRecentFailuresFrom = async (sql: Sql, ip: string, since: Date) => {
  const { rows } = await sql.query<{ total: string }>(
    `select count(*) as total from audits
     where type = 'AUTHENTICATION_FAILURE' and remote_address = $1 and date > $2 and reason <> 'rate_limited'`,
    [ip, since.toISOString()],
  );
  return Number(rows[0]?.total ?? 0);
};
