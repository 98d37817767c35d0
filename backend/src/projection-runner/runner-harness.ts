/** What the projection runner's specs share: a clock of ticks, recording read models, processes that crash. */
import { randomUUID } from "node:crypto";
import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions } from "@el/domain";
import type { Database, EventSource, Projector, Sql } from "@el/projections";
import {
  createProjectionRunner,
  eventByEvent,
  loadCheckpoints,
  migrateProjections,
  type ProjectionRunner,
  type RunnerOptions,
} from "@el/projections";
import type { QueryOptions } from "@el/projections/sql";
import { afterEach, expect } from "vitest";
import { z } from "zod";
import { createTestDatabaseUrl, type TestDriver } from "../../test/databases";
import { createPgDatabase } from "../database";
import { createEventStore, EventRegistry, type EventStore, migrateEventStore } from "../event-store";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
export const POLL = { timeout: 15_000 };

export const registry = new EventRegistry().register(
  { type: "Ticked", schema: z.object({ n: z.number().int() }) },
  { type: "Tocked", schema: z.object({ n: z.number().int() }) },
);

/** The last of `events` in the global order: what a writer waits for (read-your-writes). */
export const latest = (events: Position[]): Position =>
  positionOf(events.reduce((last, event) => (comparePositions(event, last) > 0 ? event : last)));

export const positionOf = (event: Position): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

/**
 * A read model that keeps one row per event it applied, so a test can count how many times each event
 * was applied, and in which transaction. `fails` decides, per event, whether applying it throws.
 */
export const recordingProjector = (
  name: string,
  fails: (event: RecordedEvent<string, { n: number }>) => boolean = () => false,
  onApply: (event: RecordedEvent<string, { n: number }>) => Promise<void> | void = () => {},
): Projector => ({
  name,
  handles: ["Ticked"],
  tables: [`${name}_rows`],
  async migrate(sql: Sql) {
    await sql.query(`create table if not exists ${name}_rows (
      event_id uuid not null, n integer not null, written_in text not null default pg_current_xact_id()::text)`);
  },
  evolve: eventByEvent(async (event, tx) => {
    const ticked = event as RecordedEvent<string, { n: number }>;
    await onApply(ticked);
    if (fails(ticked)) throw new Error(`cannot project tick ${ticked.data.n}`);
    await tx.query(`insert into ${name}_rows (event_id, n) values ($1, $2)`, [event.eventId, ticked.data.n]);
  }),
});

export interface Harness {
  db: Database;
  store: EventStore;
  runners: ProjectionRunner[];
  /**
   * Appends ticks `from`..`to`, `perAppend` events per append; resolves to each tick's event in order.
   * `type` "Tocked" appends tocks instead, which only a projector made for them handles.
   */
  tick(from: number, to: number, perAppend?: number, type?: "Ticked" | "Tocked"): Promise<RecordedEvent[]>;
  runner(projectors: Projector[], options?: Partial<Omit<RunnerOptions, "projectors">>): ProjectionRunner;
  /** Per tick number, how many rows the projector wrote for it. */
  applied(name: string): Promise<Map<number, number>>;
  close(): Promise<void>;
}

export const openHarness = async (db: Database): Promise<Harness> => {
  await migrateEventStore(db);
  const store = await createEventStore(db, registry);
  const runners: ProjectionRunner[] = [];
  const stream = `clock-${randomUUID()}`;
  const harness: Harness = {
    db,
    store,
    runners,
    async tick(from, to, perAppend = 10, type = "Ticked") {
      for (let n = from; n <= to; n += perAppend) {
        const events = [];
        for (let k = n; k < Math.min(n + perAppend, to + 1); k++) events.push({ type, data: { n: k } });
        await store.append(stream, events, { expectedVersion: "any" });
      }
      const all = await store.readStream(stream);
      return all.filter((event) => {
        const { n } = event.data as { n: number };
        return event.type === type && n >= from && n <= to;
      });
    },
    runner(projectors, options = {}) {
      const runner = createProjectionRunner({
        db,
        source: store,
        projectors,
        retryDelayMs: 10,
        standbyRetryMs: 50,
        ...options,
      });
      runners.push(runner);
      return runner;
    },
    async applied(name) {
      const { rows } = await db.query<{ n: number; times: string }>(
        `select n, count(*) as times from ${name}_rows group by n`,
      );
      return new Map(rows.map((row) => [row.n, Number(row.times)]));
    },
    async close() {
      await Promise.all(runners.map((runner) => runner.stop()));
      await store.close();
      await db.close();
    },
  };
  return harness;
};

