/**
 * `npm run bench:replay`: how fast a replay to a moment rebuilds the lesson-control read model,
 * on a fresh PostgreSQL database of the local server (dropped at the end) and on an in-memory PGlite. Each
 * is seeded with `BENCH_EVENTS` (200,000) lesson events, a lesson's life in four (scheduled, claimed,
 * teacher's report, paid), one stored a millisecond after the other. Per database it prints, best of
 * `BENCH_ROUNDS` (3):
 * - reading alone: the replay's own reads (`readRecordedUpTo`, pages of 5,000) with nothing applied;
 * - the replay: `replayProjection` into a schema of its own, each batch through the projector's `evolve`;
 * - the replay to a moment: the same, up to the instant half the events had been stored;
 * - one by one: the projector's `evolve` on one event at a time (the statements a batch of one takes), over the first
 *   `BENCH_ONE_BY_ONE` (20,000) events only, for comparison.
 * and the replay as a share of reading alone. The machine's load average is printed with the figures.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { START } from "@el/domain";
import type { Database } from "@el/projections";
import { dropSchema, eventByEvent, replayProjection } from "@el/projections";
import { lessonSchedulingsProjector } from "@el/projections/lessons/index";
import { createPgDatabase, createPgliteDatabase } from "../src/database";
import { createEventStore, EventRegistry, type EventStore, migrateEventStore } from "../src/event-store";
import { features } from "../src/features";
import { benchDatabase } from "./harness";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONE_BY_ONE = Number(process.env.BENCH_ONE_BY_ONE ?? 20_000);
const BATCH = 5000;
const SEEDED_FROM = Date.parse("2026-01-01T00:00:00.000Z");

/**
 * The events written by SQL in pages (the store's append would be the thing measured otherwise): lesson
 * `n`'s four events, each `recorded_at` one millisecond after the one before in global order.
 */
const seed = async (db: Database) => {
  const lessons = Math.ceil(EVENTS / 4);
  for (let from = 0; from < lessons; from += 10_000) {
    const to = Math.min(lessons, from + 10_000) - 1;
    await db.query(
      `insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id, recorded_at)
       select 'lesson-' || (100000 + n), step, kind.type, 1, kind.data, '{"userId":"system"}'::jsonb, gen_random_uuid(),
              $3::timestamptz + ((n * 4 + step - 1) * interval '1 millisecond')
         from generate_series($1::int, $2::int) as n,
         lateral (values
           (1, 'LessonScheduled', jsonb_build_object('id', 100000 + n,
              'student', jsonb_build_object('id', 10 + n % 500, 'firstName', 'Aluna', 'lastName', 'Souza'),
              'trail', jsonb_build_object('id', 1, 'number', 1, 'title', 'Greetings'),
              'level', jsonb_build_object('id', 1, 'name', 'Begginer'),
              'date', to_char(timestamptz '2026-01-05 13:00Z' + n * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
              'objective', 'TRAVEL', 'createdDate', '2026-01-01T00:00:00Z')),
           (2, 'LessonAccepted', jsonb_build_object(
              'teacher', jsonb_build_object('id', 5000 + n % 200, 'firstName', 'Prof', 'lastName', null),
              'meetUrl', 'https://meet.jit.si/lesson-' || n, 'acceptedAt', '2026-01-02T00:00:00Z')),
           (3, 'TeacherFeedbackGiven', jsonb_build_object('feedbackId', 900000 + n, 'teacherId', 5000 + n % 200,
              'skipped', false, 'status', 1, 'note', 5, 'information', '', 'sugestions', '', 'productSugestions', '',
              'studentInformation', '', 'partialyHeld', null, 'givenAt', '2026-01-03T00:00:00Z')),
           (4, 'LessonPaid', jsonb_build_object('paymentId', 800000 + n, 'valueCents', 2500, 'teacherId', 5000 + n % 200,
              'by', 'admin', 'at', '2026-01-04T00:00:00Z'))
         ) as kind (step, type, data)
        order by n, step`,
      [from, to, new Date(SEEDED_FROM).toISOString()],
    );
  }
  const { rows } = await db.query<{ count: string | number }>("select count(*) as count from es_events");
  return Number(rows[0]?.count ?? 0);
};

