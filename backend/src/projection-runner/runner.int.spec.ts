import { randomUUID } from "node:crypto";
import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, START } from "@el/domain";
import type { Database, EventSource, Projector, Sql } from "@el/projections";
import {
  advanceCheckpoint,
  CheckpointMoved,
  createProjectionRunner,
  loadCheckpoint,
  loadCheckpoints,
  migrateProjections,
  type ProjectionRunner,
  type RunnerOptions,
  skipEvent,
} from "@el/projections";
import type { QueryOptions } from "@el/projections/sql";
import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp } from "../../test/app";
import { createTestDatabaseUrl, drivers, olderTransaction, type TestDriver } from "../../test/databases";
import { createPgDatabase } from "../database";
import { createEventStore, EventRegistry, type EventStore, migrateEventStore } from "../event-store";
import { features } from "../features";
import { healthRoutes } from "../http/health";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
const POLL = { timeout: 15_000 };

const registry = new EventRegistry().register(
  { type: "Ticked", schema: z.object({ n: z.number().int() }) },
  { type: "Tocked", schema: z.object({ n: z.number().int() }) },
);

/** The last of `events` in the global order: what a writer waits for (read-your-writes). */
const latest = (events: Position[]): Position =>
  positionOf(events.reduce((last, event) => (comparePositions(event, last) > 0 ? event : last)));

const positionOf = (event: Position): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

/**
 * A read model that keeps one row per event it applied, so a test can count how many times each event
 * was applied, and in which transaction. `fails` decides, per event, whether `apply` throws.
 */
const recordingProjector = (
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
  async apply(event, tx) {
    const ticked = event as RecordedEvent<string, { n: number }>;
    await onApply(ticked);
    if (fails(ticked)) throw new Error(`cannot project tick ${ticked.data.n}`);
    await tx.query(`insert into ${name}_rows (event_id, n) values ($1, $2)`, [event.eventId, ticked.data.n]);
  },
});

