import { randomUUID } from "node:crypto";
import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, START } from "@el/domain";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers } from "../../test/databases";
import {
  createEventStore,
  EventRegistry,
  type EventStore,
  InvalidEvent,
  MissingUpcaster,
  migrateEventStore,
  WrongExpectedVersion,
} from ".";

const registry = new EventRegistry().register(
  { type: "CreditsAdded", schema: z.object({ amount: z.number().int().positive() }) },
  {
    type: "StudentRegistered",
    version: 2,
    schema: z.object({ name: z.string(), level: z.string() }),
    upcasters: { 1: (data) => ({ ...(data as object), level: "BASIC" }) },
  },
  {
    type: "LessonBooked",
    version: 3,
    schema: z.object({ trail: z.string(), hours: z.number() }),
    upcasters: {
      // Version 2 added the trail; version 3 counts hours instead of minutes.
      1: (data) => ({ ...(data as object), trail: "GENERAL" }),
      2: (data) => {
        const { minutes, ...rest } = data as { minutes: number };
        return { ...rest, hours: minutes / 60 };
      },
    },
  },
);

const credits = (amount = 1) => ({ type: "CreditsAdded", data: { amount } });

const keyOf = (event: Position) => `${event.transactionId}:${event.globalPosition}`;

describe.each(drivers)("event store on $name", (driver) => {
  let db: Database;
  let store: EventStore;

  beforeAll(async () => {
    db = await driver.open();
    await migrateEventStore(db);
    store = await createEventStore(db, registry);
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it("appends to a new stream and reads it back in order", async () => {
    const stream = `student-${randomUUID()}`;
    const result = await store.append(stream, [credits(1), credits(2)], { expectedVersion: "no_stream" });
    expect(result.nextVersions[stream]).toBe(2);
    const events = await store.readStream(stream);
    expect(events.map((event) => [event.streamVersion, event.data])).toEqual([
      [1, { amount: 1 }],
      [2, { amount: 2 }],
    ]);
    expect(events[0]?.metadata.occurredAt).toEqual(expect.any(String));
    expect(Math.abs((events[0]?.recordedAt.getTime() ?? 0) - Date.now())).toBeLessThan(5000);
  });

  it("reads several streams in one snapshot, every requested stream present", async () => {
    const student = `student-${randomUUID()}`;
    const lesson = `lesson-${randomUUID()}`;
    const missing = `lesson-${randomUUID()}`;
    await store.appendMany([
      { streamId: student, events: [credits(1), credits(2)], expectedVersion: "no_stream" },
      { streamId: lesson, events: [credits(3)], expectedVersion: "no_stream" },
    ]);
    const streams = await store.readStreams([student, lesson, missing]);
    expect(streams[student]?.map((event) => event.data)).toEqual([{ amount: 1 }, { amount: 2 }]);
    expect(streams[lesson]?.map((event) => event.streamVersion)).toEqual([1]);
    expect(streams[missing]).toEqual([]);
  });

  it("enforces every expected-version mode and reports the actual version", async () => {
    const stream = `student-${randomUUID()}`;
    await expect(store.append(stream, [credits()], { expectedVersion: "stream_exists" })).rejects.toMatchObject({
      actual: 0,
    });
    await store.append(stream, [credits()], { expectedVersion: "no_stream" });
    await expect(store.append(stream, [credits()], { expectedVersion: "no_stream" })).rejects.toBeInstanceOf(
      WrongExpectedVersion,
    );
    await store.append(stream, [credits()], { expectedVersion: 1 });
    await expect(store.append(stream, [credits()], { expectedVersion: 1 })).rejects.toMatchObject({
      name: "WrongExpectedVersion",
      actual: 2,
    });
    await store.append(stream, [credits()], { expectedVersion: "stream_exists" });
    await store.append(stream, [credits()], { expectedVersion: "any" });
    expect((await store.readStream(stream)).map((event) => event.streamVersion)).toEqual([1, 2, 3, 4]);
  });

  it("lets exactly one of 20 concurrent appends at the same version win, leaving no gap", async () => {
    const stream = `lesson-${randomUUID()}`;
    await store.append(stream, [credits()], { expectedVersion: "no_stream" });
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => store.append(stream, [credits(index + 1)], { expectedVersion: 1 })),
    );
    const won = attempts.filter((attempt) => attempt.status === "fulfilled");
    const lost = attempts.filter((attempt) => attempt.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const attempt of lost) expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
    expect((await store.readStream(stream)).map((event) => event.streamVersion)).toEqual([1, 2]);
  });

  it("stores nothing of an appendMany when one stream conflicts", async () => {
    const student = `student-${randomUUID()}`;
    const lesson = `lesson-${randomUUID()}`;
    await store.append(lesson, [credits()], { expectedVersion: "no_stream" });
    await expect(
      store.appendMany([
        { streamId: student, events: [credits()], expectedVersion: "no_stream" },
        { streamId: lesson, events: [credits()], expectedVersion: "no_stream" },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect(await store.readStream(student)).toEqual([]);
    expect(await store.readStream(lesson)).toHaveLength(1);
  });

  it("stores a command once and answers a retry with the first result", async () => {
    const stream = `student-${randomUUID()}`;
    const commandId = randomUUID();
    const [first, second] = await Promise.all([
      store.append(stream, [credits(5)], { expectedVersion: "any", commandId, result: { balance: 5 } }),
      store.append(stream, [credits(5)], { expectedVersion: "any", commandId, result: { balance: 10 } }),
    ]);
    const third = await store.append(stream, [credits(5)], { expectedVersion: "any", commandId, result: {} });
    expect(await store.readStream(stream)).toHaveLength(1);
    const results = [first, second, third];
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    const original = results.find((result) => !result.duplicate);
    for (const result of results) {
      expect(result.result).toEqual(original?.result);
      expect(result.lastPosition).toEqual(original?.lastPosition);
    }
    expect(await store.commandResult(commandId)).toEqual({ ...original, duplicate: true, recorded: [] });
    expect(await store.commandResult(randomUUID())).toBeUndefined();
  });

  it("answers the events it stored as a read gives them back, so a kept state can move past them unread", async () => {
    const [a, b] = [`student-${randomUUID()}`, `student-${randomUUID()}`];
    await store.append(a, [credits(1)], { expectedVersion: "no_stream" });
    const appended = await store.appendMany(
      [
        { streamId: a, events: [credits(2), credits(3)], expectedVersion: 1 },
        { streamId: b, events: [credits(4)], expectedVersion: "no_stream" },
      ],
      { metadata: { userId: "7" } },
    );
    const read = [...(await store.readStream(a)).slice(1), ...(await store.readStream(b))];
    const comparable = ({ recordedAt: _, globalPosition: __, ...event }: RecordedEvent) => event;
    expect(appended.recorded.map(comparable)).toEqual(read.map(comparable));
    for (const event of appended.recorded) expect(event.globalPosition).toBe(appended.lastPosition.globalPosition);
    expect(Math.max(...read.map((event) => Number(event.globalPosition)))).toBe(
      Number(appended.lastPosition.globalPosition),
    );
  });

  it("refuses an event that does not match its schema and stores nothing", async () => {
    const stream = `student-${randomUUID()}`;
    await expect(
      store.appendMany([
        {
          streamId: stream,
          events: [credits(1), { type: "CreditsAdded", data: { amount: -3 } }],
          expectedVersion: "any",
        },
      ]),
    ).rejects.toBeInstanceOf(InvalidEvent);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it("upcasts events stored at an older schema version when they are read", async () => {
    const stream = `student-${randomUUID()}`;
    await db.query(
      `insert into es_streams (stream_id, version) values ($1, 1);
       `.trim(),
      [stream],
    );
    await db.query(
      `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
       values ($1, 1, 'StudentRegistered', 1, '{"name":"Ana"}', '{"occurredAt":"2020-01-01T00:00:00Z"}', $2)`,
      [stream, randomUUID()],
    );
    const [event] = await store.readStream(stream);
    expect(event?.data).toEqual({ name: "Ana", level: "BASIC" });
    expect(event?.schemaVersion).toBe(2);
  });

  it("runs the whole upcaster chain on read, and refuses to read an event whose chain misses a step", async () => {
    const stream = `lesson-${randomUUID()}`;
    await db.query("insert into es_streams (stream_id, version) values ($1, 3)", [stream]);
    for (const [version, data] of [
      [1, { minutes: 60 }],
      [2, { minutes: 90, trail: "KIDS" }],
      [3, { hours: 2, trail: "KIDS" }],
    ] as const) {
      await db.query(
        `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
         values ($1, $2, 'LessonBooked', $2, $3, '{"occurredAt":"2020-01-01T00:00:00Z"}', $4)`,
        [stream, version, JSON.stringify(data), randomUUID()],
      );
    }
    const current = [
      { trail: "GENERAL", hours: 1 },
      { trail: "KIDS", hours: 1.5 },
      { trail: "KIDS", hours: 2 },
    ];
    expect((await store.readStream(stream)).map((event) => [event.schemaVersion, event.data])).toEqual(
      current.map((data) => [3, data]),
    );
    // readAll shows only what lies below the oldest transaction still running anywhere on the server, so
    // another database's open transaction (a parallel test file's) may hold these back for a while.
    await expect
      .poll(
        async () =>
          (await store.readAll(START, 100_000)).filter((event) => event.streamId === stream).map((event) => event.data),
        { timeout: 20_000 },
      )
      .toEqual(current);

    // A deployment that lost the 2→3 step cannot read old events rather than hand on a shape no one expects.
    const incomplete = await createEventStore(
      db,
      new EventRegistry().register({
        type: "LessonBooked",
        version: 3,
        schema: z.object({ trail: z.string(), hours: z.number() }),
        upcasters: { 1: (data) => ({ ...(data as object), trail: "GENERAL" }) },
      }),
    );
    try {
      await expect(incomplete.readStream(stream)).rejects.toThrow(new MissingUpcaster("LessonBooked", 2));
    } finally {
      await incomplete.close();
    }
  });

  it("delivers every event exactly once, in global order, to a live subscriber while 8 writers race and commits arrive out of order", async () => {
    // Where this database's events end now (nothing of this file is writing): not `head()`, which stops
    // below the oldest transaction running anywhere on the server and so, while a parallel test file holds
    // one open, would start the subscriber before earlier tests' events.
    const { rows: last } = await db.query<{ transaction_id: string; global_position: string }>(
      "select transaction_id, global_position from es_events order by transaction_id desc, global_position desc limit 1",
    );
    const from = last[0]
      ? { transactionId: BigInt(last[0].transaction_id), globalPosition: BigInt(last[0].global_position) }
      : START;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeAll(from, (event) => {
      seen.push(event);
    });

    const total = 2000;
    const writers = 8;
    const perWriter = total / writers;
    const overtakenBy = 50;

    /**
     * Opens a transaction that appends one event (taking its global position) and stays open until
     * released. Resolves only once the append has returned, so the position is taken before any writer
     * starts. Not on PGlite: it has a single connection, so a transaction held open there would queue
     * every writer behind it and nothing could commit ahead of it; on PGlite this test only proves
     * delivery with serialised writers.
     */
    const hold = async () => {
      if (db.kind === "pglite") return undefined;
      const streamId = `delayed-${randomUUID()}`;
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken!: (position: bigint) => void;
      const positionTaken = new Promise<bigint>((resolve) => {
        taken = resolve;
      });
      const done = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ global_position: string }>(
          "select global_position from es_append($1, 'any', $2::jsonb)",
          [
            streamId,
            JSON.stringify([
              { type: "CreditsAdded", schemaVersion: 1, data: { amount: 1 }, metadata: {}, eventId: randomUUID() },
            ]),
          ],
        );
        taken(BigInt(rows[0]?.global_position ?? -1));
        await released;
      });
      const globalPosition = await Promise.race([
        positionTaken,
        done.then(() => {
          throw new Error("the held transaction ended before its append returned");
        }),
      ]);
      return { streamId, globalPosition, release, done };
    };

    const held = (await Promise.all([hold(), hold(), hold()])).filter((holder) => holder !== undefined);
    /** Filled in at the moment the held transactions are released. */
    let atRelease: { committed: number; seen: number; heldVisible: number } | undefined;
    const releaseHeld = async () => {
      // Another session must not see the held events yet: their transactions really are still open.
      const { rows } = await db.query<{ count: string }>(
        "select count(*)::text as count from es_events where stream_id = any($1::text[])",
        [held.map((holder) => holder.streamId)],
      );
      atRelease = { committed, seen: seen.length, heldVisible: Number(rows[0]?.count) };
      for (const holder of held) holder.release();
    };

    let committed = 0;
    let releasing: Promise<void> | undefined;
    const writerPositions: bigint[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let index = 0; index < perWriter; index++) {
          const { lastPosition } = await store.append(`writer-${writer}-${randomUUID()}`, [credits()], {
            expectedVersion: "no_stream",
          });
          writerPositions.push(lastPosition.globalPosition);
          committed++;
          if (committed === overtakenBy && held.length > 0) releasing = releaseHeld();
        }
      }),
    );
    await releasing;
    await Promise.all(held.map((holder) => holder.done));
    const expected = total + held.length;

    await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(expected);
    await subscription.stop();

    expect(new Set(seen.map(keyOf)).size).toBe(seen.length);
    expect(seen).toHaveLength(expected);
    for (let index = 1; index < seen.length; index++) {
      expect(comparePositions(seen[index - 1] as Position, seen[index] as Position)).toBeLessThan(0);
    }
    const stored = await store.readAll(from, 100_000);
    expect(seen.map(keyOf)).toEqual(stored.map(keyOf));

    if (db.kind === "pg") {
      expect(held).toHaveLength(3);
      // Each held transaction took a position below every writer's, and at least 50 writer appends
      // committed while it was still open: commits really arrived out of position order.
      const lowestWriter = writerPositions.reduce((low, position) => (position < low ? position : low));
      for (const holder of held) expect(holder.globalPosition).toBeLessThan(lowestWriter);
      expect(atRelease?.committed).toBeGreaterThanOrEqual(overtakenBy);
      expect(atRelease?.heldVisible).toBe(0);
      // Readers stop below the oldest running writer, so nothing written after it was delivered early.
      expect(atRelease?.seen).toBe(0);
      const heldStreams = held.map((holder) => holder.streamId);
      expect(seen.filter((event) => heldStreams.includes(event.streamId))).toHaveLength(held.length);
    }
  });

  it("reads nothing after the head and starts from the beginning with START", async () => {
    const head = await store.head();
    expect(await store.readAll(head)).toEqual([]);
    const all = await store.readAll(START, 5);
    expect(all).toHaveLength(5);
  });
});
