import type { Migration } from "@el/projections/migrations";
import { DIGEST_SQL } from "../event-store/chain-hash";

/**
 * The event store's tables and its append and chaining functions (backend/src/event-store/README.md). Everything
 * that decides whether an append may happen (expected version, idempotency) runs inside PostgreSQL, in the
 * appending transaction. Subscribers are notified by the store after the commit, not by these functions: a
 * NOTIFY inside the appending transaction would make every commit wait on one server-wide lock.
 *
 * These tables are what a backup holds (backend/scripts/backup.sh), without `schema_migrations` and without the
 * functions: a restored database applies every migration here again, so each stays safe on tables already there.
 */
export const EVENT_STORE_MIGRATIONS: Migration[] = [
  {
    name: "event-store/001-streams-events-commands",
    up: `
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
create table if not exists es_commands (
  command_id text primary key,
  result jsonb,
  recorded_at timestamptz not null default now()
);
`,
  },
  {
    name: "event-store/002-event-digests",
    up: `
-- sha256 of the event's content (chain-hash.ts, CONTENT_SQL), computed as it is stored: the audit chain links
-- digests, so its chainer never reads an event's JSON back. Null for events stored before it existed, or by a
-- store told not to (the chainer then digests them itself).
alter table es_events add column if not exists digest bytea;
`,
  },
  {
    name: "event-store/003-history-filters",
    up: `
-- The auditors' history filters, each in the store's order.
create index if not exists es_events_type on es_events (type, transaction_id, global_position);
create index if not exists es_events_user on es_events ((metadata->>'userId'), transaction_id, global_position);
create index if not exists es_events_time on es_events (recorded_at, transaction_id, global_position);
`,
  },
  {
    name: "event-store/004-append-functions",
    up: `
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
`,
  },
  {
    name: "event-store/005-audit-chain",
    up: `
-- The first two shapes held a row per event (es_audit_log), hashed over the whole event; the links are written
-- again from the events by the chainer (docs/architecture.md, "The audit chain is written after the commit").
drop table if exists es_audit_log;
create table if not exists es_audit_chain (
  -- The link of its first event: 1 for the first event chained, then one more per event.
  first_link bigint primary key,
  -- Its events' global positions, in the chain's order.
  positions bigint[] not null,
  -- Each event's link hash, 32 bytes each, in the same order; read a slice at a time.
  hashes bytea not null,
  max_position bigint not null,
  -- The last event's transaction id when it was chained, should its row be removed.
  last_transaction_id xid8 not null
);
alter table es_audit_chain alter column hashes set storage external;
create index if not exists es_audit_chain_max on es_audit_chain (max_position);

-- The chain's last link: its number, hash and event (the event's transaction id as it is now, or as it was chained
-- should its row be gone). Read by the pass below and by createAuditLog's head().
create or replace view es_audit_head as
  select c.first_link + cardinality(c.positions) - 1 as link,
         encode(substring(c.hashes from octet_length(c.hashes) - 31 for 32), 'hex') as hash,
         coalesce(e.transaction_id, c.last_transaction_id) as transaction_id,
         c.positions[cardinality(c.positions)] as global_position
    from (select * from es_audit_chain order by first_link desc limit 1) c
    left join es_events e on e.global_position = c.positions[cardinality(c.positions)];

-- One chaining pass, in one statement: chains up to p_limit events committed after the head, writing a row per
-- p_chunk links. Answers how many it chained, or -1 when another session holds the chainer's lock. Written in
-- PL/pgSQL so that nothing of an event leaves the database: the link is chain-hash.ts's chainHash (the verification
-- recomputes it in Node, independently) over the digest the store computed when it stored the event.
create or replace function es_audit_chain_pass(p_limit integer, p_chunk integer)
returns integer
language plpgsql as $$
declare
  v_head record;
  v_previous text := repeat('0', 64);
  v_link bigint := 0;
  v_after_tx xid8 := '0';
  v_after_position bigint := 0;
  v_first bigint;
  v_positions bigint[] := '{}';
  v_hashes text[] := '{}';
  v_last_tx xid8;
  v_event record;
  v_count integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('es_audit_chain', 0)) then
    return -1;
  end if;
  select h.link, h.hash, h.transaction_id, h.global_position into v_head from es_audit_head h;
  if found then
    v_previous := v_head.hash;
    v_link := v_head.link;
    v_after_tx := v_head.transaction_id;
    v_after_position := v_head.global_position;
  end if;
  v_first := v_link + 1;
  -- Below the oldest running writer (the bound readAll uses): an event still to commit can only come after the
  -- head. An event after the head can have a link already only if a restore moved it under transaction id 0
  -- (restore.sh) while the chain kept its older order: only those are looked up.
  for v_event in
    select e.global_position, e.transaction_id, e.stream_id, e.stream_version,
           encode(coalesce(e.digest, ${DIGEST_SQL("e")}), 'hex') as digest
      from es_events e
     where (e.transaction_id, e.global_position) > (v_after_tx, v_after_position)
       and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       and (e.transaction_id <> '0'::xid8
            or not exists (select 1 from es_audit_chain c
                            where c.max_position >= e.global_position and e.global_position = any(c.positions)))
     order by e.transaction_id, e.global_position
     limit p_limit
  loop
    v_previous := encode(sha256(convert_to(v_previous || E'\\n' || '{"digest":"' || v_event.digest || '","stream":'
                         || to_json(v_event.stream_id)::text || ',"version":' || v_event.stream_version || '}', 'UTF8')), 'hex');
    v_positions := array_append(v_positions, v_event.global_position);
    v_hashes := array_append(v_hashes, v_previous);
    v_last_tx := v_event.transaction_id;
    v_count := v_count + 1;
    if cardinality(v_positions) = p_chunk then
      insert into es_audit_chain (first_link, positions, hashes, max_position, last_transaction_id)
      values (v_first, v_positions, decode(array_to_string(v_hashes, ''), 'hex'),
              (select max(p) from unnest(v_positions) p), v_last_tx);
      v_first := v_first + cardinality(v_positions);
      v_positions := '{}';
      v_hashes := '{}';
    end if;
  end loop;
  if cardinality(v_positions) > 0 then
    insert into es_audit_chain (first_link, positions, hashes, max_position, last_transaction_id)
    values (v_first, v_positions, decode(array_to_string(v_hashes, ''), 'hex'),
            (select max(p) from unnest(v_positions) p), v_last_tx);
  end if;
  return v_count;
end
$$;
`,
  },
  {
    name: "event-store/006-personal-data-keys",
    up: `
create table if not exists personal_data_keys (
  subject text primary key,
  -- base64 of 32 random bytes; null once the subject was erased (then erased_at says when)
  key text,
  created_at timestamptz not null default now(),
  erased_at timestamptz
);
`,
  },
  {
    name: "event-store/007-snapshots",
    up: `
create table if not exists es_snapshots (
  stream_id text not null,
  codec text not null,
  version integer not null,
  transaction_id xid8 not null,
  global_position bigint not null,
  state jsonb not null,
  taken_at timestamptz not null default now(),
  primary key (stream_id, codec)
);
`,
  },
  {
    name: "event-store/008-no-schema-hash",
    // Before migrations were recorded, a hash of the whole schema said whether the DDL had to run again.
    up: "drop table if exists event_store_schema_version",
  },
  {
    name: "event-store/009-append-many-inline",
    // The same checks and the same answer as 004's es_append_many, with each stream's append written inline rather
    // than through es_append: no result set of every stored row to gather, sort and read back for the last position
    // (the largest position the inserts returned; every row of the call shares one transaction id).
    up: `
create or replace function es_append_many(p_streams jsonb, p_command_id text, p_result jsonb)
returns jsonb
language plpgsql as $$
declare
  v_stream jsonb;
  v_stream_id text;
  v_expected text;
  v_events jsonb;
  v_count integer;
  v_version integer;
  v_actual integer;
  v_position bigint;
  v_last bigint;
  v_versions jsonb := '{}'::jsonb;
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
    v_stream_id := v_stream->>'streamId';
    v_expected := v_stream->>'expected';
    v_events := v_stream->'events';
    v_count := jsonb_array_length(v_events);
    if v_expected = 'any' then
      insert into es_streams as s (stream_id, version) values (v_stream_id, v_count)
        on conflict (stream_id) do update set version = s.version + v_count
        returning s.version into v_version;
    elsif v_expected = 'no_stream' then
      insert into es_streams (stream_id, version) values (v_stream_id, v_count)
        on conflict (stream_id) do nothing
        returning es_streams.version into v_version;
    elsif v_expected = 'stream_exists' then
      update es_streams s set version = s.version + v_count where s.stream_id = v_stream_id
        returning s.version into v_version;
    else
      update es_streams s set version = s.version + v_count
        where s.stream_id = v_stream_id and s.version = v_expected::integer
        returning s.version into v_version;
    end if;
    if v_version is null then
      select s.version into v_actual from es_streams s where s.stream_id = v_stream_id;
      raise exception using
        errcode = 'EL409',
        message = 'wrong expected version',
        detail = coalesce(v_actual, 0)::text,
        hint = v_stream_id;
    end if;
    with stored as (
      insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id, digest)
      select v_stream_id, v_version - v_count + n.ordinality::integer, n.value->>'type',
             (n.value->>'schemaVersion')::integer, n.value->'data', n.value->'metadata', (n.value->>'eventId')::uuid,
             case when (n.value->>'digest') is not null
                  then sha256(convert_to((n.value->>'type') || E'\\n' || (n.value->'data')::text || E'\\n'
                                         || (n.value->'metadata')::text, 'UTF8')) end
      from jsonb_array_elements(v_events) with ordinality as n(value, ordinality)
      returning es_events.global_position
    )
    select max(stored.global_position) into v_position from stored;
    v_last := greatest(v_last, v_position);
    v_versions := v_versions || jsonb_build_object(v_stream_id, v_version);
  end loop;
  v_stored := jsonb_build_object(
    'nextVersions', v_versions,
    'lastPosition', jsonb_build_object(
      'transactionId', pg_current_xact_id()::text,
      'globalPosition', v_last::text))
    || case when p_result is null then '{}'::jsonb else jsonb_build_object('result', p_result) end;
  if p_command_id is not null then
    update es_commands set result = v_stored where command_id = p_command_id;
  end if;
  return jsonb_build_object('duplicate', false, 'stored', v_stored);
end
$$;
`,
  },
];
