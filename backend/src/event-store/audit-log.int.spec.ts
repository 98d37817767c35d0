import { randomUUID } from "node:crypto";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers } from "../../test/databases";
import {
  type AuditedEvent,
  type AuditLog,
  contentDigest,
  createAuditLog,
  createEventStore,
  EventRegistry,
  type EventStore,
  migrateEventStore,
} from ".";

const registry = new EventRegistry().register({
  type: "CreditsAdded",
  schema: z.object({ amount: z.number().int().positive() }),
});
const credits = (amount = 1) => ({ type: "CreditsAdded", data: { amount } });

describe.each(drivers)("the audit chain on $name", (driver) => {
  let db: Database;
  let store: EventStore;
  /** Two chainers, as two backend instances would run them. */
  let chainers: AuditLog[];

  beforeAll(async () => {
    db = await driver.open();
    await migrateEventStore(db);
    store = await createEventStore(db, registry);
    chainers = [createAuditLog(db), createAuditLog(db)];
    for (const chainer of chainers) {
      store.onAppended(() => chainer.wake());
      chainer.start(20);
    }
  });
  afterAll(async () => {
    for (const chainer of chainers) await chainer.stop();
    await store.close();
    await db.close();
  });

  it("links every event once, in global order, while 8 writers append and two chainers race", async () => {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const stream = `student-${randomUUID()}`;
        for (let version = 0; version < 25; version++) {
          await store.append(stream, [credits(version + 1), credits()], {
            expectedVersion: version === 0 ? "no_stream" : version * 2,
          });
        }
      }),
    );
    const upTo = (await (chainers[0] as AuditLog).lastStored()) ?? undefined;
    await Promise.all(chainers.map((chainer) => chainer.catchUp({ upTo })));

    const { rows: events } = await db.query<{ global_position: string }>(
      "select global_position from es_events order by transaction_id, global_position",
    );
    const { rows: links } = await db.query<{ global_position: string }>(
      `select chained.global_position from es_audit_chain c
        cross join unnest(c.positions) with ordinality as chained(global_position, n)
        order by c.first_link, chained.n`,
    );
    expect(links.map((link) => link.global_position)).toEqual(events.map((event) => event.global_position));
    const report = await (chainers[0] as AuditLog).verify();
    expect(report).toMatchObject({ checked: 400, brokenAt: null, unchained: 0 });
    expect(report.head?.hash).toMatch(/^[0-9a-f]{64}$/);
    // Verified from the events' content: the digests PostgreSQL stored with them are their content's.
    const { rows: digested } = await db.query<{ count: string }>(
      "select count(*) as count from es_events where digest is not null",
    );
    expect(Number(digested[0]?.count)).toBe(400);
    const { rows: sample } = await db.query<{ stream_id: string; digest: string }>(
      "select stream_id, encode(digest, 'hex') as digest from es_events order by global_position limit 1",
    );
    const [audited] = await (chainers[0] as AuditLog).stream(sample[0]?.stream_id ?? "");
    expect(contentDigest(audited?.content ?? "")).toBe(sample[0]?.digest);
    expect(audited?.content.startsWith('CreditsAdded\n{"amount": 1}\n{')).toBe(true);
  });

  it("chains events stored without a digest from their content, beside digested ones", async () => {
    const chainer = chainers[0] as AuditLog;
    const plain = await createEventStore(db, registry, undefined, { digests: false });
    try {
      const stream = `student-${randomUUID()}`;
      await plain.append(stream, [credits(4), credits(5)], { expectedVersion: "no_stream" });
      const { lastPosition } = await store.append(stream, [credits(6)], { expectedVersion: 2 });
      await chainer.catchUp({ upTo: lastPosition });
      const events = await chainer.stream(stream);
      expect(events.map((event) => [event.streamVersion, (event.data as { amount: number }).amount])).toEqual([
        [1, 4],
        [2, 5],
        [3, 6],
      ]);
      expect(await chainer.verify()).toMatchObject({ brokenAt: null, unchained: 0 });
      expect(await chainer.previousHash((events[2] as AuditedEvent).link)).toBe((events[1] as AuditedEvent).hash);
    } finally {
      await plain.close();
    }
  });

  it("chains in the database exactly as the verification hashes in Node, whatever a stream's name holds", async () => {
    const chainer = chainers[0] as AuditLog;
    // A typed sign-in login can hold anything: quotes, backslashes, control characters, accents, line separators.
    const stream = `sign-in-"a"\\b\u0001\té\u2028${randomUUID()}`;
    const { lastPosition } = await store.append(stream, [credits(7)], { expectedVersion: "no_stream" });
    await chainer.catchUp({ upTo: lastPosition });
    expect((await chainer.stream(stream)).map((event) => event.streamId)).toEqual([stream]);
    expect(await chainer.verify()).toMatchObject({ brokenAt: null, unchained: 0 });
  });

  it("finds an event whose content was edited with its digest made to match", async () => {
    const chainer = chainers[0] as AuditLog;
    const stream = `student-${randomUUID()}`;
    const { lastPosition } = await store.append(stream, [credits(1), credits(2)], { expectedVersion: "no_stream" });
    await chainer.catchUp({ upTo: lastPosition });
    const [, second] = await chainer.stream(stream);
    await db.query(
      `update es_events set data = '{"amount": 200}',
              digest = sha256(convert_to(type || E'\\n' || '{"amount": 200}' || E'\\n' || metadata::text, 'UTF8'))
        where global_position = $1`,
      [String(second?.globalPosition)],
    );
    const report = await chainer.verify();
    expect(report.brokenAt).toMatchObject({ streamId: stream, streamVersion: 2, link: second?.link });
    // Put back, so the next spec starts from a chain that holds.
    await db.query("update es_events set data = $2::jsonb where global_position = $1", [
      String(second?.globalPosition),
      JSON.stringify({ amount: 2 }),
    ]);
    await db.query("update es_events set digest = null where global_position = $1", [String(second?.globalPosition)]);
    expect((await chainer.verify()).brokenAt).toBeNull();
  });

  it("finds an edited event, and a removed one, at their own positions", async () => {
    const chainer = chainers[0] as AuditLog;
    const stream = `student-${randomUUID()}`;
    const { lastPosition } = await store.append(stream, [credits(1), credits(2), credits(3)], {
      expectedVersion: "no_stream",
    });
    await chainer.catchUp({ upTo: lastPosition });
    const { rows } = await db.query<{ global_position: string }>(
      "select global_position from es_events where stream_id = $1 order by stream_version",
      [stream],
    );
    const [first, second] = rows.map((row) => BigInt(row.global_position));

    await db.query(
      `update es_events set metadata = metadata || '{"userId": "someone-else"}' where global_position = $1`,
      [String(second)],
    );
    const edited = await chainer.verify();
    expect(edited.brokenAt).toMatchObject({ streamId: stream, streamVersion: 2 });
    expect(edited.brokenAt?.position.globalPosition).toBe(second);

    await db.query("delete from es_events where global_position = $1", [String(first)]);
    const removed = await chainer.verify();
    expect(removed.brokenAt?.position.globalPosition).toBe(first);
    expect(removed.brokenAt?.expected).toBe("event missing");
  });
});
