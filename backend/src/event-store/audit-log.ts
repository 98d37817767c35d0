import { comparePositions, type EventMetadata, type Position } from "@el/domain";
import type { Database, Sql } from "@el/projections/sql";
import { chainHash, GENESIS_HASH } from "./chain-hash";

/**
 * The tamper-evident log (issue 12): one row per stored event, in the store's global order, holding the
 * event's link of a hash chain and the columns the auditors filter on. It is written after the events
 * commit by one chainer at a time (docs/architecture.md, "The audit chain is written after the commit"),
 * so appends neither wait for it nor serialise on it.
 */
export const AUDIT_LOG_SCHEMA = `
-- The first shape of this table (ordered by transaction id) did not survive a restore; it holds nothing the
-- chainer cannot write again.
do $$ begin
  if exists (select 1 from information_schema.columns where table_name = 'es_audit_log' and column_name = 'transaction_id')
     and not exists (select 1 from information_schema.columns where table_name = 'es_audit_log' and column_name = 'link')
  then drop table es_audit_log;
  end if;
end $$;
create table if not exists es_audit_log (
  link bigint primary key,
  global_position bigint not null unique,
  transaction_id xid8 not null,
  stream_id text not null,
  type text not null,
  user_id text,
  recorded_at timestamptz not null,
  hash text not null
);
drop index if exists es_audit_log_stream;
create index if not exists es_audit_log_type on es_audit_log (type, link);
create index if not exists es_audit_log_user on es_audit_log (user_id, link);
create index if not exists es_audit_log_time on es_audit_log (recorded_at, link);
`;

export const migrateAuditLog = (sql: Sql) => sql.query(AUDIT_LOG_SCHEMA);

const CHAIN_BATCH = 2000;
const CHAINER_LOCK = "select pg_try_advisory_xact_lock(hashtextextended('es_audit_chain', 0)) as locked";

interface RawEventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  event_id: string;
  recorded_at: string;
}

/** An event exactly as stored, with its place in the global order and its link of the chain. */
export interface AuditedEvent extends Position {
  /** Its place in the chain: 1 for the first event chained, then one more per event. */
  link: bigint;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  eventId: string;
  recordedAt: string;
  hash: string;
}

const RAW_COLUMNS = `e.global_position, e.transaction_id, e.stream_id, e.stream_version, e.type, e.schema_version,
  e.data, e.metadata, e.event_id, to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at`;

/** What chaining an event reads of it: what its link covers and where it stands. */
interface ChainedRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** Events hashed between two turns of the event loop: a batch's hashing never holds up the process's requests for long. */
const HASHES_PER_TURN = 250;

/**
 * Chains the events committed below the oldest running writer (the bound `readAll` uses, so an event still to
 * commit can only come after the head) that have no link yet, a batch per transaction. The chain keeps its own
 * order (`link`): a restore renumbers the events' transaction ids (restore.sh), never the links.
 * Answers how many it chained; `busy` when another process holds the chainer's lock.
 *
 * What it costs is paid beside every append (README, "The audit chain's cost"), so a batch reads only what the
 * hashes cover, and writes back only positions and hashes: the database copies the filter columns (stream,
 * type, user, time) from the event rows itself instead of receiving them again as six more arrays.
 */
