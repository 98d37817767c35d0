/**
 * What the HTTP benchmarks (`bench:commands`, `bench:checkout`) share: a fresh PostgreSQL database dropped
 * at the end, the product in a worker thread, timed requests, open-loop arrivals at a fixed rate,
 * nearest-rank percentiles, the bare `INSERT` floor, PostgreSQL's own count of what the requests cost it,
 * and the tables they print.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import pg from "pg";

/** A database of its own on `PG_ADMIN_URL`'s server (the local PostgreSQL by default), named after the run. */
export const benchDatabase = (prefix: string) => {
  const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const withAdmin = async (sql: string) => {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  return {
    name,
    url: url.toString(),
    create: () => withAdmin(`create database ${pg.escapeIdentifier(name)}`),
    drop: () => withAdmin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
};

/** The scrape token the bench servers accept at `GET /metrics` (their `METRICS_TOKEN`). */
export const BENCH_METRICS_TOKEN = "bench-metrics-token";

/** Nearest-rank percentile over a sorted copy; no spread of the samples, so any count fits. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
export const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
export type Summary = ReturnType<typeof summary>;
export const ms = (value: number) => value.toFixed(1).padStart(8);

/** One timed request, its answer read to the end. */
/**
 * Keeps its connections open between requests, as a browser does. `node:http` rather than `fetch`: undici's
 * web streams cost the load generator, on the cores it shares with the server, a fifth of its time.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export const call = (
  url: string,
  token: string,
  method: "GET" | "POST",
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  new Promise<{ status: number; elapsed: number; text: string }>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            elapsed: performance.now() - started,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });

/** The floor: a bare `INSERT` round trip from this process to the same PostgreSQL, 1,000 times. */
export const measureInsertFloor = async (databaseUrl: string) => {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query("create table bench_floor (id bigserial primary key, data jsonb not null)");
    const samples: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const started = performance.now();
      await client.query("insert into bench_floor (data) values ($1)", [{ i }]);
      samples.push(performance.now() - started);
    }
    await client.query("drop table bench_floor");
    return summary(samples);
  } finally {
    await client.end();
  }
};

/** CPU time a process has used, ms, as Linux accounts it (undefined elsewhere, or once it has exited). */
export const cpuMsOf = async (pid: number) => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, the 14th and 15th fields, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
};

/**
 * PostgreSQL's own view of what the requests cost it: transactions committed in the bench database (this
 * reading's own transaction and idle projector wake-ups included, a rounding error over 200 requests), and
 * the CPU time its client sessions on the bench database used, when PostgreSQL runs on this machine (a session
 * that ends in between takes its time with it: the pool keeps its connections while busy). Autovacuum's
 * workers are left out: they come and go, and one alive at a reading added its whole life's CPU to the
 * figure, by chance. Statistics reach the shared counters within a second, hence the pause before reading.
 */
export const databaseActivity = async (databaseUrl: string) => {
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const commits = await client.query<{ n: string }>(
      "select xact_commit as n from pg_stat_database where datname = current_database()",
    );
    const sessions = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    const cpu = new Map<number, number>();
    for (const { pid } of sessions.rows) {
      const ms = await cpuMsOf(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return { commits: Number(commits.rows[0]?.n ?? 0), cpu };
  } finally {
    await client.end();
  }
};
export type Activity = Awaited<ReturnType<typeof databaseActivity>>;
/** Per request: transactions committed, and PostgreSQL's CPU ms (NaN when its processes cannot be read). */
export const perRequestOf = (before: Activity, after: Activity, requests: number) => {
  let cpu = 0;
  for (const [pid, ms] of after.cpu) cpu += ms - (before.cpu.get(pid) ?? 0);
  return {
    transactions: (after.commits - before.commits) / requests,
    cpuMs: after.cpu.size > 0 ? cpu / requests : Number.NaN,
  };
};

/**
 * Starts a TypeScript server module in a worker thread (tsx's API loads it there, as `tsx` does for the
 * bench script) and waits for the first message it posts: where it listens and who may call it.
 */
export const startServer = async <Ready>(module: URL, workerData: unknown) => {
  const href = module.href;
  const worker = new Worker(
    `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(href)}, ${JSON.stringify(href)}))`,
    { eval: true, workerData },
  );
  const ready = new Promise<Ready>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  /** Asks the server to close its app and database, then waits for it to say so. */
  const stop = () =>
    new Promise<void>((resolve) => {
      worker.on("message", (message) => message === "stopped" && resolve());
      worker.postMessage("stop");
    });
  return { worker, ready, stop };
};

/** A request's outcome as the tables count it: an HTTP status, or a word for what the answer said. */
export type Outcome = number | string;

/**
 * `total` requests leaving on schedule at `rate` per second whether or not earlier ones have answered, as
 * independent people do (open loop). A request that throws counts as outcome 0 ("failed").
 */
export const openLoop = async (
  rate: number,
  total: number,
  request: () => Promise<{ outcome: Outcome; elapsed: number }>,
) => {
  const samples: number[] = [];
  const outcomes = new Map<Outcome, number>();
  const count = (outcome: Outcome) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      request().then(
        ({ outcome, elapsed }) => {
          count(outcome);
          samples.push(elapsed);
        },
        () => {
          count(0);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { samples, outcomes, seconds: (performance.now() - started) / 1000 };
};

/** `201: 990, 503: 10`: numbers first, in order, then words; 0 reads "failed". */
export const outcomesText = (outcomes: Map<Outcome, number>) =>
  [...outcomes.entries()]
    .sort(([a], [b]) =>
      typeof a === "number" && typeof b === "number"
        ? a - b
        : typeof a === "number"
          ? -1
          : typeof b === "number"
            ? 1
            : a.localeCompare(b),
    )
    .map(([outcome, count]) => `${outcome === 0 ? "failed" : outcome}: ${count}`)
    .join(", ");

/** The one-request-at-a-time table: each figure in ms, the median also as a multiple of the floor's. */
export const sequentialTable = (width: number) => {
  console.log(`| ${"request".padEnd(width)} | samples |      p50 |      p95 |      p99 |      max | p50 × floor |`);
  console.log(`| ${"-".repeat(width)} | ------: | -------: | -------: | -------: | -------: | ----------: |`);
  return (name: string, s: Summary, floor: Summary) =>
    console.log(
      `| ${name.padEnd(width)} | ${String(s.count).padStart(7)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p50 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
};

/** The fixed-rate table: achieved rate, outcomes, latency percentiles and p99 as a multiple of the floor's median. */
export const ratesTable = () => {
  console.log(
    "| offered/s | achieved/s | statuses                  |      p50 |      p95 |      p99 |      max | p99 × floor |",
  );
  console.log(
    "| --------: | ---------: | ------------------------- | -------: | -------: | -------: | -------: | ----------: |",
  );
  return (rate: number, achieved: number, outcomes: Map<Outcome, number>, s: Summary, floor: Summary) =>
    console.log(
      `| ${String(rate).padStart(9)} | ${achieved.toFixed(1).padStart(10)} | ${outcomesText(outcomes).padEnd(25)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p99 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
};