export const everyTickOnce = (applied: Map<number, number>, from: number, to: number) => {
  const expected = new Map<number, number>();
  for (let n = from; n <= to; n++) expected.set(n, 1);
  expect([...applied.entries()].sort(([a], [b]) => a - b)).toEqual([...expected.entries()]);
};

export const start = async (runner: ProjectionRunner, projectors: Projector[], db: Database) => {
  await migrateProjections(db, projectors);
  runner.start();
  return runner;
};

/** A recording read model of tocks: it steps over every tick. */
export const tocksProjector = (name = "tocks"): Projector => ({ ...recordingProjector(name), handles: ["Tocked"] });

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const keyOf = (position: Position) => `${position.transactionId}:${position.globalPosition}`;

/**
 * The store as a runner reads it, noting where each of its reads started (`reads`). `found` counts the
 * reads that brought events: a read can come back empty when a transaction that began earlier is still
 * open (the store shows nothing past it), and the runner then reads again from the same place, which is
 * right and not a second reader.
 */
export const countingReads = (store: EventStore) => {
  const reads: string[] = [];
  const finding: string[] = [];
  const source: EventSource = {
    readAll: async (after, limit) => {
      reads.push(keyOf(after));
      const events = await store.readAll(after, limit);
      if (events.length > 0) finding.push(keyOf(after));
      return events;
    },
    onAppended: (listener) => store.onAppended(listener),
    countAfter: (position) => store.countAfter(position),
    anyOf: (types, after, upTo) => store.anyOf(types, after, upTo),
  };
  return {
    source,
    reads,
    found: (from: RecordedEvent, since = 0) => finding.slice(since).filter((key) => key === keyOf(from)).length,
    foundSoFar: () => finding.length,
  };
};

/**
 * `db` and `store` as a process sees them until it dies: after `crash()` every statement fails, as on a
 * dead connection, so nothing more is written. Locks are let go as a dead session's would be.
 */
export const crashable = (db: Database, store: EventStore) => {
  let dead = false;
  const alive = () => {
    if (dead) throw new Error("connection terminated");
  };
  const sql = (inner: Sql): Sql => ({
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions) {
      alive();
      return inner.query<Row>(text, params, options);
    },
  });
  const crashing: Database = {
    ...sql(db),
    kind: db.kind,
    transaction: async (work) => {
      alive();
      return db.transaction((tx) => work(sql(tx)));
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    tryLock: (key) => db.tryLock(key),
    close: async () => {},
  };
  const source: EventSource = {
    readAll: async (after, limit) => {
      alive();
      return store.readAll(after, limit);
    },
    onAppended: (listener) => store.onAppended(listener),
    countAfter: (position) => store.countAfter(position),
    anyOf: (types, after, upTo) => store.anyOf(types, after, upTo),
  };
  return {
    db: crashing,
    source,
    crash: () => {
      dead = true;
    },
  };
};

export const storedCheckpoint = async (db: Database, name: string) => (await loadCheckpoints(db, [name]))[0]?.position;

/** Opens a harness per test on `driver`, closed after it. Call inside a `describe`. */
export const harnessPerTest = (driver: TestDriver) => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  return async () => {
    harness = await openHarness(await driver.open());
    return harness;
  };
};

/**
 * Two processes on one fresh PostgreSQL database per test, closed after it; `second` may be given its own
 * database object. Call inside a `describe`.
 */
export const twoProcessesPerTest = () => {
  /** Every harness a test opened: closed after it. */
  const harnesses: Harness[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
  });
  const twoProcesses = async (secondDb?: (url: string) => Database) => {
    const url = await createTestDatabaseUrl();
    const first = await openHarness(createPgDatabase(url));
    harnesses.push(first);
    const second = await openHarness(secondDb ? secondDb(url) : createPgDatabase(url));
    harnesses.push(second);
    return { url, first, second };
  };
  return { harnesses, twoProcesses };
};
