import { type LessonScheduled, lessonStreams } from "@el/domain/lessons/lesson";
import {
  blueSchema,
  createProjectionRunner,
  greenSchema,
  migrateProjections,
  rebuildBlueGreen,
  type Sql,
} from "@el/projections";
import { lessonSchedulingsProjector } from "@el/projections/lessons/index";
import { describe, expect, it } from "vitest";
import { drivers, type TestDriver } from "../../test/databases";
import { createEventStore, EventRegistry, migrateEventStore } from "../event-store";
import { lessonsFeature } from "../features/lessons";

const registry = new EventRegistry().register(...lessonsFeature.events);

const scheduled = (id: number): LessonScheduled => ({
  id,
  student: { id: 7, firstName: "Ana", lastName: "Souza" },
  trail: { id: 1, number: 1, title: "Greetings" },
  level: { id: 1, name: "Begginer" },
  date: new Date(Date.UTC(2026, 2, 1) + id * 3_600_000).toISOString(),
  objective: "TRAVEL",
  createdDate: "2026-02-01T00:00:00.000Z",
});

const count = async (sql: Sql) =>
  Number(
    (await sql.query<{ count: string | number }>("select count(*) as count from lesson_schedulings")).rows[0]?.count,
  );

describe.each(drivers)("a blue/green rebuild on $name", (driver: TestDriver) => {
  it("builds the new version beside the live one and switches with no gap in answers, while lessons keep arriving", async () => {
    const db = await driver.open();
    await migrateEventStore(db);
    const store = await createEventStore(db, registry);
    await migrateProjections(db, [lessonSchedulingsProjector]);
    const runner = createProjectionRunner({
      db,
      source: store,
      projectors: [lessonSchedulingsProjector],
      standbyRetryMs: 50,
    });
    let next = 1;
    const schedule = async (lessons: number) => {
      const streams = Array.from({ length: lessons }, () => {
        const id = next++;
        return {
          streamId: lessonStreams.id(id),
          events: [{ type: "LessonScheduled", data: scheduled(id) }],
          expectedVersion: "no_stream" as const,
        };
      });
      return store.appendMany(streams);
    };
    runner.start();
    try {
      for (let page = 0; page < 10; page++) await schedule(200);
      expect(await runner.waitFor((await schedule(1)).lastPosition)).toBe(true);
      const before = await count(db);
      expect(before).toBe(2001);

      // Readers keep asking while the rebuild runs and switches; writers keep scheduling.
      // PGlite is one connection in this process: nothing can read during the switch's transaction, and the
      // embedded product is rebuilt with the backend stopped (it holds the data directory); there the rebuild
      // runs alone and only its result is checked.
      const concurrent = driver.name === "pg";
      let reading = concurrent;
      // What the answers were, kept as it goes (a read every few ms for the whole rebuild would fill memory).
      const answers = { count: 0, lowest: Number.POSITIVE_INFINITY, last: 0, wentBack: false };
      const failures: unknown[] = [];
      const reader = (async () => {
        while (reading) {
          try {
            const answer = await count(db);
            if (answers.count > 0 && answer < answers.last) answers.wentBack = true;
            answers.count++;
            answers.lowest = Math.min(answers.lowest, answer);
            answers.last = answer;
          } catch (error) {
            if (failures.length < 10) failures.push(error);
          }
        }
      })();
      let writing = concurrent;
      const writer = (async () => {
        while (writing) {
          await schedule(1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();

      const projected = await rebuildBlueGreen({
        db,
        source: store,
        projector: lessonSchedulingsProjector,
        batchSize: 300,
      })
        .catch((error: unknown) => {
          // Nobody may go on reading once the test has closed the database.
          reading = false;
          throw error;
        })
        .finally(() => {
          writing = false;
        });
      await writer;
      const last = await schedule(1);
      expect(await runner.waitFor(last.lastPosition)).toBe(true);
      reading = false;
      await reader;

      expect(failures).toEqual([]);
      expect(projected).toBeGreaterThanOrEqual(2001);
      if (concurrent) expect(answers.count).toBeGreaterThan(10);
      // Never an empty or half-built answer: every read saw at least what was there before the rebuild.
      expect(Math.min(before, answers.lowest)).toBeGreaterThanOrEqual(before);
      // Nor one that goes back in time: the switch waits until the new version is at least where the live one was.
      expect(answers.wentBack).toBe(false);
      // The runner goes on projecting onto the new tables: every lesson ever scheduled is there, once.
      expect(await count(db)).toBe(next - 1);
      const { rows: duplicates } = await db.query("select id from lesson_schedulings group by id having count(*) > 1");
      expect(duplicates).toEqual([]);
      // The old version is kept aside until the next blue/green rebuild; the building schema is gone.
      const schemas = await db.query<{ schema_name: string }>(
        "select schema_name from information_schema.schemata where schema_name = any($1::text[])",
        [[blueSchema(lessonSchedulingsProjector), greenSchema(lessonSchedulingsProjector)]],
      );
      expect(schemas.rows.map((row) => row.schema_name)).toEqual([blueSchema(lessonSchedulingsProjector)]);
    } finally {
      await runner.stop();
      await store.close();
      await db.close();
    }
  }, 120_000);
});
