import { randomUUID } from "node:crypto";
import type { Projector, Sql } from "@el/projections";
import { createProjectionRunner, eventByEvent, migrateProjections } from "@el/projections";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { drivers, type TestDriver } from "../../test/databases";
import { createEventStore, EventRegistry, migrateEventStore } from "../event-store";
import { UnknownProjector } from "./rebuild";
import { NotStalled, parseSkipArguments, skippedLine, skipStalledEvent } from "./skip";

const registry = new EventRegistry().register({ type: "Ticked", schema: z.object({ n: z.number().int() }) });

/** One row per applied tick; tick 3 cannot be applied. */
const ledger: Projector = {
  name: "ledger",
  handles: ["Ticked"],
  tables: ["ledger_rows"],
  async migrate(sql: Sql) {
    await sql.query("create table if not exists ledger_rows (n integer not null)");
  },
  evolve: eventByEvent(async (event, tx) => {
    const { n } = event.data as { n: number };
    if (n === 3) throw new Error("cannot project tick 3");
    await tx.query("insert into ledger_rows (n) values ($1)", [n]);
  }),
};

describe.each(drivers)("skipping the event a projector is stalled on, on $name", (driver: TestDriver) => {
  it("records who skipped which event and why, and the projector resumes past it on restart", async () => {
    const db = await driver.open();
    await migrateEventStore(db);
    const store = await createEventStore(db, registry);
    await migrateProjections(db, [ledger]);
    const runners: ReturnType<typeof createProjectionRunner>[] = [];
    const runner = () => {
      const created = createProjectionRunner({
        db,
        source: store,
        projectors: [ledger],
        maxAttempts: 1,
        retryDelayMs: 10,
      });
      runners.push(created);
      created.start();
      return created;
    };
    try {
      const stream = `clock-${randomUUID()}`;
      for (let n = 1; n <= 5; n++)
        await store.append(stream, [{ type: "Ticked", data: { n } }], { expectedVersion: "any" });
      const ticks = await store.readStream(stream);
      const failing = ticks[2];

      // Nothing to skip while the projector is healthy.
      await expect(
        skipStalledEvent({ db, projectors: [ledger], name: "ledger", reason: "too early", by: "ops" }),
      ).rejects.toBeInstanceOf(NotStalled);

      const stalled = runner();
      await expect.poll(async () => (await stalled.status())[0]?.state, { timeout: 15_000 }).toBe("stalled");
      await stalled.stop();

      await expect(
        skipStalledEvent({ db, projectors: [ledger], name: "ledgers", reason: "typo", by: "ops" }),
      ).rejects.toThrow(new UnknownProjector("ledgers", ["ledger"]).message);

      const skipped = await skipStalledEvent({
        db,
        projectors: [ledger],
        name: "ledger",
        reason: "tick 3 was recorded by mistake",
        by: "maria",
      });
      expect(skipped).toEqual({
        position: { transactionId: failing?.transactionId, globalPosition: failing?.globalPosition },
        error: "cannot project tick 3",
        type: "Ticked",
        streamId: stream,
      });
      expect(skippedLine("ledger", skipped)).toBe(
        `ledger: skipped event ${failing?.globalPosition} (Ticked in ${stream}), which failed with: cannot project tick 3. Restart the backend to resume the projector.`,
      );
      const skips = async () =>
        (
          await db.query<{ name: string; global_position: string; reason: string; skipped_by: string }>(
            "select name, global_position::text, reason, skipped_by from projection_skips",
          )
        ).rows;
      expect(await skips()).toEqual([
        {
          name: "ledger",
          global_position: failing?.globalPosition.toString(),
          reason: "tick 3 was recorded by mistake",
          skipped_by: "maria",
        },
      ]);

      // Skipped once: asked again, there is no stall to skip and nothing more is recorded.
      await expect(
        skipStalledEvent({ db, projectors: [ledger], name: "ledger", reason: "again", by: "maria" }),
      ).rejects.toBeInstanceOf(NotStalled);
      expect(await skips()).toHaveLength(1);

      // Restarted with the same projector, which still cannot apply tick 3: it is not tried again.
      const resumed = runner();
      const last = ticks.at(-1);
      expect(
        await resumed.waitFor({
          transactionId: last?.transactionId ?? 0n,
          globalPosition: last?.globalPosition ?? 0n,
        }),
      ).toBe(true);
      expect((await db.query("select n from ledger_rows order by n")).rows).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 4 },
        { n: 5 },
      ]);
      expect((await resumed.status())[0]).toMatchObject({ state: "running", lag: 0 });
    } finally {
      await Promise.all(runners.map((running) => running.stop()));
      await store.close();
      await db.close();
    }
  });
});

describe("the arguments of projections:skip", () => {
  it("takes one read model, a reason and an author", () => {
    expect(parseSkipArguments(["ledger", "--reason", "duplicate tick", "--by", "maria"])).toEqual({
      name: "ledger",
      reason: "duplicate tick",
      by: "maria",
    });
    expect(parseSkipArguments(["--by=maria", "ledger", "--reason=duplicate tick"])).toEqual({
      name: "ledger",
      reason: "duplicate tick",
      by: "maria",
    });
  });

  it("refuses a skip without a reason, an author or exactly one name", () => {
    expect(parseSkipArguments(["ledger", "--by", "maria"])).toEqual({ error: expect.stringContaining("--reason") });
    expect(parseSkipArguments(["ledger", "--reason", "  ", "--by", "maria"])).toEqual({
      error: expect.stringContaining("--reason"),
    });
    expect(parseSkipArguments(["ledger", "--reason", "why"])).toEqual({ error: expect.stringContaining("--by") });
    expect(parseSkipArguments(["--reason", "why", "--by", "maria"])).toEqual({ error: "name exactly one read model" });
    expect(parseSkipArguments(["a", "b", "--reason", "why", "--by", "maria"])).toEqual({
      error: "name exactly one read model",
    });
    expect(parseSkipArguments(["ledger", "--reason", "why", "--by", "maria", "--force"])).toEqual({
      error: expect.stringContaining("--force"),
    });
  });
});
