/**
 * `npm run bench:eventstore`: append throughput and catch-up rate of our event store, of Emmett's
 * PostgreSQL store (`@event-driven-io/emmett-postgresql`) and of a plain INSERT loop, on the same
 * PostgreSQL server. Each gets a fresh database, dropped at the end. Not a test: it prints a table.
 *
 * Each contender runs in a process of its own, which this one drives: Emmett's connection layer
 * replaces the `pg` library's JSON and bigint parsers for its whole process, which would slow the
 * others' reads.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { fileURLToPath } from "node:url";
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

const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Set in a contender's process: which contender it runs, and the run its databases belong to. */
const [role, parentRunId] = process.argv.slice(2);
const runId = parentRunId ?? `el_bench_${process.pid}_${Date.now().toString(36)}`;
const CATCH_UP_EVENTS = 100_000;
/**
 * Every measurement runs this many rounds, the contenders taking turns in a rotating order, and the
 * best round counts: on a shared machine the other processes' load hits each contender alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const withAdmin = async <T>(work: (admin: pg.Client) => Promise<T>) => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};
const createDatabase = async (suffix: string) => {
  const name = `${runId}_${suffix}`;
  await withAdmin((admin) => admin.query(`create database ${pg.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const dropDatabases = () =>
  withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${runId}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
  });

/** What a lesson scheduling stores: a realistic payload of about 200 bytes. */
const lessonScheduled = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  trailId: z.number().int(),
  levelId: z.number().int(),
  date: z.string(),
  objective: z.string(),
  createdDate: z.string(),
});
const eventData = (n: number) => ({
  id: n,
  studentId: 1000 + (n % 97),
  trailId: 1 + (n % 12),
  levelId: 1 + (n % 6),
  date: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  objective: "Conversação para entrevistas de emprego",
  createdDate: new Date().toISOString(),
});

