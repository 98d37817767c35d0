import { randomUUID } from "node:crypto";
import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { Database } from "@el/projections/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers } from "../../test/databases";
import {
  createAuditLog,
  createEventStore,
  createPersonalDataVault,
  EventRegistry,
  type EventStore,
  migrateEventStore,
} from ".";

const registry = new EventRegistry().register(
  {
    type: "ProfileChanged",
    schema: z.object({ changes: z.record(z.string(), z.unknown()), by: z.string() }),
  },
  { type: "LessonScheduled", schema: z.object({ id: z.number(), student: z.object({}).loose() }) },
);

const changed = (changes: Record<string, unknown>) => ({ type: "ProfileChanged", data: { changes, by: "ana" } });

describe.each(drivers)("personal data in events on $name", (driver) => {
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

  const stored = async (streamId: string) =>
    (await db.query<{ data: unknown }>("select data from es_events where stream_id = $1", [streamId])).rows.map((row) =>
      JSON.stringify(row.data),
    );

  it("stores personal fields encrypted and reads them back plain; other fields stay as they are", async () => {
    const student = `student-${randomUUID()}`;
    const appended = await store.append(student, [changed({ email: "ana@example.com", cpf: "123", level: 2 })], {
      expectedVersion: "no_stream",
    });

    const [raw] = await stored(student);
    expect(raw).not.toContain("ana@example.com");
    expect(raw).toContain('"level":2');
    expect(raw).toMatch(/"email":"pd1:student-[^"]+:/);
    const expected = { changes: { email: "ana@example.com", cpf: "123", level: 2 }, by: "ana" };
    expect((await store.readStream(student))[0]?.data).toEqual(expected);
    expect(appended.recorded[0]?.data).toEqual(expected);
  });

  it("reads 'titular removido' once the person's key is destroyed, in every stream that names them", async () => {
    const id = Math.floor(Math.random() * 1e9);
    const student = `student-${id}`;
    const lesson = `lesson-${randomUUID()}`;
    await store.append(student, [changed({ firstName: "Ana", email: "ana@x.com" })], { expectedVersion: "no_stream" });
    await store.append(
      lesson,
      [{ type: "LessonScheduled", data: { id: 1, student: { id, firstName: "Ana", lastName: null } } }],
      { expectedVersion: "no_stream" },
    );
    const before = await stored(student);

    await store.personalData.erase([student]);

    expect((await store.readStream(student))[0]?.data).toEqual({
      changes: { firstName: PERSON_REMOVED, email: PERSON_REMOVED },
      // Who changed an account's profile is often its owner, by their login: sealed with the rest.
      by: PERSON_REMOVED,
    });
    expect((await store.readStream(lesson))[0]?.data).toEqual({
      id: 1,
      student: { id, firstName: PERSON_REMOVED, lastName: null },
    });
    // The events did not change: only the key is gone.
    expect(await stored(student)).toEqual(before);
    // A process that had the key in memory (another instance) learns of the erasure from the table.
    const other = createPersonalDataVault(db);
    expect(await other.isErased(student)).toBe(true);
    const { rows } = await db.query<{ key: string | null }>("select key from personal_data_keys where subject = $1", [
      student,
    ]);
    expect(rows).toEqual([{ key: null }]);
  });

  it("writes 'titular removido' instead of data about a person already erased", async () => {
    const student = `student-${randomUUID()}`;
    await store.personalData.erase([student]);
    await store.append(student, [changed({ firstName: "Ana" })], { expectedVersion: "any" });
    expect((await stored(student))[0]).toContain(PERSON_REMOVED);
    expect((await stored(student))[0]).not.toContain("Ana");
  });

  it("hides events written before encryption once their person is erased (read-time upcasting)", async () => {
    const student = `student-${randomUUID()}`;
    await db.query("insert into es_streams (stream_id, version) values ($1, 1)", [student]);
    await db.query(
      `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
       values ($1, 1, 'ProfileChanged', 1, '{"changes":{"email":"old@x.com"},"by":"ana"}', '{}', $2)`,
      [student, randomUUID()],
    );
    expect((await store.readStream(student))[0]?.data).toMatchObject({ changes: { email: "old@x.com" } });
    await store.personalData.erase([student]);
    expect((await store.readStream(student))[0]?.data).toMatchObject({ changes: { email: PERSON_REMOVED } });
  });

  it("keeps the audit chain valid across an erasure: it hashes the events as stored", async () => {
    const student = `student-${randomUUID()}`;
    await store.append(student, [changed({ email: "chain@x.com" })], { expectedVersion: "no_stream" });
    const audit = createAuditLog(db);
    // The chainer's lock is the server's: another suite's chainer may hold it for a moment.
    await audit.catchUp({ upTo: (await audit.lastStored()) ?? undefined, timeoutMs: 30_000 });
    await store.personalData.erase([student]);
    const verification = await audit.verify();
    expect(verification.brokenAt).toBeNull();
    expect(verification.checked).toBeGreaterThan(0);
  });
});
