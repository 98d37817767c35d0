import { numericKey, streamKind } from "@el/domain";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabaseUrl, drivers, olderTransaction } from "../../test/databases";
import { createPgDatabase } from "../database";
import { createEventStore, EventRegistry, type EventStore, migrateEventStore } from "../event-store";
import { createSnapshots } from "./snapshots";
import { createStreamChanges, type StreamChange } from "./stream-changes";
import { createStreamStates, foldOf } from "./stream-states";

const schemas = { Added: z.object({ amount: z.number().int() }) };
const registry = () => new EventRegistry().register({ type: "Added", schema: schemas.Added });
const counters = streamKind("counter", schemas, numericKey);
const counter = foldOf(counters, {
  initialState: () => ({ total: 0, events: 0 }),
  evolve: (state: { total: number; events: number }, event: { type: "Added"; data: { amount: number } }) => ({
    total: state.total + event.data.amount,
    events: state.events + 1,
  }),
});
const added = (amount: number) => ({ type: "Added", data: { amount } });
/** The same counters, folded by a decider whose states may be kept as snapshots (`name`: the codec's). */
const snapshotted = (name: string) =>
  foldOf(counters, {
    initialState: () => ({ total: 0, events: 0 }),
    evolve: (state: { total: number; events: number }, event: { type: "Added"; data: { amount: number } }) => ({
      total: state.total + event.data.amount,
      events: state.events + 1,
    }),
    snapshot: {
      name,
      encode: (state: { total: number; events: number }) => [state.total, state.events],
      decode: (json: unknown) => {
        const [total, events] = json as [number, number];
        return { total, events };
      },
    },
  });
let next = 1;
const aKey = () => next++ + Math.floor(Math.random() * 1_000_000) * 1000;

/** Counts the events each read of the store hands back, to show what a folded state spares. */
const countingReads = (store: EventStore) => {
  const reads: number[] = [];
  const readStreams = store.readStreams;
  store.readStreams = async (...args) => {
    const read = await readStreams(...args);
    reads.push(Object.values(read).flat().length);
    return read;
  };
  const fromSnapshots = store.readStreamsFromSnapshots;
  store.readStreamsFromSnapshots = async (...args) => {
    const read = await fromSnapshots(...args);
    reads.push(Object.values(read.events).flat().length);
    return read;
  };
  return reads;
};

/** Counts the statements reading events or snapshots sent through `db` until `stop` (not a store's wake-ups). */
const countingStatements = (db: Database) => {
  const query = db.query;
  const counted = {
    count: 0,
    stop: () => {
      db.query = query;
    },
  };
  db.query = ((...args: Parameters<Database["query"]>) => {
    if (/\bfrom (es_events|es_snapshots)\b/.test(args[0])) counted.count++;
    return query.apply(db, args);
  }) as Database["query"];
  return counted;
};

