import { comparePositions, type EventMetadata, type Position } from "@el/domain";
import type { Database, Sql } from "@el/projections/sql";
import { CONTENT_SQL, chainHash, DIGEST_SQL, GENESIS_HASH } from "./chain-hash";

/**
 * The tamper-evident log: a hash chain over every stored event in the store's global order. The
 * chain is written after the events commit by one chainer at a time (docs/architecture.md, "The audit chain is
 * written after the commit"), so appends neither wait for it nor serialise on it, and it links each event's
 * digest, which the appending process computed (chain-hash.ts), so the chainer never reads an event's JSON back.
 *
 * One row holds a run of up to `CHUNK` consecutive links: their events' positions and their hashes, 32 bytes
 * each, in the chain's order. A row per event cost the appends a quarter of their throughput when the database's
 * CPU was the limit (docs/performance.md, `bench:eventstore`); a row per run costs a row per few hundred events under
 * load. The history's filters are the events table's own indexes. The table, its head view and the chaining pass
 * (`es_audit_chain_pass`, PL/pgSQL) are in migrations/event-store.ts.
 */

/** Events chained in one pass (one transaction). */
const CHAIN_BATCH = 2048;
/** Links a row of the chain holds: a lookup reads its positions whole, so they stay a few kilobytes. */
const CHUNK = 256;
const HASH_BYTES = 32;

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
  content: string;
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
  /** What its digest covers, as text (chain-hash.ts, CONTENT_SQL): its type, data and metadata as stored. */
  content: string;
  hash: string;
}

const RAW_COLUMNS = `e.global_position, e.transaction_id, e.stream_id, e.stream_version, e.type, e.schema_version,
  e.data, e.metadata, e.event_id, to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at,
  ${CONTENT_SQL("e")} as content`;

/**
 * An event's link and hash, as a lateral join on `e`: the row whose positions hold it, looked for from the rows
 * ending at or after its position (a run's positions rise with the chain's order but for a few concurrent
 * commits, so it is among the first few).
 */
const LINK_OF_E = `lateral (
    select c.first_link + found.at - 1 as link,
           encode(substring(c.hashes from (found.at - 1) * ${HASH_BYTES} + 1 for ${HASH_BYTES}), 'hex') as hash
      from es_audit_chain c
      cross join lateral (select array_position(c.positions, e.global_position) as at) found
     where c.max_position >= e.global_position and found.at is not null
     order by c.max_position
     limit 1) l`;

interface HeadRow {
  link: string;
  hash: string;
  transaction_id: string;
  global_position: string;
}

/**
 * Chains the events committed after the head (es_audit_chain_pass, in one statement): answers how many it
 * chained; `busy` when another process holds the chainer's lock. The chain keeps its own order (`link`): a
 * restore renumbers the events' transaction ids (restore.sh), never the links.
 *
 * What it costs is paid beside every append (docs/performance.md, `bench:eventstore`): nothing of an event leaves the
 * database, and a row holds `CHUNK` links.
 */
const chainPass = async (tx: Sql) => {
  const { rows } = await tx.query<{ chained: number }>("select es_audit_chain_pass($1, $2) as chained", [
    CHAIN_BATCH,
    CHUNK,
  ]);
  const chained = Number(rows[0]?.chained ?? 0);
  return chained < 0 ? { chained: 0, busy: true } : { chained, busy: false };
};

/**
 * Chains everything committed after the head within a transaction that already holds the chainer's lock
 * (encrypt-legacy-events.ts writes the chain again from the first event this way, in its own transaction).
 */
export const chainAllIn = async (tx: Sql) => {
  for (;;) {
    const { chained } = await chainPass(tx);
    if (chained < CHAIN_BATCH) return;
  }
};

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
  content: row.content,
  hash: row.hash,
});