interface Harness {
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

const openHarness = async (db: Database): Promise<Harness> => {
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

const everyTickOnce = (applied: Map<number, number>, from: number, to: number) => {
  const expected = new Map<number, number>();
  for (let n = from; n <= to; n++) expected.set(n, 1);
  expect([...applied.entries()].sort(([a], [b]) => a - b)).toEqual([...expected.entries()]);
};

const start = async (runner: ProjectionRunner, projectors: Projector[], db: Database) => {
  await migrateProjections(db, projectors);
  runner.start();
  return runner;
};

/** A recording read model of tocks: it steps over every tick. */
const tocksProjector = (name = "tocks"): Projector => ({ ...recordingProjector(name), handles: ["Tocked"] });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const keyOf = (position: Position) => `${position.transactionId}:${position.globalPosition}`;

/**
 * The store as a runner reads it, noting where each of its reads started (`reads`). `found` counts the
 * reads that brought events: a read can come back empty when a transaction that began earlier is still
 * open (the store shows nothing past it), and the runner then reads again from the same place, which is
 * right and not a second reader.
 */
const countingReads = (store: EventStore) => {
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
const crashable = (db: Database, store: EventStore) => {
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

const storedCheckpoint = async (db: Database, name: string) => (await loadCheckpoints(db, [name]))[0]?.position;

describe.each(drivers)("projection runner on $name", (driver: TestDriver) => {
  let harness: Harness | undefined;
  const open = async () => {
    harness = await openHarness(await driver.open());
    return harness;
  };
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("applies every event exactly once after being killed in the middle of a batch", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 300);
    const last = events.at(-1) as RecordedEvent;

    // The crash: at the 150th event of the 300-event batch the process goes down (stop) and the
    // batch's transaction does not commit.
    let crashed = false;
    let crashing: ProjectionRunner | undefined;
    const crashingProjector = recordingProjector("crash", (event) => {
      if (event.data.n !== 150 || crashed) return false;
      crashed = true;
      void crashing?.stop();
      return true;
    });
    crashing = await start(runner([crashingProjector], { maxAttempts: 1 }), [crashingProjector], db);
    await expect.poll(() => crashed, POLL).toBe(true);
    await crashing.stop();

    // Whatever was committed before the crash is exactly the events up to the checkpoint, once each.
    const checkpoint = (await crashing.status())[0]?.position.globalPosition ?? "";
    const committed = await applied("crash");
    const upToCheckpoint = events.filter((event) => event.globalPosition <= BigInt(checkpoint));
    expect(committed.size).toBe(upToCheckpoint.length);
    expect(committed.size).toBeLessThan(300);
    everyTickOnce(committed, 1, upToCheckpoint.length);

    const restarted = await start(runner([recordingProjector("crash")]), [], db);
    expect(await restarted.waitFor(positionOf(last))).toBe(true);
    everyTickOnce(await applied("crash"), 1, 300);
  });

  it("resumes after a projector that could not apply an event is restarted, applying each event once", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 300);
    const broken = recordingProjector("midway", (event) => event.data.n === 150);
    const first = await start(runner([broken], { maxAttempts: 1 }), [broken], db);
    await expect.poll(async () => (await first.status())[0]?.state, POLL).toBe("stalled");
    everyTickOnce(await applied("midway"), 1, 149);
    await first.stop();

    const fixed = await start(runner([recordingProjector("midway")]), [], db);
    expect(await fixed.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("midway"), 1, 300);
  });

  it("stalls one broken projector after bounded retries with back-off while another keeps projecting", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 10);
    const failing = events[4] as RecordedEvent;
    const attempts: number[] = [];
    const healthy = recordingProjector("healthy");
    const broken = recordingProjector(
      "broken",
      (event) => event.data.n === 5,
      (event) => {
        if (event.data.n === 5) attempts.push(performance.now());
      },
    );
    const projectors = [healthy, broken];
    const running = await start(runner(projectors, { maxAttempts: 4, retryDelayMs: 20 }), projectors, db);

    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "broken")?.state, POLL)
      .toBe("stalled");
    // One try inside the whole batch, then four on the event alone, waiting 20, 40, 80 ms between them.
    expect(attempts).toHaveLength(5);
    const waits = attempts.slice(2).map((at, index) => at - (attempts[index + 1] as number));
    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(20 * 2 ** index - 2);
    });

    const more = await tick(11, 20);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["healthy"])).toBe(true);
    everyTickOnce(await applied("healthy"), 1, 20);
    everyTickOnce(await applied("broken"), 1, 4);
    expect(attempts).toHaveLength(5);

    const status = await running.status();
    expect(status.find((s) => s.name === "healthy")).toMatchObject({ state: "running", lag: 0 });
    expect(status.find((s) => s.name === "broken")).toMatchObject({
      state: "stalled",
      error: "cannot project tick 5",
      failedAt: { transactionId: failing.transactionId.toString(), globalPosition: failing.globalPosition.toString() },
      position: {
        transactionId: (events[3] as RecordedEvent).transactionId.toString(),
        globalPosition: (events[3] as RecordedEvent).globalPosition.toString(),
      },
      lag: 16,
    });
    // A stalled projector does not hold back the answers of commands, but says its read model is behind.
    const asked = Date.now();
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), undefined, 5000)).toBe(false);
    expect(Date.now() - asked).toBeLessThan(2000);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["healthy"])).toBe(true);

    await running.stop();
    const restarted = await start(runner([healthy, recordingProjector("broken")]), [], db);
    expect(await restarted.waitFor(positionOf(more.at(-1) as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("broken"), 1, 20);
    expect((await restarted.status()).find((s) => s.name === "broken")).toMatchObject({ state: "running", lag: 0 });
    expect((await restarted.status()).find((s) => s.name === "broken")?.error).toBeUndefined();
  });

  it("steps over an event only on an operator's recorded skip, then continues past it", async () => {
    const { db, tick, runner, applied } = await open();
    const events = await tick(1, 10);
    const failing = events[6] as RecordedEvent;
    const broken = recordingProjector("skipping", (event) => event.data.n === 7);
    const first = await start(runner([broken], { maxAttempts: 2 }), [broken], db);
    await expect.poll(async () => (await first.status())[0]?.state, POLL).toBe("stalled");
    await first.stop();

    await expect(
      skipEvent(db, "skipping", positionOf(events[7] as RecordedEvent), { reason: "wrong event", by: "ops" }),
    ).rejects.toThrow("not stalled on that event");
    await skipEvent(db, "skipping", positionOf(failing), { reason: "tick 7 was recorded twice", by: "maria" });
    const { rows } = await db.query<{ global_position: string; reason: string; skipped_by: string }>(
      "select global_position::text, reason, skipped_by from projection_skips where name = 'skipping'",
    );
    expect(rows).toEqual([
      { global_position: failing.globalPosition.toString(), reason: "tick 7 was recorded twice", skipped_by: "maria" },
    ]);

    // Restarted with the same projector: the skipped event is not tried again.
    const resumed = await start(runner([broken]), [], db);
    expect(await resumed.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    const projected = await applied("skipping");
    expect([...projected.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect([...projected.values()].every((times) => times === 1)).toBe(true);
    expect((await resumed.status())[0]).toMatchObject({ state: "running", lag: 0 });
  });

  it("hands a projector back when its checkpoint was moved behind its back: none of the batch's rows, no stall", async () => {
    const { db, tick, runner, applied } = await open();
    const first = await tick(1, 10);
    const projector = recordingProjector("guarded");
    // Not taken again within this test: what it does on the news is what is checked.
    const running = await start(runner([projector], { maxAttempts: 1, standbyRetryMs: 3_600_000 }), [projector], db);
    expect(await running.waitFor(positionOf(first.at(-1) as RecordedEvent))).toBe(true);

    // Someone else (another process that took the projector over after this one's lock session ended)
    // moves the checkpoint while this runner still believes it is after tick 10.
    await db.query(
      "update projection_checkpoints set transaction_id = '0', global_position = 0 where name = 'guarded'",
    );
    await tick(11, 20);

    // A lost lease, not a fault of the projector: back to standby, nothing marked stalled.
    await expect.poll(async () => (await running.status())[0]?.state, POLL).toBe("standby");
    expect(running.isActive("guarded")).toBe(false);
    // The refused batch left no row: ticks 1 to 10 once each, nothing of 11 to 20.
    everyTickOnce(await applied("guarded"), 1, 10);
    const { rows } = await db.query<{ global_position: string; status: string }>(
      "select global_position::text, status from projection_checkpoints where name = 'guarded'",
    );
    expect(rows).toEqual([{ global_position: "0", status: "running" }]);
  });

  it("moves a checkpoint only from where it is, rolling back the rows written with it", async () => {
    const { db, tick } = await open();
    const [one, two] = await tick(1, 2);
    await migrateProjections(db, [recordingProjector("cas")]);
    expect((await loadCheckpoint(db, "cas")).position).toEqual(START);
    await db.transaction((tx) => advanceCheckpoint(tx, "cas", START, positionOf(one as RecordedEvent)));

    // A writer that still believes the checkpoint is at START: its batch is refused as a whole.
    const stale = db.transaction(async (tx) => {
      await tx.query("insert into cas_rows (event_id, n) values ($1, 2)", [(two as RecordedEvent).eventId]);
      await advanceCheckpoint(tx, "cas", START, positionOf(two as RecordedEvent));
    });
    await expect(stale).rejects.toBeInstanceOf(CheckpointMoved);
    expect((await db.query("select n from cas_rows")).rows).toEqual([]);
    expect((await loadCheckpoints(db, ["cas"]))[0]?.position).toEqual(positionOf(one as RecordedEvent));
  });

  it("answers waitFor only once the position is projected (read-your-writes)", async () => {
    const { db, tick, runner, applied } = await open();
    let openGate = () => {};
    let gate = Promise.resolve();
    const closeGate = () => {
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    };
    const slow = recordingProjector(
      "slow",
      () => false,
      () => gate,
    );
    const running = await start(runner([slow], { waitTimeoutMs: 200 }), [slow], db);
    await running.waitFor(positionOf((await tick(1, 1))[0] as RecordedEvent));

    closeGate();
    const [event] = await tick(2, 2);
    let answered = false;
    const waiting = running.waitFor(positionOf(event as RecordedEvent), undefined, 60_000).then((reached) => {
      answered = true;
      return reached;
    });
    // Given up on after the runner's `waitTimeoutMs`.
    expect(await running.waitFor(positionOf(event as RecordedEvent))).toBe(false);
    expect(answered).toBe(false);
    openGate();
    expect(await waiting).toBe(true);
    // What a GET right after the command would read.
    expect((await applied("slow")).get(2)).toBe(1);

    for (let n = 3; n <= 12; n++) {
      const [next] = await tick(n, n);
      expect(await running.waitFor(positionOf(next as RecordedEvent), undefined, 10_000)).toBe(true);
      expect((await applied("slow")).get(n)).toBe(1);
    }
  });

  it("keeps projecting after reading the event store failed for a while", async () => {
    const { db, store, tick, applied } = await open();
    let failures = 3;
    const flaky: EventSource = {
      readAll: (after, limit) => {
        if (failures > 0) {
          failures--;
          return Promise.reject(new Error("connection terminated"));
        }
        return store.readAll(after, limit);
      },
      onAppended: (listener) => store.onAppended(listener),
      countAfter: (position) => store.countAfter(position),
      anyOf: (types, after, upTo) => store.anyOf(types, after, upTo),
    };
    const projector = recordingProjector("patient");
    await migrateProjections(db, [projector]);
    const running = createProjectionRunner({ db, source: flaky, projectors: [projector], retryDelayMs: 10 });
    harness?.runners.push(running);
    running.start();
    const events = await tick(1, 5);
    expect(await running.waitFor(positionOf(events.at(-1) as RecordedEvent))).toBe(true);
    expect(failures).toBe(0);
    everyTickOnce(await applied("patient"), 1, 5);
    expect((await running.status())[0]).toMatchObject({ state: "running" });
  });

  it("reports the database and every projector's state and lag on /management/health", async () => {
    const { db, tick, runner } = await open();
    const events = await tick(1, 10);
    const projectors = [recordingProjector("fine"), recordingProjector("stuck", (event) => event.data.n === 8)];
    const running = await start(runner(projectors, { maxAttempts: 1 }), projectors, db);
    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "stuck")?.state, POLL)
      .toBe("stalled");
    expect(await running.waitFor(positionOf(events.at(-1) as RecordedEvent), ["fine"])).toBe(true);

    const app = Fastify();
    // As the real app does: the health route's response schema is zod.
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("db", db);
    app.decorate("projections", running);
    // Details are an administrator's: the auth plugin's verifyToken, here taking any token for one.
    app.decorate("verifyToken", async () => ({
      id: 1,
      login: "admin",
      firstName: "Admin",
      authorities: ["ROLE_ADMIN"],
    }));
    await app.register(healthRoutes);
    const response = await app.inject({
      method: "GET",
      url: "/management/health",
      headers: { authorization: "Bearer admin" },
    });
    await app.close();

    expect(response.statusCode).toBe(200);
    const failing = events[7] as RecordedEvent;
    expect(response.json()).toMatchObject({
      status: "DEGRADED",
      components: {
        db: { status: "UP", driver: driver.name },
        projections: {
          status: "DEGRADED",
          details: expect.arrayContaining([
            expect.objectContaining({ name: "fine", state: "running", lag: 0 }),
            expect.objectContaining({
              name: "stuck",
              state: "stalled",
              lag: 3,
              error: "cannot project tick 8",
              failedAt: {
                transactionId: failing.transactionId.toString(),
                globalPosition: failing.globalPosition.toString(),
              },
            }),
          ]),
        },
      },
    });
  });

  it("reads once for the projectors at one position and commits what they handle in one transaction, each event once", async () => {
    const { db, store, tick, runner, applied } = await open();
    const counted = countingReads(store);
    const projectors = [recordingProjector("alpha"), recordingProjector("beta"), tocksProjector("bystander")];
    // No re-check on a timer: in this test only appends make the projectors read.
    const options = { source: counted.source, idlePollMs: 3_600_000 };
    const running = await start(runner(projectors, options), projectors, db);
    const [first] = await tick(1, 1);
    expect(await running.waitFor(positionOf(first as RecordedEvent))).toBe(true);
    await pause(100);
    const earlier = counted.foundSoFar();

    // Twenty ticks for two projectors: a batch small enough to share one transaction.
    const events = await tick(2, 21, 10);
    const last = positionOf(events.at(-1) as RecordedEvent);
    expect(await running.waitFor(last, ["alpha", "beta"])).toBe(true);
    // Two projectors idle after tick 1 and woken by the ticks they handle, one read to learn what came after
    // it; the bystander, which handles no tick, was not woken and read nothing.
    const readsAfterFirst = () => counted.found(first as RecordedEvent, earlier);
    expect(readsAfterFirst()).toBe(1);
    await pause(100);
    expect(readsAfterFirst()).toBe(1);
    // Waiting for it wakes it: it steps over the ticks at once, not at its (hour-long) re-check.
    expect(await running.waitFor(last, ["bystander"], 2_000)).toBe(true);
    expect(readsAfterFirst()).toBe(2);
    everyTickOnce(await applied("alpha"), 1, 21);
    everyTickOnce(await applied("beta"), 1, 21);
    expect((await applied("bystander")).size).toBe(0);
    const { rows } = await db.query<{ n: number; alpha: string; beta: string }>(
      "select a.n, a.written_in as alpha, b.written_in as beta from alpha_rows a join beta_rows b using (n) where a.n > 1",
    );
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row.alpha, `tick ${row.n}`).toBe(row.beta);
  });

  it("stalls only the projector that failed inside a shared transaction; the others commit the batch without it", async () => {
    const { db, tick, runner, applied } = await open();
    let attempts = 0;
    const broken = recordingProjector(
      "faulty",
      (event) => event.data.n === 5,
      (event) => {
        if (event.data.n === 5) attempts++;
      },
    );
    const projectors = [recordingProjector("steady"), broken, recordingProjector("sound")];
    const logged: { message: string; details?: Record<string, unknown> }[] = [];
    const options = {
      maxAttempts: 3,
      idlePollMs: 3_600_000,
      log: (message: string, details?: Record<string, unknown>) => logged.push({ message, details }),
    };
    const running = await start(runner(projectors, options), projectors, db);
    const [first] = await tick(1, 1);
    expect(await running.waitFor(positionOf(first as RecordedEvent))).toBe(true);
    await pause(100);

    const events = await tick(2, 10);
    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "faulty")?.state, POLL)
      .toBe("stalled");
    // Its try inside the transaction it shared, then three alone.
    expect(attempts).toBe(4);
    expect(logged).toContainEqual({
      message: "a shared projection batch failed; the other projectors try it alone",
      details: { projector: "faulty", error: "Error: cannot project tick 5" },
    });
    const more = await tick(11, 20);
    expect(await running.waitFor(positionOf(more.at(-1) as RecordedEvent), ["steady", "sound"])).toBe(true);
    everyTickOnce(await applied("steady"), 1, 20);
    everyTickOnce(await applied("sound"), 1, 20);
    everyTickOnce(await applied("faulty"), 1, 4);
    const failing = events[3] as RecordedEvent;
    const status = await running.status();
    expect(status.find((s) => s.name === "faulty")).toMatchObject({
      state: "stalled",
      failedAt: { transactionId: failing.transactionId.toString(), globalPosition: failing.globalPosition.toString() },
    });
    for (const name of ["steady", "sound"]) {
      expect(status.find((s) => s.name === name)).toMatchObject({ state: "running", lag: 0 });
    }
  });

  it("stores progress over events a projector does not handle only now and then, and after a crash applies none twice", async () => {
    const { db, store, tick, runner, applied } = await open();
    const dying = crashable(db, store);
    const projectors = [recordingProjector("ticks"), tocksProjector()];
    const options = { db: dying.db, source: dying.source, checkpointEveryMs: 3_600_000 };
    const first = await start(runner(projectors, options), projectors, db);
    const [tock] = await tick(1, 1, 1, "Tocked");
    expect(await first.waitFor(positionOf(tock as RecordedEvent))).toBe(true);
    const ticks = await tick(1, 20);
    const lastTick = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await first.waitFor(lastTick)).toBe(true);
    // Stepping over twenty ticks cost the tocks no transaction; its status still says where it is.
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    expect((await first.status()).find((s) => s.name === "tocks")).toMatchObject({
      position: { globalPosition: lastTick.globalPosition.toString() },
      lag: 0,
    });

    dying.crash();
    await first.stop();
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    await tick(21, 30);
    const [second] = await tick(2, 2, 1, "Tocked");
    const restarted = await start(runner([recordingProjector("ticks"), tocksProjector()]), [], db);
    expect(await restarted.waitFor(positionOf(second as RecordedEvent))).toBe(true);
    everyTickOnce(await applied("ticks"), 1, 30);
    everyTickOnce(await applied("tocks"), 1, 2);

    // Stopping stores how far it got.
    const after = await tick(31, 35);
    expect(await restarted.waitFor(positionOf(after.at(-1) as RecordedEvent))).toBe(true);
    await restarted.stop();
    expect(await storedCheckpoint(db, "tocks")).toEqual(positionOf(after.at(-1) as RecordedEvent));
  });

  it("stores progress over events a projector does not handle once checkpointEveryMs has passed", async () => {
    const { db, tick, runner } = await open();
    const projectors = [tocksProjector()];
    const running = await start(runner(projectors, { checkpointEveryMs: 50, idlePollMs: 20 }), projectors, db);
    const ticks = await tick(1, 10);
    const last = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await running.waitFor(last)).toBe(true);
    await expect.poll(() => storedCheckpoint(db, "tocks"), POLL).toEqual(last);
  });
});

