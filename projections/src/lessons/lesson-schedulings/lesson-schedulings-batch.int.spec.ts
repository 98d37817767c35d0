import type { RecordedEvent } from "@el/domain";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { batchComparisons, lessonHistory as history } from "../../testing/lesson-history";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";

describe("lesson_schedulings applied in batches", () => {
  const compare = batchComparisons();
  const rowsIn = async (db: PGlite, schema: string) =>
    (await db.query(`select * from ${schema}.lesson_schedulings order by id`)).rows;
  const both = (events: RecordedEvent[], batchSize: number) =>
    compare(lessonSchedulingsProjector, events, batchSize, rowsIn);

  it.each([
    [1, 1],
    [2, 7],
    [3, 100],
    [4, 5000],
  ])("leave the rows one event at a time leaves (seed %i, batches of %i)", async (seed, batchSize) => {
    const { one, batched } = await both(history(seed, 600), batchSize);
    expect(one.length).toBeGreaterThan(30);
    expect(batched).toEqual(one);
  });

  it.each([
    [5, 1],
    [6, 7],
    [7, 100],
    [8, 5000],
  ])(
    "live, leave the rows one event at a time leaves and push what it pushes (seed %i, batches of %i)",
    async (seed, batchSize) => {
      const events = history(seed, 600);
      const { one, batched, pushes } = await compare(lessonSchedulingsProjector, events, batchSize, rowsIn, "live");
      expect(batched).toEqual(one);
      expect(pushes.one.length).toBeGreaterThan(30);
      expect(pushes.batched).toEqual(pushes.one);
      // Each push carries when its event was stored, for the push-latency metric.
      expect(pushes.batched.every((push) => typeof push.recordedAt === "number")).toBe(true);
    },
  );

  it("covers every event type the projector handles", () => {
    const types = new Set(history(1, 600).map((event) => event.type));
    expect(lessonSchedulingsProjector.handles.filter((type) => !types.has(type))).toEqual([]);
  });
});
