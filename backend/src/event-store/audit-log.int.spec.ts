import { randomUUID } from "node:crypto";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers } from "../../test/databases";
import { type AuditLog, createAuditLog, createEventStore, EventRegistry, type EventStore, migrateEventStore } from ".";

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
      "select global_position from es_audit_log order by link",
    );
    expect(links.map((link) => link.global_position)).toEqual(events.map((event) => event.global_position));
    const report = await (chainers[0] as AuditLog).verify();
    expect(report).toMatchObject({ checked: 400, brokenAt: null, unchained: 0 });
    expect(report.head?.hash).toMatch(/^[0-9a-f]{64}$/);
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
