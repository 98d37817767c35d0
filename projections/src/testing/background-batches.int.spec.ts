import type { RecordedEvent } from "@el/domain";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { lessonControlCountsProjector } from "../lessons/lesson-control/lesson-control-counts";
import { lessonMailsProjector } from "../mails/lesson-mails";
import type { Projector } from "../runner/projector";
import { teacherProfilesProjector } from "../teachers/teacher-profiles";
import { batchComparisons, lessonHistory } from "./lesson-history";

/**
 * The read models that push nothing write a burst's schedulings in one statement: for each, the rows its
 * `evolve` leaves are the ones it leaves one event at a time, whatever the batches.
 */
describe.each([
  { projector: lessonMailsProjector, tables: lessonMailsProjector.tables },
  { projector: teacherProfilesProjector, tables: teacherProfilesProjector.tables },
  { projector: lessonControlCountsProjector, tables: lessonControlCountsProjector.tables },
])(
  "$projector.name applied in batches",
  ({ projector, tables }: { projector: Projector; tables: readonly string[] }) => {
    const compare = batchComparisons();
    const rowsIn = async (db: PGlite, schema: string) =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await db.query(`select * from ${schema}.${table} as row order by row::text`)).rows,
          ]),
        ),
      );

    const both = (events: RecordedEvent[], batchSize: number) =>
      compare(
        projector,
        events.filter((event) => projector.handles.includes(event.type)),
        batchSize,
        rowsIn,
      );

    it.each([
      [1, 1],
      [2, 7],
      [3, 100],
      [4, 5000],
    ])("leaves the rows one event at a time leaves (seed %i, batches of %i)", async (seed, batchSize) => {
      const { one, batched, pushes } = await both(lessonHistory(seed, 600), batchSize);
      expect(pushes.one).toEqual([]);
      const lessonRows = Object.values(one).reduce<number>((count, rows) => count + (rows as unknown[]).length, 0);
      expect(lessonRows).toBeGreaterThan(10);
      expect(batched).toEqual(one);
    });
  },
);
