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
import {
  CATCH_UP_EVENTS,
  type Contender,
  type ContenderKey,
  dropDatabases,
  factories,
  isContenderKey,
  runId,
  withAdmin,
} from "./eventstore-contenders";

/** Set in a contender's process: which contender it runs. */
const [role] = process.argv.slice(2);
/**
 * Every measurement runs this many rounds, the contenders taking turns in a rotating order, and the
 * best round counts: on a shared machine the other processes' load hits each contender alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

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
