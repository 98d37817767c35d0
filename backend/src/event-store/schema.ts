import { createHash } from "node:crypto";
import type { Sql } from "@el/projections/sql";
import { AUDIT_LOG_SCHEMA, migrateAuditLog } from "./audit-log";
import { PERSONAL_DATA_KEYS_SCHEMA } from "./personal-data";

/**
 * The store's tables and its append functions. Everything that decides whether an append may
 * happen (expected version, idempotency) runs inside PostgreSQL, in the appending transaction.
 * Subscribers are notified by the store after the commit, not by these functions: a NOTIFY inside the
 * appending transaction would make every commit wait on one server-wide lock (see README.md).
 */
export const EVENT_STORE_SCHEMA = `
create table if not exists es_streams (
  stream_id text primary key,
  version integer not null
);

create table if not exists es_events (
  global_position bigserial primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_version integer not null,
  type text not null,
  schema_version integer not null,
  data jsonb not null,
  metadata jsonb not null,
  event_id uuid not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_version)
);
create unique index if not exists es_events_event_id on es_events (event_id);
create index if not exists es_events_order on es_events (transaction_id, global_position);
-- sha256 of the event's content (chain-hash.ts, CONTENT_SQL), computed as it is stored: the audit chain links
-- digests, so its chainer never reads an event's JSON back. Null for events stored before it existed, or by a
-- store told not to (the chainer then digests them itself).
alter table es_events add column if not exists digest bytea;
-- The auditors' history filters, each in the store's order.
create index if not exists es_events_type on es_events (type, transaction_id, global_position);
create index if not exists es_events_user on es_events ((metadata->>'userId'), transaction_id, global_position);
create index if not exists es_events_time on es_events (recorded_at, transaction_id, global_position);

create table if not exists es_commands (
  command_id text primary key,
  result jsonb,
  recorded_at timestamptz not null default now()
);

create or replace function es_append(p_stream text, p_expected text, p_events jsonb)
returns table (global_position bigint, transaction_id xid8, stream_version integer)
language plpgsql as $$
declare
  v_count integer := jsonb_array_length(p_events);
  v_version integer;
  v_actual integer;
begin
  if p_expected = 'any' then
    insert into es_streams as s (stream_id, version) values (p_stream, v_count)
      on conflict (stream_id) do update set version = s.version + v_count
      returning s.version into v_version;
  elsif p_expected = 'no_stream' then
    insert into es_streams (stream_id, version) values (p_stream, v_count)
      on conflict (stream_id) do nothing
      returning es_streams.version into v_version;
  elsif p_expected = 'stream_exists' then
    update es_streams s set version = s.version + v_count where s.stream_id = p_stream
      returning s.version into v_version;
  else
    update es_streams s set version = s.version + v_count
      where s.stream_id = p_stream and s.version = p_expected::integer
      returning s.version into v_version;
  end if;

  if v_version is null then
    select s.version into v_actual from es_streams s where s.stream_id = p_stream;
    raise exception using
      errcode = 'EL409',
      message = 'wrong expected version',
      detail = coalesce(v_actual, 0)::text,
      hint = p_stream;
  end if;

  return query
    insert into es_events as e (stream_id, stream_version, type, schema_version, data, metadata, event_id, digest)
    select p_stream, v_version - v_count + n.ordinality::integer, n.value->>'type',
           (n.value->>'schemaVersion')::integer, n.value->'data', n.value->'metadata', (n.value->>'eventId')::uuid,
           case when (n.value->>'digest') is not null
                then sha256(convert_to((n.value->>'type') || E'\\n' || (n.value->'data')::text || E'\\n'
                                       || (n.value->'metadata')::text, 'UTF8')) end
    from jsonb_array_elements(p_events) with ordinality as n(value, ordinality)
    returning e.global_position, e.transaction_id, e.stream_version;
end
$$;

-- A whole command in one call, so in one statement and one round trip even without a transaction around
-- it: claims the command id (a concurrent retry waits here for the first to commit, then finds it), appends
-- to every stream at its expected version (all or nothing), and records what a retry is to be answered.
-- p_streams: [{ "streamId", "expected", "events": [...] }]. Answers { duplicate, stored } where stored is
-- { nextVersions, lastPosition: { transactionId, globalPosition }, result? }.
create or replace function es_append_many(p_streams jsonb, p_command_id text, p_result jsonb)
returns jsonb
language plpgsql as $$
declare
  v_stream jsonb;
  v_versions jsonb := '{}'::jsonb;
  v_last record;
  v_stored jsonb;
begin
  if p_command_id is not null then
    insert into es_commands (command_id) values (p_command_id) on conflict (command_id) do nothing;
    if not found then
      select c.result into v_stored from es_commands c where c.command_id = p_command_id;
      return jsonb_build_object('duplicate', true, 'stored', v_stored);
    end if;
  end if;
  for v_stream in select value from jsonb_array_elements(p_streams) loop
    select a.global_position, a.transaction_id, a.stream_version into v_last
      from es_append(v_stream->>'streamId', v_stream->>'expected', v_stream->'events') a
      order by a.global_position desc limit 1;
    v_versions := v_versions || jsonb_build_object(v_stream->>'streamId', v_last.stream_version);
  end loop;
  v_stored := jsonb_build_object(
    'nextVersions', v_versions,
    'lastPosition', jsonb_build_object(
      'transactionId', v_last.transaction_id::text,
      'globalPosition', v_last.global_position::text))
    || case when p_result is null then '{}'::jsonb else jsonb_build_object('result', p_result) end;
  if p_command_id is not null then
    update es_commands set result = v_stored where command_id = p_command_id;
  end if;
  return jsonb_build_object('duplicate', false, 'stored', v_stored);
end
$$;
`;

/** The schema this code writes: a database that records it was migrated to it needs no DDL. */
const SCHEMA_VERSION = createHash("sha256")
  .update(EVENT_STORE_SCHEMA)
  .update(AUDIT_LOG_SCHEMA)
  .update(PERSONAL_DATA_KEYS_SCHEMA)
  .digest("hex");

/**
 * Brings the store's schema to this code's. Its DDL takes table locks even where there is nothing to change
 * (`alter table … if not exists`, `create or replace view`, `create index if not exists`), held to the end of
 * the starting instance's migration: a second instance starting beside a running one blocked its appends and
 * could deadlock with its audit chainer. So a database already at this schema is left alone. The version is
 * kept outside the `es_*` tables on purpose: a backup holds those and not the functions, so a database
 * restored from one must be migrated in full.
 */
export const migrateEventStore = async (sql: Sql) => {
  await sql.query("select pg_advisory_lock(hashtextextended('es_migrate', 0))");
  try {
    await sql.query("create table if not exists event_store_schema_version (version text not null)");
    const { rows } = await sql.query<{ version: string }>("select version from event_store_schema_version");
    if (rows.some((row) => row.version === SCHEMA_VERSION)) return;
    await sql.query(EVENT_STORE_SCHEMA);
    await migrateAuditLog(sql);
    await sql.query(PERSONAL_DATA_KEYS_SCHEMA);
    await sql.query("delete from event_store_schema_version");
    await sql.query("insert into event_store_schema_version (version) values ($1)", [SCHEMA_VERSION]);
  } finally {
    await sql.query("select pg_advisory_unlock(hashtextextended('es_migrate', 0))");
  }
};
