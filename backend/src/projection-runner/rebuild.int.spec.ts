import type { Projector, Sql } from "@el/projections";
import { createProjectionRunner, eventByEvent, migrateProjections } from "@el/projections";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers, type TestDriver } from "../../test/databases";
import { createEventStore, EventRegistry, migrateEventStore } from "../event-store";
import { rebuildReadModel, UnknownProjector } from "./rebuild";

const registry = new EventRegistry().register(
  {
    type: "CreditsGranted",
    version: 2,
    schema: z.object({ amount: z.number().int(), grantedBy: z.string() }),
    // Version 1 had no author; the rebuild reads old events through the upcaster like any reader.
    upcasters: { 1: (data) => ({ ...(data as object), grantedBy: "system" }) },
  },
  { type: "NoteWritten", schema: z.object({ text: z.string() }) },
);

const balances: Projector = {
  name: "balances",
  handles: ["CreditsGranted"],
  tables: ["balances"],
  async migrate(sql: Sql) {
    await sql.query(
      "create table if not exists balances (student text primary key, balance integer not null, granted_by text[] not null)",
    );
  },
  evolve: eventByEvent(async (event, tx) => {
    const { amount, grantedBy } = event.data as { amount: number; grantedBy: string };
    await tx.query(
      `insert into balances (student, balance, granted_by) values ($1, $2, array[$3])
         on conflict (student) do update set balance = balances.balance + $2, granted_by = balances.granted_by || $3`,
      [event.streamId, amount, grantedBy],
    );
  }),
};
const notes: Projector = {
  name: "notes",
  handles: ["NoteWritten"],
  tables: ["notes"],
  migrate: async (sql) => {
    await sql.query("create table if not exists notes (text text)");
  },
  evolve: eventByEvent(async (event, tx) => {
    await tx.query("insert into notes (text) values ($1)", [(event.data as { text: string }).text]);
  }),
};

const snapshot = async (sql: Sql) =>
  (await sql.query("select student, balance, granted_by from balances order by student")).rows;

describe.each(drivers)("rebuilding a read model on $name", (driver: TestDriver) => {
  it("drops and replays one read model from the first event, leaving the same rows and the others untouched", async () => {
    const db = await driver.open();
    await migrateEventStore(db);
    const store = await createEventStore(db, registry);
    const projectors = [balances, notes];
    await migrateProjections(db, projectors);
    const runner = createProjectionRunner({ db, source: store, projectors });
    try {
      // An event stored before CreditsGranted had its author field.
      await db.query(
        `insert into es_streams (stream_id, version) values ('student-old', 1);
         insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
         values ('student-old', 1, 'CreditsGranted', 1, '{"amount":3}', '{"occurredAt":"2020-01-01T00:00:00Z"}', gen_random_uuid())`,
      );
      for (let student = 0; student < 25; student++) {
        await store.append(
          `student-${student}`,
          Array.from({ length: 100 }, (_, index) => ({
            type: "CreditsGranted",
            data: { amount: index + 1, grantedBy: `admin-${index % 3}` },
          })),
          { expectedVersion: "no_stream" },
        );
      }
      // Appended last, so in the global order it comes after every event above.
      const { lastPosition } = await store.append("notebook", [{ type: "NoteWritten", data: { text: "keep me" } }], {
        expectedVersion: "any",
      });
      runner.start();
      expect(await runner.waitFor(lastPosition)).toBe(true);
      await runner.stop();
      const before = await snapshot(db);
      expect(before).toHaveLength(26);
      expect(before).toContainEqual({ student: "student-old", balance: 3, granted_by: ["system"] });

      // A read model gone wrong (a bug fixed since, a hand-made edit).
      await db.query("update balances set balance = 0 where student = 'student-7'");
      await db.query("delete from balances where student = 'student-old'");

      const lines: string[] = [];
      const replayed = await rebuildReadModel({
        db,
        registry,
        projectors,
        name: "balances",
        report: (line) => lines.push(line),
      });

      expect(replayed).toBe(2502);
      expect(await snapshot(db)).toEqual(before);
      expect(lines).toEqual([
        "balances: 1000/2502 events (39%)",
        "balances: 2000/2502 events (79%)",
        "balances: 2502/2502 events (100%), done",
      ]);
      expect((await db.query("select text from notes")).rows).toEqual([{ text: "keep me" }]);

      // The checkpoint moved with the replay: a runner started afterwards applies nothing twice.
      const after = createProjectionRunner({ db, source: store, projectors });
      after.start();
      expect(await after.waitFor(lastPosition)).toBe(true);
      await after.stop();
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await runner.stop();
      await store.close();
      await db.close();
    }
  });

  it("refuses an unknown name and lists the read models there are", async () => {
    const db = await driver.open();
    try {
      const rebuild = rebuildReadModel({
        db,
        registry,
        projectors: [balances, notes],
        name: "balance",
        report: () => {},
      });
      await expect(rebuild).rejects.toBeInstanceOf(UnknownProjector);
      await expect(rebuild).rejects.toThrow('No read model named "balance". Read models: balances, notes');
    } finally {
      await db.close();
    }
  });
});
