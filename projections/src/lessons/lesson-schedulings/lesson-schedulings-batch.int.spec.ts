import { randomUUID } from "node:crypto";
import type { RecordedEvent } from "@el/domain";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { lessonHistory as history, sqlOf } from "../../testing/lesson-history";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";

describe("lesson_schedulings applied in batches", () => {
  let opened: Promise<PGlite> | undefined;
  const database = () => {
    opened ??= PGlite.create();
    return opened;
  };
  afterAll(async () => (await opened)?.close());

  const rowsIn = async (db: PGlite, schema: string) =>
    (await db.query(`select * from ${schema}.lesson_schedulings order by id`)).rows;

  /** The same events into two schemas: one by `apply` event by event, one by `applyBatch` in batches. */
  const both = async (events: RecordedEvent[], batchSize: number) => {
    const db = await database();
    const one = `one_${randomUUID().slice(0, 8)}`;
    const batched = `batched_${randomUUID().slice(0, 8)}`;
    for (const schema of [one, batched]) {
      await db.exec(`create schema ${schema}; set search_path to ${schema};`);
      await lessonSchedulingsProjector.migrate(sqlOf(db));
    }
    await db.exec(`set search_path to ${one}`);
    await db.transaction(async (tx) => {
      for (const event of events) await lessonSchedulingsProjector.apply(event, sqlOf(tx));
    });
    await db.exec(`set search_path to ${batched}`);
    for (let start = 0; start < events.length; start += batchSize) {
      await db.transaction(
        (tx) =>
          lessonSchedulingsProjector.applyBatch?.(events.slice(start, start + batchSize), sqlOf(tx)) ??
          Promise.resolve(),
      );
    }
    await db.exec("set search_path to public");
    return { one: await rowsIn(db, one), batched: await rowsIn(db, batched) };
  };

  it.each([
    [1, 1],
    [2, 7],
    [3, 100],
    [4, 5000],
  ])("leave the rows apply leaves (seed %i, batches of %i)", async (seed, batchSize) => {
    const { one, batched } = await both(history(seed, 600), batchSize);
    expect(one.length).toBeGreaterThan(30);
    expect(batched).toEqual(one);
  });

  it("covers every event type the projector handles", () => {
    const types = new Set(history(1, 600).map((event) => event.type));
    expect(lessonSchedulingsProjector.handles.filter((type) => !types.has(type))).toEqual([]);
  });
});