describe.each(drivers)("stream states on $name", (driver) => {
  let db: Database;
  let store: EventStore;
  beforeAll(async () => {
    db = await driver.open();
    await migrateEventStore(db);
    store = await createEventStore(db, registry());
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it("folds a stream once, then only the events stored after the state it keeps", async () => {
    const states = createStreamStates(store);
    const key = aKey();
    await store.append(counters.id(key), [added(1), added(2), added(3)], { expectedVersion: "no_stream" });
    const reads = countingReads(store);
    const first = await states.read({ counter: counter(key) });
    expect(first.counter).toMatchObject({ state: { total: 6, events: 3 }, version: 3 });
    await store.append(counters.id(key), [added(10)], { expectedVersion: 3 });
    const second = await states.read({ counter: counter(key) });
    expect(second.counter).toMatchObject({ state: { total: 16, events: 4 }, version: 4 });
    expect((await states.read({ counter: counter(key) })).counter.version).toBe(4);
    expect(reads).toEqual([3, 1, 0]);
  });

  it("reads several streams, and lists of them, in one statement; a fresh stream only when asked", async () => {
    const states = createStreamStates(store);
    const [a, b, c, fresh] = [aKey(), aKey(), aKey(), aKey()];
    for (const key of [a, b, c]) await store.append(counters.id(key), [added(key)], { expectedVersion: "no_stream" });
    const reads = countingReads(store);
    const read = await states.read({
      one: counter(a),
      many: [counter(b), counter(c)],
      fresh: counter(fresh, { fresh: true }),
    });
    expect([read.one.state.total, ...read.many.map((state) => state.state.total), read.fresh.version]).toEqual([
      a,
      b,
      c,
      0,
    ]);
    await store.append(counters.id(fresh), [added(5)], { expectedVersion: "no_stream" });
    expect((await states.read({ fresh: counter(fresh, { fresh: true }) })).fresh.version).toBe(0);
    expect((await states.read({ fresh: counter(fresh, { fresh: true }) }, { readFresh: true })).fresh.version).toBe(1);
    expect(reads).toHaveLength(2);
  });

  it("starts a stream it has not kept from its snapshot, reads only the newer events, and folds to the same state", async () => {
    const snapshots = createSnapshots(db);
    const counterV1 = snapshotted("counter/1");
    const key = aKey();
    const amounts = Array.from({ length: 12 }, (_, index) => index + 1);
    await store.append(counters.id(key), amounts.map(added), { expectedVersion: "no_stream" });

    // A first process folds the twelve events, and leaves a snapshot for the next one.
    const first = createStreamStates(store, { snapshots, snapshotEvery: 10 });
    expect((await first.read({ counter: counterV1(key) })).counter.state).toEqual({ total: 78, events: 12 });
    await expect
      .poll(
        async () =>
          (await snapshots.load([{ streamId: counters.id(key), codec: "counter/1" }])).get(counters.id(key))?.version,
      )
      .toBe(12);
    await store.append(counters.id(key), [added(100), added(200)], { expectedVersion: 12 });

    // A process started later reads the two events after the snapshot, to the state all fourteen fold to,
    // snapshot and events in one statement.
    const later = createStreamStates(store, { snapshots, snapshotEvery: 10 });
    const reads = countingReads(store);
    const statements = countingStatements(db);
    const read = await later.read({ counter: counterV1(key) });
    expect(read.counter).toMatchObject({ state: { total: 378, events: 14 }, version: 14 });
    expect(reads).toEqual([2]);
    expect(statements.count).toBe(1);
    statements.stop();

    // A decider whose codec changed (its evolve did) does not trust the old snapshot: it reads all fourteen.
    const changed = createStreamStates(store, { snapshots, snapshotEvery: 1_000 });
    expect((await changed.read({ counter: snapshotted("counter/2")(key) })).counter.state).toEqual({
      total: 378,
      events: 14,
    });
    expect(reads).toEqual([2, 14]);

    // An older snapshot never replaces a newer one, whichever process stores it last.
    const stored = (await snapshots.load([{ streamId: counters.id(key), codec: "counter/1" }])).get(counters.id(key));
    await snapshots.save(counters.id(key), "counter/1", {
      ...(stored as NonNullable<typeof stored>),
      version: 3,
      state: [6, 3],
    });
    expect(
      (await snapshots.load([{ streamId: counters.id(key), codec: "counter/1" }])).get(counters.id(key))?.version,
    ).toBe(12);
  });

  it("lets commands of one process on one stream take turns, and those on other streams go on", async () => {
    const states = createStreamStates(store);
    const [a, b] = [counters.id(aKey()), counters.id(aKey())];
    const order: string[] = [];
    const releaseFirst = await states.lock([a, b]);
    const second = states.lock([b]).then((release) => {
      order.push("second");
      release();
    });
    const other = states.lock([counters.id(aKey())]).then((release) => {
      order.push("other");
      release();
    });
    await other;
    expect(order).toEqual(["other"]);
    releaseFirst();
    await second;
    expect(order).toEqual(["other", "second"]);
  });
});

describe("stream changes", () => {
  let url: string;
  let db: Database;
  let store: EventStore;
  beforeAll(async () => {
    url = await createTestDatabaseUrl();
    db = createPgDatabase(url);
    await migrateEventStore(db);
    store = await createEventStore(db, registry());
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it("tells of this process's appends before they return, and of another's once it is woken", async () => {
    const changes = createStreamChanges(store, { recheckMs: 3_600_000 });
    const seen: StreamChange[] = [];
    changes.subscribe((change) => seen.push(change));
    const mine = counters.id(aKey());
    await store.append(mine, [added(1), added(2)], { expectedVersion: "no_stream" });
    expect(seen).toEqual([
      { streamId: mine, type: "Added", version: 1 },
      { streamId: mine, type: "Added", version: 2 },
    ]);

    // Another process: its own connections and store on the same database.
    const otherDb = createPgDatabase(url);
    const otherStore = await createEventStore(otherDb, registry());
    try {
      const theirs = counters.id(aKey());
      await otherStore.append(theirs, [added(3)], { expectedVersion: "no_stream" });
      await expect
        .poll(() => seen.filter((change) => change.streamId === theirs), { timeout: 10_000 })
        .toEqual([{ streamId: theirs, type: "Added", version: 1, position: expect.objectContaining({}) }]);
      // Where it stands in the store's order: what this process's reads wait for (`pendingWrites`).
      const [stored] = await otherStore.readStream(theirs);
      expect(seen.find((change) => change.streamId === theirs)?.position).toEqual({
        transactionId: stored?.transactionId,
        globalPosition: stored?.globalPosition,
      });
      expect(changes.behind()).toBe(false);
    } finally {
      await otherStore.close();
      await otherDb.close();
      await changes.close();
    }
  });

  it("reads again at once another process's append that an open transaction held back from its wake-up's read", async () => {
    const changes = createStreamChanges(store, { recheckMs: 3_600_000 });
    const seen: StreamChange[] = [];
    changes.subscribe((change) => seen.push(change));
    const otherDb = createPgDatabase(url);
    const otherStore = await createEventStore(otherDb, registry());
    // The read the wake-up causes cannot see the append yet.
    const holder = await olderTransaction(url);
    try {
      await holder.hold();
      const theirs = counters.id(aKey());
      await otherStore.append(theirs, [added(1)], { expectedVersion: "no_stream" });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.filter((change) => change.streamId === theirs)).toEqual([]);
      await holder.release();
      await expect.poll(() => seen.filter((change) => change.streamId === theirs).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await holder.end();
      await otherStore.close();
      await otherDb.close();
      await changes.close();
    }
  });
});