describe("projection runner with two backend processes on one PostgreSQL", () => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
  });
  /** Two processes on one fresh database, closed after the test; `second` may be given its own database object. */
  const twoProcesses = async (secondDb?: (url: string) => Database) => {
    const url = await createTestDatabaseUrl();
    const first = await openHarness(createPgDatabase(url));
    harnesses.push(first);
    const second = await openHarness(secondDb ? secondDb(url) : createPgDatabase(url));
    harnesses.push(second);
    return { url, first, second };
  };

  it("keeps exactly one runner active per projector, and the standby takes over when it stops", async () => {
    const { first, second } = await twoProcesses();
    const projectorOf = () => recordingProjector("shared");
    const one = await start(first.runner([projectorOf()]), [projectorOf()], first.db);
    const other = await start(second.runner([projectorOf()]), [], second.db);

    await expect.poll(() => [one.isActive("shared"), other.isActive("shared")].filter(Boolean).length, POLL).toBe(1);
    const active = one.isActive("shared") ? one : other;
    const standby = active === one ? other : one;
    expect((await standby.status())[0]?.state).toBe("standby");

    // Both processes write; the active runner projects everything once.
    const written = (await Promise.all([first.tick(1, 100), second.tick(101, 200)])).flat();
    expect(await active.waitFor(latest(written))).toBe(true);
    everyTickOnce(await first.applied("shared"), 1, 200);
    expect(standby.isActive("shared")).toBe(false);

    await active.stop();
    await expect.poll(() => standby.isActive("shared"), POLL).toBe(true);
    const more = await first.tick(201, 300);
    expect(await standby.waitFor(latest(more))).toBe(true);
    everyTickOnce(await second.applied("shared"), 1, 300);
  });

  /**
   * A writing process and a reading one that runs projector `name` with an hour between the reads of an idle
   * projector: within a test only a wake-up, or a look-again after one, can make it read again.
   */
  const writerAndIdleReader = async (name: string) => {
    const url = await createTestDatabaseUrl();
    const writer = await openHarness(createPgDatabase(url));
    harnesses.push(writer);
    const reader = await openHarness(createPgDatabase(url));
    harnesses.push(reader);
    const projector = recordingProjector(name);
    const running = await start(reader.runner([projector], { idlePollMs: 3_600_000 }), [projector], reader.db);
    await expect.poll(() => running.isActive(name), POLL).toBe(true);
    return { url, writer, reader, running };
  };

  it("wakes the runner of one process by NOTIFY when another process appends", async () => {
    const { writer, reader, running } = await writerAndIdleReader("notified");

    for (let n = 1; n <= 3; n++) {
      // Time for the runner to have read everything and gone idle.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [event] = await writer.tick(n, n);
      expect(await running.waitFor(positionOf(event as RecordedEvent))).toBe(true);
    }
    everyTickOnce(await reader.applied("notified"), 1, 3);
  });

  it("reads again at once an append of its own that another process's open transaction held back, without waiting for the re-check", async () => {
    const url = await createTestDatabaseUrl();
    const harness = await openHarness(createPgDatabase(url));
    harnesses.push(harness);
    const projector = recordingProjector("held");
    // An hour between reads of an idle projector: only its own look-again can find the held-back append.
    const running = await start(harness.runner([projector], { idlePollMs: 3_600_000 }), [projector], harness.db);
    await expect.poll(() => running.isActive("held"), POLL).toBe(true);
    await running.waitFor(positionOf((await harness.tick(1, 1))[0] as RecordedEvent));

    // Another process's write transaction, older than the append: readers do not see the append until it
    // ends, and it ends without appending anything, so nobody announces it.
    const other = await olderTransaction(url);
    try {
      for (let round = 2; round <= 4; round++) {
        await other.hold();
        const [event] = await harness.tick(round, round);
        await pause(50);
        expect((await harness.applied("held")).get(round)).toBeUndefined();
        await other.release();
        expect(await running.waitFor(positionOf(event as RecordedEvent), undefined, 5_000)).toBe(true);
      }
    } finally {
      await other.end();
    }
    everyTickOnce(await harness.applied("held"), 1, 4);
  });

  it("reads again at once another process's append that an open transaction held back from its wake-up's read, without waiting for the re-check", async () => {
    const { url, writer, reader } = await writerAndIdleReader("remoteheld");

    // A third session's transaction, older than each append: the wake-up's read cannot see the append yet.
    const other = await olderTransaction(url);
    try {
      for (let round = 1; round <= 3; round++) {
        await other.hold();
        await writer.tick(round, round);
        await pause(100);
        expect((await reader.applied("remoteheld")).get(round)).toBeUndefined();
        await other.release();
        await expect.poll(async () => (await reader.applied("remoteheld")).get(round), POLL).toBe(1);
      }
    } finally {
      await other.end();
    }
    everyTickOnce(await reader.applied("remoteheld"), 1, 3);
  });

  it("hands a projector over when the holder's lock session is ended: the standby runs it, the holder stands by, nothing stalls or is applied twice", async () => {
    const { url, first, second } = await twoProcesses();
    const one = await start(first.runner([recordingProjector("leased")]), [recordingProjector("leased")], first.db);
    await expect.poll(() => one.isActive("leased"), POLL).toBe(true);
    const other = await start(second.runner([recordingProjector("leased")]), [], second.db);
    await first.tick(1, 20, 2);

    // What a restart, a failover or a firewall does to the session that holds the lock, while appends go on.
    const appending = first.tick(21, 80, 2);
    const admin = createPgDatabase(url);
    try {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(rows.length).toBe(1);
    } finally {
      await admin.close();
    }
    const last = (await appending).at(-1) as RecordedEvent;

    await expect.poll(() => other.isActive("leased"), POLL).toBe(true);
    expect(one.isActive("leased")).toBe(false);
    expect((await one.status())[0]?.state).toBe("standby");
    // Commands on the first wait on the shared checkpoint, and are answered once the other projected.
    expect(await one.waitFor(positionOf(last))).toBe(true);
    everyTickOnce(await first.applied("leased"), 1, 80);
    expect((await first.db.query("select status from projection_checkpoints where name = 'leased'")).rows).toEqual([
      { status: "running" },
    ]);
  });

  it("keeps a stalled projector stalled in every process instead of retrying it in the standby", async () => {
    const { first, second } = await twoProcesses();
    let attempts = 0;
    const brokenOf = () =>
      recordingProjector(
        "fragile",
        (event) => event.data.n === 3,
        (event) => {
          if (event.data.n === 3) attempts++;
        },
      );
    const one = await start(first.runner([brokenOf()], { maxAttempts: 2 }), [brokenOf()], first.db);
    await expect.poll(() => one.isActive("fragile"), POLL).toBe(true);
    const other = await start(second.runner([brokenOf()], { maxAttempts: 2 }), [], second.db);
    await first.tick(1, 5);

    await expect.poll(async () => (await one.status())[0]?.state, POLL).toBe("stalled");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The batch try and two tries alone, all in the first process; the second only reports the stall.
    expect(attempts).toBe(3);
    expect(other.isActive("fragile")).toBe(false);
    expect((await other.status())[0]).toMatchObject({ state: "stalled", error: "cannot project tick 3" });
  });

  it("answers a command without waiting for a read model that does not await its events, nor sharing its transaction", async () => {
    const harness = await openHarness(createPgDatabase(await createTestDatabaseUrl()));
    harnesses.push(harness);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const screen = recordingProjector("screen");
    // A worker's list: slow, and nobody reads it right after a tick.
    const worklist: Projector = { ...recordingProjector("worklist", undefined, () => gate), awaitedOn: ["Tocked"] };
    const running = await start(harness.runner([screen, worklist]), [screen, worklist], harness.db);
    await expect.poll(() => running.isActive("worklist"), POLL).toBe(true);
    expect(running.projectorsHandling(["Ticked"])).toEqual(["screen"]);

    const [event] = await harness.tick(1, 1);
    const at = positionOf(event as RecordedEvent);
    expect(await running.waitFor(at, running.projectorsHandling(["Ticked"]), 5_000)).toBe(true);
    expect((await harness.applied("screen")).get(1)).toBe(1);
    expect((await harness.applied("worklist")).get(1)).toBeUndefined();

    release();
    expect(await running.waitFor(at, ["worklist"])).toBe(true);
    everyTickOnce(await harness.applied("worklist"), 1, 1);
  });

  it("answers a wait in another process from the announcements of the process that runs the projector, without reading its checkpoint again", async () => {
    const { first, second } = await twoProcesses();
    // Slow to apply the first tick of each round, so a wait always begins before the round is projected.
    const slow = () =>
      recordingProjector("announced", undefined, async (event) => {
        await pause(event.data.n % 10 === 0 ? 200 : 0);
      });
    const one = await start(first.runner([slow()]), [slow()], first.db);
    await expect.poll(() => one.isActive("announced"), POLL).toBe(true);
    // The waiting process reads the stored checkpoint once per wait, when it starts: an hour to the next read.
    const other = await start(
      second.runner([slow()], { remotePollMs: 3_600_000, announcedPollMs: 3_600_000 }),
      [],
      second.db,
    );
    for (let round = 1; round <= 5; round++) {
      const appending = second.tick(round * 10, round * 10 + 9, 2);
      const last = positionOf((await appending).at(-1) as RecordedEvent);
      expect((await second.applied("announced")).get(round * 10 + 9)).toBeUndefined();
      expect(await other.waitFor(last, ["announced"], 5_000)).toBe(true);
      // What it answered on is true: the rows are there for a read right after.
      expect((await second.applied("announced")).get(round * 10 + 9)).toBe(1);
    }
    expect(other.isActive("announced")).toBe(false);
  });

  it("wakes, for another process's append, only the loops that handle a type its wake-up names", async () => {
    const { first, second } = await twoProcesses();
    const counted = countingReads(first.store);
    const projectors = [recordingProjector("ticking"), tocksProjector("tocking")];
    // No re-check on a timer: only wake-ups make the projectors read.
    const running = await start(
      first.runner(projectors, { source: counted.source, idlePollMs: 3_600_000 }),
      projectors,
      first.db,
    );
    const [firstTick] = await second.tick(1, 1);
    expect(await running.waitFor(positionOf(firstTick as RecordedEvent))).toBe(true);
    // A tock of this process moves only the tocking loop on, a tick after it only the ticking loop: the two
    // now read from different places, and the ticking loop never again from the tock.
    const [tock] = await first.tick(1, 1, 1, "Tocked");
    expect(await running.waitFor(positionOf(tock as RecordedEvent), ["tocking"])).toBe(true);
    const [ownTick] = await first.tick(12, 12);
    expect(await running.waitFor(positionOf(ownTick as RecordedEvent), ["ticking"])).toBe(true);
    await pause(100);
    const earlier = counted.reads.length;
    const earlierFound = counted.foundSoFar();

    // Ten appends of ticks by the other process, each wake-up naming Ticked.
    const ticks = await second.tick(2, 11, 1);
    await expect.poll(async () => (await first.applied("ticking")).get(11), POLL).toBe(1);
    await pause(200);
    const reads = counted.reads.slice(earlier);
    expect(reads.length).toBeGreaterThan(0);
    // The tocking loop, which handles no tick, was not woken: nothing was read from where it stands.
    expect(reads.filter((key) => key === keyOf(tock as RecordedEvent))).toEqual([]);
    // Waiting for it wakes it: it steps over the ticks at once, applying none.
    expect(await running.waitFor(positionOf(ticks.at(-1) as RecordedEvent), ["tocking"], 2_000)).toBe(true);
    expect(counted.found(tock as RecordedEvent, earlierFound)).toBe(1);
    expect((await first.applied("tocking")).size).toBe(1);
  });

  it("settles a wait in another process on the announcements alone while they flow, reading no stored checkpoint", async () => {
    let checkpointReads = 0;
    const { first, second } = await twoProcesses((url) => {
      const db = createPgDatabase(url);
      return {
        ...db,
        query: (text, params, options) => {
          if (/from projection_checkpoints where name = any/.test(text)) checkpointReads++;
          return db.query(text, params, options);
        },
      };
    });
    const one = await start(first.runner([recordingProjector("flowing")]), [recordingProjector("flowing")], first.db);
    await expect.poll(() => one.isActive("flowing"), POLL).toBe(true);
    const other = await start(
      second.runner([recordingProjector("flowing")], { remotePollMs: 3_600_000, announcedPollMs: 3_600_000 }),
      [],
      second.db,
    );
    // The first wait asks for announcements and reads the stored checkpoint; the next ones hear them.
    const [firstTick] = await second.tick(1, 1, 1);
    expect(await other.waitFor(positionOf(firstTick as RecordedEvent), ["flowing"], 5_000)).toBe(true);
    const readsBefore = checkpointReads;
    for (let n = 2; n <= 11; n++) {
      const [tick] = await second.tick(n, n, 1);
      expect(await other.waitFor(positionOf(tick as RecordedEvent), ["flowing"], 5_000)).toBe(true);
      expect((await second.applied("flowing")).get(n)).toBe(1);
    }
    expect(checkpointReads - readsBefore).toBe(0);
  });

  it("answers a wait in another process as soon as a projector has nothing of its own before the position", async () => {
    const { first, second } = await twoProcesses();
    // It stores its progress over ticks only when it stops.
    const one = await start(
      first.runner([tocksProjector()], { checkpointEveryMs: 3_600_000 }),
      [tocksProjector()],
      first.db,
    );
    await expect.poll(() => one.isActive("tocks"), POLL).toBe(true);
    const other = await start(second.runner([tocksProjector()]), [], second.db);
    const [tock] = await first.tick(1, 1, 1, "Tocked");
    expect(await one.waitFor(positionOf(tock as RecordedEvent))).toBe(true);

    const ticks = await first.tick(1, 10);
    const lastTick = positionOf(ticks.at(-1) as RecordedEvent);
    expect(await one.waitFor(lastTick)).toBe(true);
    expect(await storedCheckpoint(second.db, "tocks")).toEqual(positionOf(tock as RecordedEvent));
    expect(await other.waitFor(lastTick, ["tocks"], 5_000)).toBe(true);

    // A tock it has to apply: the wait lasts until it did.
    const [next] = await second.tick(2, 2, 1, "Tocked");
    expect(await other.waitFor(positionOf(next as RecordedEvent), ["tocks"])).toBe(true);
    everyTickOnce(await first.applied("tocks"), 1, 2);
  });
});