/** Rows of the chain verified a page at a time (about 5,000 events). */
const VERIFY_CHUNKS = 20;
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
      const { chained, busy } = await chainPass(db);
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
    const row = (await db.query<HeadRow>("select link, hash, transaction_id, global_position from es_audit_head"))
      .rows[0];
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
        // A page of rows of the chain, then their events by position: each event's digest is computed again from
        // its content as stored (the column the chainer linked is never trusted) and chained.
        const { rows: chunks } = await db.query<{
          first_link: string;
          positions: string[];
          hashes: Uint8Array;
          last_transaction_id: string;
        }>(
          `select first_link, positions::text[] as positions, hashes, last_transaction_id
             from es_audit_chain where first_link > $1::bigint order by first_link limit ${VERIFY_CHUNKS}`,
          [after],
        );
        if (chunks.length === 0) break;
        const { rows: events } = await db.query<
          Pick<RawEventRow, "global_position" | "transaction_id" | "stream_id" | "stream_version"> & { digest: string }
        >(
          `select e.global_position, e.transaction_id, e.stream_id, e.stream_version,
                  encode(${DIGEST_SQL("e")}, 'hex') as digest
             from es_events e where e.global_position = any($1::bigint[])`,
          [chunks.flatMap((chunk) => chunk.positions)],
        );
        const byPosition = new Map(events.map((event) => [String(event.global_position), event]));
        for (const chunk of chunks) {
          // node-postgres gives a Buffer, PGlite a Uint8Array.
          const hashes = Buffer.from(chunk.hashes);
          for (let index = 0; index < chunk.positions.length; index++) {
            const globalPosition = chunk.positions[index] as string;
            const stored = hashes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES).toString("hex");
            const event = byPosition.get(globalPosition);
            const link = BigInt(chunk.first_link) + BigInt(index);
            const position = {
              transactionId: BigInt(event?.transaction_id ?? chunk.last_transaction_id),
              globalPosition: BigInt(globalPosition),
            };
            // A removed event row leaves its link without an event: nothing can hash to it.
            const expected = event
              ? chainHash(previous, { stream: event.stream_id, version: event.stream_version, digest: event.digest })
              : "event missing";
            if (expected !== stored) {
              return {
                checked,
                head: last,
                brokenAt: {
                  link,
                  position,
                  streamId: event?.stream_id ?? "",
                  streamVersion: event?.stream_version ?? 0,
                  expected,
                  stored,
                },
                unchained: 0,
              };
            }
            previous = stored;
            last = { link, position, hash: stored };
            checked++;
          }
        }
        after = (chunks.at(-1) as { first_link: string }).first_link;
      }
      // Events without a link: not chained yet, or their link was removed.
      const { rows: counts } = await db.query<{ stored: string; chained: string }>(
        `select (select count(*) from es_events) as stored,
                (select coalesce(sum(cardinality(positions)), 0) from es_audit_chain) as chained`,
      );
      const unchained = Number(counts[0]?.stored ?? 0) - Number(counts[0]?.chained ?? 0);
      return { checked, head: last, brokenAt: null, unchained: Math.max(0, unchained) };
    },

    async events(filter, limit) {
      const chainHead = await head();
      if (!chainHead) return [];
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      // Only chained events: those up to the head, in the store's order (which is the chain's).
      where.push(
        `(e.transaction_id, e.global_position) <= (${param(chainHead.position.transactionId.toString())}::xid8, ${param(
          chainHead.position.globalPosition.toString(),
        )}::bigint)`,
      );
      if (filter.after !== undefined) {
        const { rows: cursor } = await db.query<{ transaction_id: string; global_position: string }>(
          `select e.transaction_id, e.global_position
             from es_audit_chain c join es_events e on e.global_position = c.positions[$1::bigint - c.first_link + 1]
            where c.first_link <= $1::bigint
            order by c.first_link desc limit 1`,
          [filter.after.toString()],
        );
        const at = cursor[0];
        if (!at) return [];
        where.push(
          `(e.transaction_id, e.global_position) > (${param(at.transaction_id)}::xid8, ${param(at.global_position)}::bigint)`,
        );
      }
      if (filter.stream !== undefined) where.push(`e.stream_id = ${param(filter.stream)}`);
      if (filter.type !== undefined) where.push(`e.type = ${param(filter.type)}`);
      if (filter.userId !== undefined) where.push(`e.metadata->>'userId' = ${param(filter.userId)}`);
      if (filter.from !== undefined) where.push(`e.recorded_at >= ${param(filter.from)}::timestamptz`);
      if (filter.to !== undefined) where.push(`e.recorded_at < ${param(filter.to)}::timestamptz`);
      const span =
        (filter.to !== undefined ? Date.parse(filter.to) : Date.now()) -
        (filter.from !== undefined ? Date.parse(filter.from) : Number.NEGATIVE_INFINITY);
      // A period of a few weeks: its events are taken from the time index and the page sorted out of them (`offset 0`
      // keeps the planner from walking the store's order instead, without writing the period out as a CTE would).
      // Asked for the store's order with a LIMIT, the planner expects the period's events spread evenly over it and
      // walks it from the first event, while they sit together wherever the period is: 0.7 s for one day of
      // 1,000,000 events.
      const narrow = filter.stream === undefined && span <= NARROW_PERIOD_MS;
      const page = narrow
        ? `select * from (select e.transaction_id, e.global_position from es_events e where ${where.join(" and ")} offset 0) period
            order by transaction_id, global_position limit ${param(limit)}`
        : `select e.transaction_id, e.global_position from es_events e where ${where.join(" and ")}
            order by e.transaction_id, e.global_position limit ${param(limit)}`;
      const { rows } = await db.query<LoggedRow>(
        `select ${RAW_COLUMNS}, l.link, l.hash
           from (${page}) p
           join es_events e on e.global_position = p.global_position
           join ${LINK_OF_E} on true
          order by e.transaction_id, e.global_position`,
        params,
      );
      return rows.map(toAudited);
    },

    async stream(streamId) {
      const { rows } = await db.query<LoggedRow>(
        `select ${RAW_COLUMNS}, l.link, l.hash
           from es_events e
           join ${LINK_OF_E} on true
          where e.stream_id = $1
          order by e.stream_version`,
        [streamId],
      );
      return rows.map(toAudited);
    },

    async previousHash(link) {
      if (link <= 1n) return GENESIS_HASH;
      const { rows } = await db.query<{ hash: string }>(
        `select encode(substring(hashes from ($1::bigint - first_link)::integer * ${HASH_BYTES} + 1 for ${HASH_BYTES}), 'hex') as hash
           from es_audit_chain where first_link <= $1::bigint order by first_link desc limit 1`,
        [(link - 1n).toString()],
      );
      return rows[0]?.hash ?? GENESIS_HASH;
    },

    head,
  };
};