/** One contender: appends `count` events to `stream`, which is at `version` (0 = new). */
interface Contender {
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
const batchOf = (count: number) =>
  Array.from({ length: count }, () => ({ type: "LessonScheduled", data: eventData(sequence++) }));

const loadInBatches = async (
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
const ours = async ({
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
const chained = async (): Promise<Contender> => {
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

const emmett = async (): Promise<Contender & { consumerCatchUp(): Promise<number> }> => {
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

const plainInsert = async (): Promise<Contender> => {
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

interface Workload {
  label: string;
  writers: number;
  appendsPerWriter: number;
  eventsPerAppend: number;
}
/** `BENCH_SCALE=4` makes every workload four times longer: steadier figures, and the chain's final catch-up weighs less. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const workloads: Workload[] = [
  { label: "append, 1 writer, 1 event per append", writers: 1, appendsPerWriter: 2000, eventsPerAppend: 1 },
  { label: "append, 8 writers, 1 event per append", writers: 8, appendsPerWriter: 500, eventsPerAppend: 1 },
  { label: "append, 1 writer, batches of 10", writers: 1, appendsPerWriter: 500, eventsPerAppend: 10 },
  { label: "append, 8 writers, batches of 10", writers: 8, appendsPerWriter: 250, eventsPerAppend: 10 },
].map((workload) => ({ ...workload, appendsPerWriter: workload.appendsPerWriter * SCALE }));

/** Events per second of `workload`: every writer appends to its own stream at the version it knows. */
const measureAppends = async (contender: Contender, workload: Workload) => {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workload.writers }, async () => {
      const stream = `lesson-${randomUUID()}`;
      for (let index = 0; index < workload.appendsPerWriter; index++) {
        await contender.append(stream, index * workload.eventsPerAppend, workload.eventsPerAppend);
      }
    }),
  );
  await contender.settle?.();
  const seconds = (performance.now() - started) / 1000;
  return (workload.writers * workload.appendsPerWriter * workload.eventsPerAppend) / seconds;
};

const measureCatchUp = async (contender: Contender, catchUp = () => contender.catchUp()) => {
  const started = performance.now();
  const seen = await catchUp();
  const seconds = (performance.now() - started) / 1000;
  if (seen !== CATCH_UP_EVENTS) console.warn(`${contender.name} caught up ${seen} of ${CATCH_UP_EVENTS} events`);
  return seen / seconds;
};

const format = (rate: number) => Math.round(rate).toLocaleString("en-US");
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

const factories = { ours: () => ours(), chained, emmett, plain: plainInsert };
type ContenderKey = keyof typeof factories;
const isContenderKey = (key: string): key is ContenderKey => key in factories;

/** What the driving process asks of a contender's process; a measure answers events per second. */
type Ask =
  | { op: "appends"; workload: Workload }
  | { op: "load"; total: number }
  | { op: "catchUp" }
  | { op: "consumerCatchUp" }
  | { op: "close" };
type Request = Ask & { id: number };
/** Id 0 says the contender is open and ready. */
interface Answer {
  id: number;
  rate?: number;
  error?: string;
}

/** A contender's process: opens its contender, then measures what it is asked, one request at a time. */
const serve = async (key: ContenderKey) => {
  const contender: Contender & { consumerCatchUp?: () => Promise<number> } = await factories[key]();
  const answer = (message: Answer, then: () => void = () => {}) => process.send?.(message, then);
  const handle = async (request: Request): Promise<number | undefined> => {
    switch (request.op) {
      case "appends":
        return measureAppends(contender, request.workload);
      case "load":
        await contender.load(request.total);
        return undefined;
      case "catchUp":
        return measureCatchUp(contender);
      case "consumerCatchUp": {
        const { consumerCatchUp } = contender;
        if (!consumerCatchUp) throw new Error(`${contender.name} has no consumer`);
        return measureCatchUp(contender, consumerCatchUp);
      }
      case "close":
        await contender.close();
        return undefined;
    }
  };
  process.on("message", (request: Request) => {
    handle(request).then(
      (rate) => answer({ id: request.id, rate }, request.op === "close" ? () => process.exit(0) : undefined),
      (error: unknown) => answer({ id: request.id, error: String(error) }),
    );
  });
  answer({ id: 0 });
};

interface Remote {
  name: string;
  ask(ask: Ask): Promise<number>;
}

/** Starts a contender in a process of its own (with this process's loader flags, so tsx too). */
const spawn = (key: ContenderKey, name: string) =>
  new Promise<Remote>((resolve, reject) => {
    const child: ChildProcess = fork(fileURLToPath(import.meta.url), [key, runId], { stdio: "inherit" });
    const pending = new Map<number, { resolve: (rate: number) => void; reject: (error: Error) => void }>();
    let next = 1;
    const remote: Remote = {
      name,
      ask: (ask) =>
        new Promise((resolveAsk, rejectAsk) => {
          const id = next++;
          pending.set(id, { resolve: resolveAsk, reject: rejectAsk });
          child.send({ ...ask, id } satisfies Request);
        }),
    };
    child.on("message", (message: Answer) => {
      if (message.id === 0) return resolve(remote);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${name}: ${message.error}`));
      else waiting?.resolve(message.rate ?? 0);
    });
    child.once("exit", (code) => {
      const gone = new Error(`${name}'s process exited (${code})`);
      for (const waiting of pending.values()) waiting.reject(gone);
      reject(gone);
    });
  });

/**
 * `BENCH_CHAIN_ONLY=1` runs only "ours" and "ours + audit chain", turn about in each round: the chain's cost in a
 * shorter run, on a machine whose load changes from minute to minute.
 */
const CHAIN_ONLY = process.env.BENCH_CHAIN_ONLY === "1";

const main = async () => {
  if (CHAIN_ONLY) return chainOnly();
  const contenders = await Promise.all([
    spawn("ours", "ours"),
    spawn("emmett", "Emmett"),
    spawn("plain", "plain INSERT"),
    spawn("chained", "ours + audit chain"),
  ]);
  const theirs = contenders[1];
  const results: { label: string; rates: number[] }[] = [];
  let consumerRate = 0;
  try {
    for (const contender of contenders) {
      await contender.ask({ op: "appends", workload: { ...(workloads[0] as Workload), appendsPerWriter: 200 } });
    }
    const bestOf = async (ask: Ask) => {
      const best = contenders.map(() => 0);
      for (let round = 0; round < ROUNDS; round++) {
        for (let turn = 0; turn < contenders.length; turn++) {
          const index = (round + turn) % contenders.length;
          best[index] = Math.max(best[index] as number, await (contenders[index] as Remote).ask(ask));
        }
      }
      return best;
    };
    for (const workload of workloads) {
      const best = await bestOf({ op: "appends", workload });
      results.push({ label: workload.label, rates: best });
      console.log(`${workload.label}: ${best.map(format).join(" / ")} events/s`);
    }
    for (const contender of contenders) await contender.ask({ op: "load", total: CATCH_UP_EVENTS });
    const catchUp = await bestOf({ op: "catchUp" });
    results.push({ label: `catch-up over ${format(CATCH_UP_EVENTS)} stored events`, rates: catchUp });
    console.log(`catch-up: ${catchUp.map(format).join(" / ")} events/s`);
    consumerRate = await theirs.ask({ op: "consumerCatchUp" });
  } finally {
    await Promise.all(contenders.map((contender) => contender.ask({ op: "close" }).catch(() => {})));
    await dropDatabases();
  }

  const server = await withAdmin(async (admin) => (await admin.query("show server_version")).rows[0]?.server_version);
  console.log(
    `\nPostgreSQL ${server}, ${os.cpus().length} CPUs, Node ${process.version}; events/s, best of ${ROUNDS} rounds, each contender in its own process\n`,
  );
  console.log(
    "| workload | ours | Emmett 0.42 | plain INSERT | ours/Emmett | ours/plain | ours + audit chain | chain's cost |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const { label, rates } of results) {
    const [mine, emmettRate, plain, withChain] = rates as [number, number, number, number];
    const plainLabel = label.startsWith("catch-up") ? `${format(plain)} (keyset scan)` : format(plain);
    // Catch-up only reads: the chain's figure there shows how much the two runs differ by chance.
    const cost = label.startsWith("catch-up") ? "(reads only)" : `${(((mine - withChain) / mine) * 100).toFixed(1)} %`;
    console.log(
      `| ${label} | ${format(mine)} | ${format(emmettRate)} | ${plainLabel} | ${ratio(mine, emmettRate)} | ${ratio(mine, plain)} | ${format(withChain)} | ${cost} |`,
    );
  }
  console.log(
    `\nEmmett catch-up through its consumer (a checkpoint stored after each event): ${format(consumerRate)} events/s`,
  );
};

const chainOnly = async () => {
  const contenders = await Promise.all([spawn("ours", "ours"), spawn("chained", "ours + audit chain")]);
  const rows: string[] = [];
  try {
    for (const contender of contenders) {
      await contender.ask({ op: "appends", workload: { ...(workloads[0] as Workload), appendsPerWriter: 200 } });
    }
    for (const workload of workloads) {
      const best = [0, 0];
      const costs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rates = [0, 0];
        for (let turn = 0; turn < 2; turn++) {
          const index = (round + turn) % 2;
          rates[index] = await (contenders[index] as Remote).ask({ op: "appends", workload });
          best[index] = Math.max(best[index] as number, rates[index] as number);
        }
        costs.push(((rates[0] as number) - (rates[1] as number)) / (rates[0] as number));
      }
      // Each round's own ratio, the two runs back to back: less at the mercy of the load than the best of each.
      const median = [...costs].sort((a, b) => a - b)[Math.floor(costs.length / 2)] as number;
      const [mine, withChain] = best as [number, number];
      const row = `| ${workload.label} | ${format(mine)} | ${format(withChain)} | ${(((mine - withChain) / mine) * 100).toFixed(1)} % | ${(median * 100).toFixed(1)} % |`;
      console.log(row);
      rows.push(row);
    }
  } finally {
    await Promise.all(contenders.map((contender) => contender.ask({ op: "close" }).catch(() => {})));
    await dropDatabases();
  }
  console.log(
    `\nevents/s, best of ${ROUNDS} rounds; the last column is the median of each round's cost (the two back to back); load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}\n`,
  );
  console.log("| workload | ours | ours + audit chain | chain's cost (best of each) | chain's cost (median round) |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
};

if (role === undefined) {
  await main();
  process.exit(0);
} else if (isContenderKey(role)) {
  await serve(role);
} else {
  throw new Error(`unknown contender ${role}`);
}