describe("health of the whole backend", () => {
  it.each(["pglite", "pg"] as const)("shows the database UP and each projector caught up on %s", async (driver) => {
    const { app, close } = await createTestApp({ driver });
    try {
      const admin = bearer(await adminToken(app));
      const health = async () => {
        const response = await app.inject({ method: "GET", url: "/management/health", headers: admin });
        expect(response.statusCode).toBe(200);
        return response.json();
      };
      const body = await health();
      expect(body.status).toBe("UP");
      const { connections, ...db } = body.components.db;
      expect(db).toEqual({ status: "UP", driver });
      // On PostgreSQL, the sessions it keeps for itself are listed and up; PGlite has none to lose.
      if (driver === "pg")
        expect(connections).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ name: "pool", status: "UP", lost: 0 }),
            expect.objectContaining({ name: "listen es_events", status: "UP", lost: 0 }),
            expect.objectContaining({ name: "lock projection:users", status: "UP", lost: 0 }),
          ]),
        );
      else expect(connections).toBeUndefined();
      // Whatever the features seeded at start is projected shortly after.
      const details = (await health()).components.projections.details as { name: string; lag: unknown }[];
      expect(details.length).toBeGreaterThan(0);
      for (const detail of details) expect(detail.lag).toEqual(expect.any(Number));
      expect(details.map((detail) => detail.name).sort()).toEqual(
        features.flatMap((feature) => feature.projectors.map((projector) => projector.name)).sort(),
      );
      await expect
        .poll(
          async () =>
            ((await health()).components.projections.details as { state: string; lag: number }[]).filter(
              (detail) => detail.state !== "running" || detail.lag !== 0,
            ),
          { timeout: 10_000 },
        )
        .toEqual([]);
    } finally {
      await close();
    }
  });
});
