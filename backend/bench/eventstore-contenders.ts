import { randomUUID } from "node:crypto";
import { START } from "@el/domain";
import type { Database } from "@el/projections/sql";
import pg from "pg";
import { z } from "zod";
import { createPgDatabase } from "../src/database";
import {
  createAuditLog,
  createEventStore,
  EventRegistry,
  type EventStore,
  migrateEventStore,
} from "../src/event-store";

export const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** How many events a catch-up reads from the first. */
export const CATCH_UP_EVENTS = 100_000;
/** Set in a contender's process (its second argument): the run its databases belong to. */
const parentRunId = process.argv[3];
export const runId = parentRunId ?? `el_bench_${process.pid}_${Date.now().toString(36)}`;

export const withAdmin = async <T>(work: (admin: pg.Client) => Promise<T>) => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};
export const createDatabase = async (suffix: string) => {
  const name = `${runId}_${suffix}`;
  await withAdmin((admin) => admin.query(`create database ${pg.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
export const dropDatabases = () =>
  withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${runId}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
  });

/** What a lesson scheduling stores: a realistic payload of about 200 bytes. */
export const lessonScheduled = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  trailId: z.number().int(),
  levelId: z.number().int(),
  date: z.string(),
  objective: z.string(),
  createdDate: z.string(),
});
export const eventData = (n: number) => ({
  id: n,
  studentId: 1000 + (n % 97),
  trailId: 1 + (n % 12),
  levelId: 1 + (n % 6),
  date: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  objective: "Conversação para entrevistas de emprego",
  createdDate: new Date().toISOString(),
});

/** One contender: appends `count` events to `stream`, which is at `version` (0 = new). */
export interface Contender {
  name: string;
  append(stream: string, version: number, count: number): Promise<void>;
  /** Empties the store and fills it with `total` events written by one writer. */
  load(total: number): Promise<void>;
  /** Reads every stored event from the first, the way a new subscriber does; resolves to how many. */
  catchUp(): Promise<number>;
  /** Waits for work an append leaves behind (the audit chain): counted in the append's time. */
  settle?(): Promise<void>;
  close(): Promise<void>;
}

let sequence = 0;
export const batchOf = (count: number) =>
  Array.from({ length: count }, () => ({ type: "LessonScheduled", data: eventData(sequence++) }));

export const loadInBatches = async (
  total: number,
  append: (stream: string, version: number, count: number) => Promise<void>,
) => {
  const stream = `load-${randomUUID()}`;
  for (let written = 0; written < total; written += 100) await append(stream, written, Math.min(100, total - written));
};

/**
 * Our store as it appends. Without the chain it does not digest its events either (the digest is the chain's
 * work: the chained contender pays it). The history's filter indexes are the store's own and both have them.
 */
export const ours = async ({
  suffix = "ours",
  digests = false,
} = {}): Promise<Contender & { db: Database; store: EventStore }> => {
  const db = createPgDatabase(await createDatabase(suffix));
  await migrateEventStore(db);
  const store = await createEventStore(
    db,
    new EventRegistry().register({ type: "LessonScheduled", schema: lessonScheduled }),
    undefined,
    { digests },
  );
  const append = async (stream: string, version: number, count: number) => {
    await store.append(stream, batchOf(count), { expectedVersion: version === 0 ? "no_stream" : version });
  };
  return {
    name: "ours",
    db,
    store,
    append,
    async load(total) {
      await db.query("truncate es_events, es_streams, es_commands restart identity");
      await loadInBatches(total, append);
    },
    catchUp: () =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const subscription = store.subscribeAll(
          START,
          () => {
            seen++;
            if (seen === CATCH_UP_EVENTS) void subscription.stop().then(() => resolve(seen));
          },
          { onError: reject },
        );
      }),
    async close() {
      await store.close();
      await db.close();
    },
  };
};

/**
 * Ours with the audit chain running as the product runs it: a chainer woken by every append, and
 * a measurement ends only once every event it appended is chained.
 */
export const chained = async (): Promise<Contender> => {
  const base = await ours({ suffix: "chained", digests: true });
  const log = createAuditLog(base.db);
  const unsubscribe = base.store.onAppended(() => log.wake());
  log.start();
  const settle = async () => log.catchUp({ upTo: (await log.lastStored()) ?? undefined, timeoutMs: 60_000 });
  return {
    ...base,
    name: "ours + audit chain",
    async load(total) {
      // The chain's table with the events, in one statement: the chainer never sees one without the other.
      await base.db.query("truncate es_events, es_streams, es_commands, es_audit_chain restart identity");
      await loadInBatches(total, base.append);
      await settle();
    },
    settle,
    async close() {
      unsubscribe();
      await log.stop();
      await base.close();
    },
  };
};

export const emmett = async (): Promise<Contender & { consumerCatchUp(): Promise<number> }> => {
  // Dumbo is the connection layer Emmett's store is built on (a dependency of emmett-postgresql);
  // loaded only in Emmett's own process.
  const { dumbo } = await import("@event-driven-io/dumbo");
  const { getPostgreSQLEventStore, readMessagesBatch } = await import("@event-driven-io/emmett-postgresql");
  const url = await createDatabase("emmett");
  const pool = dumbo({ connectionString: url });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { dumbo: pool } });
  await store.schema.migrate();
  const append = async (stream: string, version: number, count: number) => {
    await store.appendToStream(stream, batchOf(count), { expectedStreamVersion: BigInt(version) });
  };
  return {
    name: "Emmett",
    append,
    async load(total) {
      await store.schema.dangerous.truncate({ resetSequences: true });
      // One writer: Emmett 0.42 pages its catch-up by position while ordering by transaction id, so
      // data written by concurrent writers would be skipped or read twice.
      await loadInBatches(total, append);
    },
    /** Its global read, page after page, as its consumer pulls it but without the consumer's checkpoints. */
    async catchUp() {
      let seen = 0;
      let after = 0n;
      for (;;) {
        const batch = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
        seen += batch.messages.length;
        if (!batch.areMessagesLeft) return seen;
        after = batch.currentGlobalPosition;
      }
    },
    /** Its subscription API: a consumer whose reactor stores a checkpoint in PostgreSQL after each event. */
    async consumerCatchUp() {
      let seen = 0;
      const consumer = store.consumer({
        stopWhen: { noMessagesLeft: true },
        // Its defaults are 100 events per batch and a 50 ms pause between batches; give it its best.
        pulling: { batchSize: 1000, pullingFrequencyInMs: 1 },
      });
      consumer.reactor({
        processorId: `bench-${randomUUID()}`,
        startFrom: "BEGINNING",
        eachMessage: () => {
          seen++;
        },
      });
      await consumer.start();
      await consumer.close();
      return seen;
    },
    async close() {
      await store.close();
      await pool.close();
    },
  };
};

export const plainInsert = async (): Promise<Contender> => {
  const pool = new pg.Pool({ connectionString: await createDatabase("plain"), max: 20 });
  await pool.query(`create table plain_events (
    global_position bigserial primary key, stream_id text not null, stream_version integer not null,
    type text not null, data jsonb not null, metadata jsonb not null)`);
  const append = async (stream: string, version: number, count: number) => {
    const values: unknown[] = [];
    const rows = batchOf(count).map((event, index) => {
      values.push(stream, version + index + 1, event.type, JSON.stringify(event.data), "{}");
      const at = index * 5;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5})`;
    });
    await pool.query(
      `insert into plain_events (stream_id, stream_version, type, data, metadata) values ${rows.join(", ")}`,
      values,
    );
  };
  return {
    name: "plain INSERT",
    append,
    async load(total) {
      await pool.query("truncate plain_events restart identity");
      await loadInBatches(total, append);
    },
    async catchUp() {
      let seen = 0;
      let after = "0";
      for (;;) {
        const { rows } = await pool.query<{ global_position: string }>(
          "select * from plain_events where global_position > $1 order by global_position limit 1000",
          [after],
        );
        if (rows.length === 0) return seen;
        seen += rows.length;
        after = (rows[rows.length - 1] as { global_position: string }).global_position;
      }
    },
    close: () => pool.end(),
  };
};

export const factories = { ours: () => ours(), chained, emmett, plain: plainInsert };
export type ContenderKey = keyof typeof factories;
export const isContenderKey = (key: string): key is ContenderKey => key in factories;