const best = async (rounds: number, run: () => Promise<number>) => {
  let fastest = Number.POSITIVE_INFINITY;
  let count = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    count = await run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { count, ms: fastest, perSecond: (count / fastest) * 1000 };
};

const readAlone = async (store: EventStore, at: Date) => {
  let position = START;
  let count = 0;
  for (;;) {
    const batch = await store.readRecordedUpTo(position, at, lessonSchedulingsProjector.handles, BATCH);
    count += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return count;
    position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
};

const replay = async (db: Database, store: EventStore, at: Date, oneByOne = false) => {
  const schema = oneByOne ? "bench_replay_one_by_one" : "bench_replay";
  await dropSchema(db, schema);
  const projector = oneByOne
    ? {
        ...lessonSchedulingsProjector,
        evolve: eventByEvent((event, tx) => lessonSchedulingsProjector.evolve([event], tx, { live: true })),
      }
    : lessonSchedulingsProjector;
  const count = await replayProjection({ db, source: store, projector, schema, at, batchSize: BATCH });
  return count;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

const measure = async (name: string, db: Database) => {
  await migrateEventStore(db);
  const seededAt = performance.now();
  const stored = await seed(db);
  console.log(
    `${name}: ${stored.toLocaleString("en")} events seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
  );
  const store = await createEventStore(db, new EventRegistry().register(...features.flatMap((f) => f.events)));
  try {
    const end = new Date(SEEDED_FROM + stored + 1000);
    const half = new Date(SEEDED_FROM + Math.floor(stored / 2));
    const oneByOneEnd = new Date(SEEDED_FROM + Math.min(ONE_BY_ONE, stored) - 1);
    const loadBefore = loadAverage();
    const read = await best(ROUNDS, () => readAlone(store, end));
    const whole = await best(ROUNDS, () => replay(db, store, end));
    const toHalf = await best(ROUNDS, () => replay(db, store, half));
    const single = await best(1, () => replay(db, store, oneByOneEnd, true));
    const { rows } = await db.query<{ count: string | number }>(
      "select count(*) as count from bench_replay.lesson_schedulings",
    );
    const row = (label: string, result: { count: number; ms: number; perSecond: number }) =>
      `  ${label.padEnd(26)} ${result.count.toLocaleString("en").padStart(9)} events ${(result.ms / 1000).toFixed(2).padStart(7)} s ${Math.round(result.perSecond).toLocaleString("en").padStart(10)} events/s`;
    console.log(row("reading alone", read));
    console.log(row("replay (whole history)", whole));
    console.log(row("replay to the middle", toHalf));
    console.log(row("one by one (apply)", single));
    console.log(
      `  replay / reading alone: ${((whole.perSecond / read.perSecond) * 100).toFixed(0)} %; batched / one by one: ${(whole.perSecond / single.perSecond).toFixed(1)}×; ${Number(rows[0]?.count).toLocaleString("en")} lessons in the middle replay`,
    );
    console.log(
      `  load average (1/5/15 min) before: ${loadBefore}, after: ${loadAverage()} (${os.cpus().length} cores)`,
    );
    await dropSchema(db, "bench_replay");
    await dropSchema(db, "bench_replay_one_by_one");
  } finally {
    await store.close();
  }
};

const pgDatabase = benchDatabase("el_bench_replay");
await pgDatabase.create();
const pgDb = createPgDatabase(pgDatabase.url);
try {
  await measure("PostgreSQL", pgDb);
} finally {
  await pgDb.close();
  await pgDatabase.drop();
}
if (process.env.BENCH_PGLITE !== "false") {
  const pglite = await createPgliteDatabase();
  try {
    await measure("PGlite", pglite);
  } finally {
    await pglite.close();
  }
}
process.exit(0);