const chainBatch = (db: Database) =>
  db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<{ locked: boolean }>(CHAINER_LOCK);
    if (!locked[0]?.locked) return { chained: 0, busy: true };
    // The head first, then what follows it with the head's position as parameters: planned with those values,
    // the read is a short walk of the order index. Read in one statement with the head as a subquery, the
    // planner had to guess how much follows an unknown position and chose to scan and hash both whole tables
    // (0.45 s a pass over 300,000 events, on every pass and before every audit answer).
    const { rows: heads } = await tx.query<{
      link: string;
      hash: string;
      transaction_id: string;
      global_position: string;
    }>(
      `select l.link, l.hash, coalesce(e.transaction_id, l.transaction_id) as transaction_id, l.global_position
         from es_audit_log l left join es_events e on e.global_position = l.global_position
        order by l.link desc limit 1`,
    );
    const head = heads[0];
    const { rows } = await tx.query<ChainedRow>(
      `select e.global_position, e.stream_id, e.stream_version, e.type, e.data, e.metadata
         from es_events e
        where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
          and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          and not exists (select 1 from es_audit_log l where l.global_position = e.global_position)
        order by e.transaction_id, e.global_position
        limit ${CHAIN_BATCH}`,
      [head?.transaction_id ?? "0", head?.global_position ?? "0"],
    );
    if (rows.length === 0) return { chained: 0, busy: false };
    let previous = head?.hash ?? GENESIS_HASH;
    const hashes: string[] = [];
    for (const row of rows) {
      if (hashes.length > 0 && hashes.length % HASHES_PER_TURN === 0) await new Promise(setImmediate);
      previous = chainHash(previous, {
        type: row.type,
        stream: row.stream_id,
        version: row.stream_version,
        data: row.data,
        metadata: row.metadata,
      });
      hashes.push(previous);
    }
    await tx.query(
      `insert into es_audit_log (link, global_position, transaction_id, stream_id, type, user_id, recorded_at, hash)
       select $1::bigint + chained.n - 1, e.global_position, e.transaction_id, e.stream_id, e.type,
              e.metadata->>'userId', e.recorded_at, chained.hash
         from unnest($2::bigint[], $3::text[]) with ordinality as chained(global_position, hash, n)
         join es_events e on e.global_position = chained.global_position`,
      [(BigInt(head?.link ?? "0") + 1n).toString(), rows.map((row) => row.global_position), hashes],
    );
    return { chained: rows.length, busy: false };
  });

export interface ChainBreak {
  link: bigint;
  position: Position;
  streamId: string;
  streamVersion: number;
  expected: string;
  stored: string;
}

export interface ChainHead {
  link: bigint;
  position: Position;
  hash: string;
}

export interface ChainVerification {
  checked: number;
  head: ChainHead | null;
  brokenAt: ChainBreak | null;
  unchained: number;
}

export interface AuditFilter {
  stream?: string;
  type?: string;
  userId?: string;
  from?: string;
  to?: string;
  /** The link of the last event of the page before. */
  after?: bigint;
}

export interface AuditLog {
  /**
   * Chains what has committed since the head; resolves once nothing is left (or another process chains).
   * With `upTo`, goes on until the head reaches that event, for up to `timeoutMs`: an event committed while an
   * older transaction is still open, anywhere on the server, waits for it to end before it can be chained.
   */
  catchUp(options?: { upTo?: Position; timeoutMs?: number }): Promise<void>;
  /** The last event stored, chained or not (its position), or null in an empty store. */
  lastStored(): Promise<Position | null>;
  /** Chains in the background: woken by `wake` (this process appended) and every `intervalMs`. */
  start(intervalMs?: number): void;
  /** Chains soon: the appends of the next `coalesceMs` are chained together, in one pass. */
  wake(): void;
  stop(): Promise<void>;
  /** Recomputes the whole chain from the events as stored and reports the first link that does not hold. */
  verify(): Promise<ChainVerification>;
  /** Chained events in the chain's (global) order, filtered, after a link. */
  events(filter: AuditFilter, limit: number): Promise<AuditedEvent[]>;
  /** Every chained event of a stream, in its order. */
  stream(streamId: string): Promise<AuditedEvent[]>;
  /** The hash of the link before `link` (the genesis hash for the first). */
  previousHash(link: bigint): Promise<string>;
  head(): Promise<ChainHead | null>;
}

type LoggedRow = RawEventRow & { link: string; hash: string };

const toAudited = (row: LoggedRow): AuditedEvent => ({
  link: BigInt(row.link),
  transactionId: BigInt(row.transaction_id),
  globalPosition: BigInt(row.global_position),
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  eventId: row.event_id,
  recordedAt: row.recorded_at,
  hash: row.hash,
});

