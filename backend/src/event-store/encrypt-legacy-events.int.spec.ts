import { randomUUID } from "node:crypto";
import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers } from "../../test/databases";
import {
  createAuditLog,
  createEventStore,
  EventRegistry,
  type EventStore,
  encryptLegacyEvents,
  migrateEventStore,
} from ".";

const registry = new EventRegistry().register({
  type: "ProfileChanged",
  schema: z.object({ changes: z.record(z.string(), z.unknown()), by: z.string() }),
});

describe.each(drivers)("sealing events written before encryption (one-off migration) on $name", (driver) => {
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

  /** An event as an older version stored it: personal fields in the clear. */
  const legacyEvent = async (streamId: string, email: string) => {
    await db.query("insert into es_streams (stream_id, version) values ($1, 1)", [streamId]);
    await db.query(
      `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
       values ($1, 1, 'ProfileChanged', 1, $2::jsonb, '{"occurredAt":"2026-01-01T00:00:00.000Z"}', $3)`,
      [streamId, JSON.stringify({ changes: { email, level: 2 }, by: "ana" }), randomUUID()],
    );
  };
  const raw = async (streamId: string) =>
    (await db.query<{ data: unknown }>("select data from es_events where stream_id = $1", [streamId])).rows.map((row) =>
      JSON.stringify(row.data),
    );

  it("seals them, keeps them readable and the audit chain valid, and lets an erasure hide them", async () => {
    const old = `student-${randomUUID()}`;
    await legacyEvent(old, "antiga@example.com");
    const recent = `student-${randomUUID()}`;
    await store.append(
      recent,
      [{ type: "ProfileChanged", data: { changes: { email: "nova@example.com" }, by: "x" } }],
      {
        expectedVersion: "no_stream",
      },
    );
    const sealedBefore = await raw(recent);
    const audit = createAuditLog(db);
    await audit.catchUp({ upTo: (await audit.lastStored()) ?? undefined, timeoutMs: 30_000 });

    const result = await encryptLegacyEvents(db);

    expect(result.sealed).toBe(1);
    expect(result.headAfter).not.toBe(result.headBefore);
    expect((await raw(old))[0]).not.toContain("antiga@example.com");
    expect((await raw(old))[0]).toContain('"level":2');
    expect(await raw(recent)).toEqual(sealedBefore);
    expect((await store.readStream(old))[0]?.data).toEqual({
      changes: { email: "antiga@example.com", level: 2 },
      by: "ana",
    });
    const verified = await audit.verify();
    expect(verified.brokenAt).toBeNull();
    expect(verified.checked).toBeGreaterThan(1);

    expect((await encryptLegacyEvents(db)).sealed).toBe(0);

    await store.personalData.erase([old]);
    expect((await store.readStream(old))[0]?.data).toMatchObject({ changes: { email: PERSON_REMOVED } });
  });
});
