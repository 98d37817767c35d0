import { seedCatalogAdditions, seedCatalogAppends, seedLevels, seedTrails } from "@el/domain/catalog/index";
import { createProjectionRunner, migrateProjections } from "@el/projections";
import { catalogProjectors } from "@el/projections/catalog/index";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { createPgDatabase } from "../../database";
import { createEventStore, EventRegistry, migrateEventStore } from "../../event-store";
import { catalogFeature } from ".";
import { seedCatalog } from "./seed";

const counts = async (query: (text: string) => Promise<{ rows: { n: string }[] }>) => ({
  levels: Number((await query("select count(*) as n from catalog_levels")).rows[0]?.n),
  trails: Number((await query("select count(*) as n from catalog_trails")).rows[0]?.n),
  packages: Number((await query("select count(*) as n from catalog_packages")).rows[0]?.n),
  seedEvents: Number(
    (await query("select count(*) as n from es_events where stream_id ~ '^(level|trail|package)-'")).rows[0]?.n,
  ),
});

describe("catalogue seed", () => {
  it("gives every seeded level its trails at first start, as students will see them", async () => {
    const { app, close } = await createTestApp();
    try {
      const levels = (await app.inject({ method: "GET", url: "/api/levels?active=true&size=999" })).json();
      expect(levels.map((level: { id: number }) => level.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
      const { rows } = await app.db.query<{ level_id: number; trails: string }>(
        "select level_id, count(*) as trails from catalog_trails group by level_id order by level_id",
      );
      expect(rows.map((row) => [row.level_id, Number(row.trails)])).toEqual(
        [...seedLevels]
          .sort((a, b) => a.id - b.id)
          .map((level) => [level.id, seedTrails.filter((trail) => trail.levelId === level.id).length]),
      );
      expect(rows.filter((row) => row.level_id !== 9).every((row) => Number(row.trails) >= 4)).toBe(true);
    } finally {
      await close();
    }
  });

  it("seeds once: a restart, or two instances starting together on one database, adds nothing", async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const first = await createTestApp({ databaseUrl });
    const seeded = await counts((text) => first.db.query(text));
    await first.close();
    expect(seeded).toEqual({
      levels: seedLevels.length,
      trails: seedTrails.length,
      packages: 5,
      seedEvents: seedLevels.length + seedTrails.length + 5,
    });

    const [a, b] = await Promise.all([createTestApp({ databaseUrl }), createTestApp({ databaseUrl })]);
    try {
      expect(await counts((text) => a.db.query(text))).toEqual(seeded);
      expect(await counts((text) => b.db.query(text))).toEqual(seeded);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("two instances racing to seed an empty PostgreSQL database store the catalogue once", async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const registry = new EventRegistry().register(...catalogFeature.events);
    const setup = createPgDatabase(databaseUrl);
    await migrateEventStore(setup);
    await migrateProjections(setup, catalogProjectors);
    await setup.close();

    const instance = async () => {
      const db = createPgDatabase(databaseUrl);
      const eventStore = await createEventStore(db, registry);
      const projections = createProjectionRunner({ db, source: eventStore, projectors: catalogProjectors });
      projections.start();
      const close = async () => {
        await projections.stop();
        await eventStore.close();
        await db.close();
      };
      return { db, app: { eventStore, projections, log: { info: () => {} } }, close };
    };
    const [a, b] = await Promise.all([instance(), instance()]);
    try {
      await Promise.all([seedCatalog(a.app), seedCatalog(b.app)]);
      const expected = {
        levels: seedLevels.length,
        trails: seedTrails.length,
        packages: 5,
        seedEvents: seedLevels.length + seedTrails.length + 5,
      };
      expect(await counts((text) => a.db.query(text))).toEqual(expected);
      expect(await counts((text) => b.db.query(text))).toEqual(expected);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("adds the groups seeded since (10 and 8, with their trails) to a catalogue an earlier version seeded, once", async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const setup = createPgDatabase(databaseUrl);
    await migrateEventStore(setup);
    const earlier = await createEventStore(setup, new EventRegistry().register(...catalogFeature.events));
    const added = new Set(seedCatalogAdditions().map((append) => append.streamId));
    await earlier.appendMany(
      seedCatalogAppends()
        .filter((append) => !added.has(append.streamId))
        .map(({ streamId, events }) => ({ streamId, events, expectedVersion: "no_stream" as const })),
      { commandId: "catalog-seed-v1", metadata: { userId: "system" } },
    );
    await earlier.close();
    await setup.close();

    const first = await createTestApp({ databaseUrl });
    try {
      const levels = (await first.app.inject({ method: "GET", url: "/api/levels?size=999" })).json();
      expect(levels.map((level: { id: number; name: string }) => `${level.id} ${level.name}`)).toEqual(
        expect.arrayContaining(["10 Conversação", "8 Inglês para viagens"]),
      );
      const { rows } = await first.db.query<{ level_id: number; trails: string }>(
        "select level_id, count(*) as trails from catalog_trails where level_id in (8, 10) group by level_id order by level_id",
      );
      expect(rows.map((row) => [row.level_id, Number(row.trails)])).toEqual([
        [8, 4],
        [10, 4],
      ]);
      expect(await counts((text) => first.db.query(text))).toMatchObject({
        levels: seedLevels.length,
        trails: seedTrails.length,
      });
    } finally {
      await first.close();
    }
    const again = await createTestApp({ databaseUrl });
    try {
      expect((await counts((text) => again.db.query(text))).seedEvents).toBe(seedLevels.length + seedTrails.length + 5);
    } finally {
      await again.close();
    }
  });
});
