import { randomUUID } from "node:crypto";
import { CHECKPOINT_MIGRATIONS, rebuildProjection } from "@el/projections";
import { catalogLevelsProjector } from "@el/projections/catalog/catalog-levels";
import { applyMigrations } from "@el/projections/migrations";
import type { Database } from "@el/projections/sql";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabaseUrl, drivers } from "../../test/databases";
import { createPgDatabase } from "../database";
import { createEventStore, EventRegistry } from "../event-store";
import { BACKEND_MIGRATIONS, migrateDatabase } from ".";

/** What `migrateDatabase` records: the backend's migrations and the projection runner's. */
const ALL_MIGRATIONS = [...BACKEND_MIGRATIONS, ...CHECKPOINT_MIGRATIONS];

const registry = new EventRegistry().register({ type: "CreditsAdded", schema: z.object({ amount: z.number() }) });

const recorded = async (db: Database) =>
  (await db.query<{ name: string }>("select name from schema_migrations")).rows.map(({ name }) => name).sort();

const tableNames = async (db: Database) =>
  (
    await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    )
  ).rows.map(({ name }) => name);

/**
 * A database as the product left it before migrations were recorded: every table made by `create … if not
 * exists` blocks with nothing noting it, the schema hash the store kept then, events stored before
 * their digests existed, and a projector's checkpoint with an event an operator stepped over.
 */
const createSchemaOfBefore = async (db: Database) => {
  for (const migration of ALL_MIGRATIONS) {
    if (typeof migration.up === "string") await db.query(migration.up);
  }
  await db.query(
    `insert into projection_checkpoints (name, transaction_id, global_position) values ('catalog_levels', '7', 3);
     insert into projection_skips (name, transaction_id, global_position, reason, skipped_by)
       values ('catalog_levels', '5', 2, 'broken level', 'admin');`,
  );
  await db.query("create table event_store_schema_version (version text not null)");
  await db.query("insert into event_store_schema_version (version) values ('3f2a…')");
  await db.query("alter table es_events drop column digest");
  await db.query("create table catalog_levels (id int primary key, name text not null, active boolean not null)");
  await db.query("insert into catalog_levels values (1, 'Básico', true)");
  await db.query(
    `insert into es_streams (stream_id, version) values ('wallet-1', 1);
     insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
       values ('wallet-1', 1, 'CreditsAdded', 1, '{"amount": 3}', '{}', '${randomUUID()}');`,
  );
};

describe.each(drivers)("schema migrations on $name", (driver) => {
  const opened: Database[] = [];
  const open = async () => {
    const db = await driver.open();
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });

  it("makes a fresh database whole, recording each migration once, and a second run changes nothing", async () => {
    const db = await open();
    await migrateDatabase(db, []);
    expect(await recorded(db)).toEqual(ALL_MIGRATIONS.map(({ name }) => name).sort());
    expect(await recorded(db)).toContain("projection-runner/001-checkpoints");
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining([
        "es_events",
        "es_audit_chain",
        "personal_data_keys",
        "audit_replays",
        "teacher_photos",
        "projection_checkpoints",
        "projection_skips",
      ]),
    );
    expect(await applyMigrations(db, ALL_MIGRATIONS)).toEqual([]);
    await migrateDatabase(db, []);
    expect(await recorded(db)).toHaveLength(ALL_MIGRATIONS.length);
    const store = await createEventStore(db, registry);
    const appended = await store.append("wallet-1", [{ type: "CreditsAdded", data: { amount: 1 } }], {
      expectedVersion: "no_stream",
    });
    expect(appended.nextVersions).toEqual({ "wallet-1": 1 });
    await store.close();
  });

  it("upgrades a database made before migrations were recorded, keeping its events", async () => {
    const db = await open();
    await createSchemaOfBefore(db);
    await migrateDatabase(db, [catalogLevelsProjector]);
    expect(await recorded(db)).toHaveLength(ALL_MIGRATIONS.length + 1);
    expect(await recorded(db)).toContain("projection:catalog_levels/001-catalog-levels");
    expect(await recorded(db)).toContain("projection-runner/001-checkpoints");
    expect((await db.query("select name from catalog_levels")).rows).toEqual([{ name: "Básico" }]);
    expect(
      (await db.query("select name, transaction_id::text, global_position::text from projection_checkpoints")).rows,
    ).toEqual([{ name: "catalog_levels", transaction_id: "7", global_position: "3" }]);
    expect((await db.query("select reason, skipped_by from projection_skips")).rows).toEqual([
      { reason: "broken level", skipped_by: "admin" },
    ]);
    expect(await tableNames(db)).not.toContain("event_store_schema_version");
    const store = await createEventStore(db, registry);
    expect((await store.readStream("wallet-1")).map(({ data }) => data)).toEqual([{ amount: 3 }]);
    await store.append("wallet-1", [{ type: "CreditsAdded", data: { amount: 2 } }], { expectedVersion: 1 });
    const { rows } = await db.query<{ digested: boolean }>(
      "select digest is not null as digested from es_events order by global_position",
    );
    expect(rows.map(({ digested }) => digested)).toEqual([false, true]);
    await store.close();
  });

  it("makes a read model's tables again from its migrations when a rebuild dropped them", async () => {
    const db = await open();
    await migrateDatabase(db, [catalogLevelsProjector]);
    await db.query("insert into catalog_levels values (7, 'Avançado', true)");
    const store = await createEventStore(db, registry);
    await rebuildProjection(db, store, catalogLevelsProjector);
    await store.close();
    expect((await db.query("select * from catalog_levels")).rows).toEqual([]);
    expect(await recorded(db)).toContain("projection:catalog_levels/001-catalog-levels");
  });

  it("applies nothing of a run that fails: the failed migration and those before it in the run are left to the next", async () => {
    const db = await open();
    const area = `spec-${randomUUID().slice(0, 8)}`;
    const first = { name: `${area}/001-first`, up: "create table spec_first (id int)" };
    const failing = { name: `${area}/002-failing`, up: "create table spec_first (id int)" };
    await expect(applyMigrations(db, [first, failing])).rejects.toThrow();
    expect(await tableNames(db)).not.toContain("spec_first");
    expect(await applyMigrations(db, [first])).toEqual([first.name]);
  });
});

describe("two processes migrating one PostgreSQL database at once", () => {
  it("take turns under one lock: one applies every migration, the other finds them recorded", async () => {
    const url = await createTestDatabaseUrl();
    const [a, b] = [createPgDatabase(url), createPgDatabase(url)];
    try {
      const applied = await Promise.all([
        applyMigrations(a, BACKEND_MIGRATIONS),
        applyMigrations(b, BACKEND_MIGRATIONS),
      ]);
      expect(applied.map((names) => names.length).sort((x, y) => x - y)).toEqual([0, BACKEND_MIGRATIONS.length]);
      expect(await recorded(a)).toHaveLength(BACKEND_MIGRATIONS.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("make the projection runner's tables once, whichever starts first", async () => {
    const url = await createTestDatabaseUrl();
    const [a, b] = [createPgDatabase(url), createPgDatabase(url)];
    try {
      await Promise.all([migrateDatabase(a, [catalogLevelsProjector]), migrateDatabase(b, [catalogLevelsProjector])]);
      expect(await recorded(a)).toEqual(
        [...ALL_MIGRATIONS.map(({ name }) => name), "projection:catalog_levels/001-catalog-levels"].sort(),
      );
      expect(await tableNames(a)).toEqual(expect.arrayContaining(["projection_checkpoints", "projection_skips"]));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