const VERIFY_PAGE = 5000;
/** Periods up to this long are paged from the time index (see `events`). */
const NARROW_PERIOD_MS = 31 * 24 * 60 * 60 * 1000;

export const createAuditLog = (db: Database, options: { coalesceMs?: number } = {}): AuditLog => {
  // A pass has a fixed price (six statements and a commit) whatever it chains: at one a tenth of a second,
  // a lone writer's appends are chained ten at a time rather than one or two. Readers of the history do not
  // wait for it (the audit routes chain what is missing before they answer).
  const coalesceMs = options.coalesceMs ?? 100;
  let woken: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const drain = async () => {
    for (;;) {
      const { chained, busy } = await chainBatch(db);
      if (busy || chained < CHAIN_BATCH) return;
    }
  };
  // One chaining at a time in this process; a wake during it runs it once more.
  const pass = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopped);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const head = async (): Promise<ChainHead | null> => {
    const { rows } = await db.query<{ link: string; transaction_id: string; global_position: string; hash: string }>(
      `select l.link, coalesce(e.transaction_id, l.transaction_id) as transaction_id, l.global_position, l.hash
         from es_audit_log l left join es_events e on e.global_position = l.global_position
        order by l.link desc limit 1`,
    );
    const row = rows[0];
    return row
      ? {
          link: BigInt(row.link),
          position: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
          hash: row.hash,
        }
      : null;
  };

  const catchUp: AuditLog["catchUp"] = async ({ upTo, timeoutMs = 10_000 } = {}) => {
    const giveUpAt = Date.now() + timeoutMs;
    const reachedUpTo = async () => {
      const reached = upTo && (await head());
      return !!reached && !!upTo && comparePositions(reached.position, upTo) >= 0;
    };
    // Usually the background chainer got there first: one read of the head then answers (every audit request
    // asks), instead of a chaining pass's five statements.
    if (await reachedUpTo()) return;
    for (;;) {
      await pass();
      if (!upTo || stopped) return;
      if (await reachedUpTo()) return;
      if (Date.now() >= giveUpAt) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    catchUp,
    async lastStored() {
      const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
        "select transaction_id, global_position from es_events order by transaction_id desc, global_position desc limit 1",
      );
      const row = rows[0];
      return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : null;
    },
    start(intervalMs = 250) {
      timer = setInterval(() => {
        catchUp().catch(() => {});
      }, intervalMs);
      timer.unref();
      catchUp().catch(() => {});
    },
    wake() {
      // One pass per short interval, not one per append: under load a pass chains a whole burst.
      if (stopped || woken) return;
      woken = setTimeout(() => {
        woken = undefined;
        catchUp().catch(() => {});
      }, coalesceMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (woken) clearTimeout(woken);
      await running?.catch(() => {});
    },

    async verify() {
      let previous = GENESIS_HASH;
      let checked = 0;
      let last: ChainHead | null = null;
      let after = "0";
      for (;;) {
        const { rows } = await db.query<
          Partial<RawEventRow> & { link: string; log_tx: string; log_pos: string; log_stream: string; hash: string }
        >(
          `select l.link, l.transaction_id as log_tx, l.global_position as log_pos, l.stream_id as log_stream, l.hash,
                  ${RAW_COLUMNS}
             from es_audit_log l
             left join es_events e on e.global_position = l.global_position
            where l.link > $1::bigint
            order by l.link
            limit ${VERIFY_PAGE}`,
          [after],
        );
        for (const row of rows) {
          const position = {
            transactionId: BigInt(row.transaction_id ?? row.log_tx),
            globalPosition: BigInt(row.log_pos),
          };
          // A removed event row leaves its link without an event: nothing can hash to it.
          const expected =
            row.type === undefined || row.type === null
              ? "event missing"
              : chainHash(previous, {
                  type: row.type,
                  stream: row.stream_id as string,
                  version: row.stream_version as number,
                  data: row.data,
                  metadata: row.metadata,
                });
          if (expected !== row.hash) {
            return {
              checked,
              head: last,
              brokenAt: {
                link: BigInt(row.link),
                position,
                streamId: row.stream_id ?? row.log_stream,
                streamVersion: row.stream_version ?? 0,
                expected,
                stored: row.hash,
              },
              unchained: 0,
            };
          }
          previous = row.hash;
          last = { link: BigInt(row.link), position, hash: row.hash };
          checked++;
        }
        if (rows.length < VERIFY_PAGE) break;
        after = rows[rows.length - 1]?.link as string;
      }
      // Events without a link: not chained yet, or their link was removed.
      const { rows: behind } = await db.query<{ count: string | number }>(
        `select count(*) as count from es_events e
          where not exists (select 1 from es_audit_log l where l.global_position = e.global_position)`,
      );
      return { checked, head: last, brokenAt: null, unchained: Number(behind[0]?.count ?? 0) };
    },

    async events(filter, limit) {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      // A stream is found by the events' own (stream, version) key, so the log needs no index of its own for it.
      if (filter.stream !== undefined) where.push(`e.stream_id = ${param(filter.stream)}`);
      if (filter.type !== undefined) where.push(`l.type = ${param(filter.type)}`);
      if (filter.userId !== undefined) where.push(`l.user_id = ${param(filter.userId)}`);
      if (filter.from !== undefined) where.push(`l.recorded_at >= ${param(filter.from)}::timestamptz`);
      if (filter.to !== undefined) where.push(`l.recorded_at < ${param(filter.to)}::timestamptz`);
      if (filter.after !== undefined) where.push(`l.link > ${param(filter.after.toString())}::bigint`);
      const span =
        (filter.to !== undefined ? Date.parse(filter.to) : Date.now()) -
        (filter.from !== undefined ? Date.parse(filter.from) : Number.NEGATIVE_INFINITY);
      if (filter.stream === undefined && span <= NARROW_PERIOD_MS) {
        // A period of a few weeks: its events are taken from the time index and the page's links sorted out of
        // them (`link + 0` keeps the planner off the link order). Asked for the link order with a LIMIT, the
        // planner expects the period's events spread evenly over the chain and walks it from the first link,
        // while they sit together wherever the period is: 0.7 s for one day of 1,000,000 events.
        const { rows } = await db.query<LoggedRow>(
          `with page as (
             select l.link, l.global_position, l.hash from es_audit_log l
              where ${where.join(" and ")}
              order by l.link + 0
              limit ${param(limit)})
           select ${RAW_COLUMNS}, l.link, l.hash
             from page l
             join es_events e on e.global_position = l.global_position
            order by l.link`,
          params,
        );
        return rows.map(toAudited);
      }
      // With a type or a user fixed, ordering by it first is the same order, and only its own index gives it:
      // ordered by link alone, the planner walked the chain from the first link, expecting a type's events
      // spread evenly over it (55 ms at p50 for a type whose events start 100,000 links in).
      const order =
        filter.stream !== undefined
          ? "l.link"
          : filter.type !== undefined
            ? "l.type, l.link"
            : filter.userId !== undefined
              ? "l.user_id, l.link"
              : "l.link";
      const { rows } = await db.query<LoggedRow>(
        `select ${RAW_COLUMNS}, l.link, l.hash
           from es_audit_log l
           join es_events e on e.global_position = l.global_position
          ${where.length > 0 ? `where ${where.join(" and ")}` : ""}
          order by ${order}
          limit ${param(limit)}`,
        params,
      );
      return rows.map(toAudited);
    },

    async stream(streamId) {
      const { rows } = await db.query<LoggedRow>(
        `select ${RAW_COLUMNS}, l.link, l.hash
           from es_audit_log l
           join es_events e on e.global_position = l.global_position
          where e.stream_id = $1
          order by e.stream_version`,
        [streamId],
      );
      return rows.map(toAudited);
    },

    async previousHash(link) {
      const { rows } = await db.query<{ hash: string }>(
        "select hash from es_audit_log where link < $1::bigint order by link desc limit 1",
        [link.toString()],
      );
      return rows[0]?.hash ?? GENESIS_HASH;
    },

    head,
  };
};
