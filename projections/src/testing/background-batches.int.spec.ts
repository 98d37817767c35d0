import { randomUUID } from "node:crypto";
import type { RecordedEvent } from "@el/domain";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { lessonMailsProjector } from "../lesson-mails/lesson-mails";
import { lessonControlCountsProjector } from "../lessons/lesson-control/lesson-control-counts";
import type { Projector } from "../runner/projector";
import { teacherProfilesProjector } from "../teacher-profiles/teacher-profiles";
import { lessonHistory, sqlOf } from "./lesson-history";

/**
 * The runner applies live batches of a projector that pushes nothing with its `applyBatch` (a burst's
 * schedulings in one statement): for each such projector, the rows it leaves are the ones `apply` leaves
 * event by event, whatever the batches.
 */
describe.each([
  { projector: lessonMailsProjector, tables: lessonMailsProjector.tables },
  { projector: teacherProfilesProjector, tables: teacherProfilesProjector.tables },
  { projector: lessonControlCountsProjector, tables: lessonControlCountsProjector.tables },
])(
  "$projector.name applied in batches",
  ({ projector, tables }: { projector: Projector; tables: readonly string[] }) => {
    let opened: Promise<PGlite> | undefined;
    const database = () => {
      opened ??= PGlite.create();
      return opened;
    };
    afterAll(async () => (await opened)?.close());

    const rowsIn = async (db: PGlite, schema: string) =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await db.query(`select * from ${schema}.${table} as row order by row::text`)).rows,
          ]),
        ),
      );

    const both = async (events: RecordedEvent[], batchSize: number) => {
      const db = await database();
      const one = `one_${randomUUID().slice(0, 8)}`;
      const batched = `batched_${randomUUID().slice(0, 8)}`;
      for (const schema of [one, batched]) {
        await db.exec(`create schema ${schema}; set search_path to ${schema};`);
        await projector.migrate(sqlOf(db));
      }
      const handled = events.filter((event) => projector.handles.includes(event.type));
      await db.exec(`set search_path to ${one}`);
      await db.transaction(async (tx) => {
        for (const event of handled) await projector.apply(event, sqlOf(tx));
      });
      await db.exec(`set search_path to ${batched}`);
      for (let start = 0; start < handled.length; start += batchSize) {
        await db.transaction(
          (tx) => projector.applyBatch?.(handled.slice(start, start + batchSize), sqlOf(tx)) ?? Promise.resolve(),
        );
      }
      await db.exec("set search_path to public");
      return { one: await rowsIn(db, one), batched: await rowsIn(db, batched) };
    };

    it("pushes nothing, and batches live", () => {
      expect(projector.pushesNothing).toBe(true);
      expect(projector.applyBatch).toBeTypeOf("function");
    });

    it.each([
      [1, 1],
      [2, 7],
      [3, 100],
      [4, 5000],
    ])("leaves the rows apply leaves (seed %i, batches of %i)", async (seed, batchSize) => {
      const { one, batched } = await both(lessonHistory(seed, 600), batchSize);
      const lessonRows = Object.values(one).reduce<number>((count, rows) => count + (rows as unknown[]).length, 0);
      expect(lessonRows).toBeGreaterThan(10);
      expect(batched).toEqual(one);
    });
  },
);
