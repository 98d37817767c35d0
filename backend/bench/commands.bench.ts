/**
 * `npm run bench:commands`: what a command costs over HTTP, on the local PostgreSQL (fresh database,
 * dropped at the end; durable commits as PostgreSQL is configured). The server runs in a worker thread,
 * the load generator here.
 *
 *  1. The floor: a bare `INSERT` round trip from this process to the same PostgreSQL.
 *  2. One request at a time: `GET /api/account`, `GET /api/item-packages`, `POST /api/users/{login}/credits`,
 *     `POST /api/schedulings` (also by students with 2,000 lessons behind them); each figure also as a
 *     multiple of the floor's median.
 *  3. Open-loop arrivals of `POST /api/schedulings` at fixed rates (a request leaves on schedule whether or not
 *     earlier ones have answered, as independent students do), across distinct students and lesson slots:
 *     achieved rate, status counts and latency percentiles per rate, and the saturation rate (the highest
 *     rate whose p99 stays under 100 ms).
 *
 * Not a test: it prints tables. `BENCH_RATES=50,100` and `BENCH_SECONDS=5` shorten a run.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import pg from "pg";

const RATES = (process.env.BENCH_RATES ?? "50,100,200,300,400").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SEQUENTIAL = 200;
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `el_bench_commands_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

const totalSchedulings = SEQUENTIAL + RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
// Enough students that concurrent requests almost never share one, each with a credit for every lesson
// the run will ask of them.
const STUDENTS = 2000;
const CREDITS_EACH = Math.ceil(totalSchedulings / STUDENTS) + 1;
/** Students with two years of lessons behind them, who schedule one at a time too. */
const LONG_HISTORIES = { students: 10, lessons: 2000, credits: 2000 + SEQUENTIAL };

const withAdmin = async (sql: string) => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/** Nearest-rank percentile over a sorted copy; no spread of the samples, so any count fits. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const ms = (value: number) => value.toFixed(1).padStart(8);

interface People {
  url: string;
  trailId: number;
  admin: { login: string; token: string };
  students: { id: number; login: string; token: string }[];
  longStudents: { id: number; login: string; token: string }[];
}

/**
 * Lesson slots nobody else asks for: every half hour from 07:00 to 22:00 in São Paulo, from tomorrow
 * on, handed out in turn (a student may hold two lessons at once; distinct slots keep the run realistic).
 */
const slots = (() => {
  let index = 0;
  const perDay = 31;
  return () => {
    const day = 1 + Math.floor(index / perDay);
    const half = index % perDay;
    index++;
    const hour = 7 + Math.floor(half / 2);
    const minute = half % 2 === 0 ? "00" : "30";
    return `${localDateOf(new Date(Date.now() + day * 86_400_000))}T${String(hour).padStart(2, "0")}:${minute}:00-03:00`;
  };
})();

const call = async (url: string, token: string, method: "GET" | "POST", body?: unknown) => {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, elapsed: performance.now() - started };
};

const measureInsertFloor = async () => {
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

/**
 * Transactions committed in the bench database: PostgreSQL's own count of what the requests cost it
 * (this reading's own transaction and idle projector wake-ups included, a rounding error over 200
 * requests). Statistics reach the shared counters within a second, hence the pause before reading.
 */
const databaseActivity = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const commits = await client.query<{ n: string }>(
      "select xact_commit as n from pg_stat_database where datname = current_database()",
    );
    return Number(commits.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
};

await withAdmin(`create database ${pg.escapeIdentifier(databaseName)}`);
const serverModule = new URL("./commands-server.ts", import.meta.url).href;
// tsx's API loads the TypeScript server module inside the worker, as `tsx` does for this script.
const server = new Worker(
  `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(serverModule)}, ${JSON.stringify(serverModule)}))`,
  {
    eval: true,
    workerData: { databaseUrl, students: STUDENTS, creditsEach: CREDITS_EACH, longHistories: LONG_HISTORIES },
  },
);
try {
  const people = await new Promise<People>((resolve, reject) => {
    server.once("message", resolve);
    server.once("error", reject);
  });
  let nextStudent = 0;
  const aStudent = () => people.students[nextStudent++ % people.students.length] as People["students"][number];
  let nextLongStudent = 0;
  const aLongStudent = () =>
    people.longStudents[nextLongStudent++ % people.longStudents.length] as People["students"][number];
  const schedule = (student = aStudent()) => {
    return call(`${people.url}/api/schedulings`, student.token, "POST", {
      trail: { id: people.trailId },
      date: slots(),
      objective: "TRAVEL",
    });
  };

  const floor = await measureInsertFloor();
  const sequential: [string, () => Promise<{ status: number; elapsed: number }>][] = [
    ["GET /api/account", () => call(`${people.url}/api/account`, aStudent().token, "GET")],
    ["GET /api/item-packages", () => call(`${people.url}/api/item-packages`, aStudent().token, "GET")],
    [
      "POST /api/users/{login}/credits",
      () => call(`${people.url}/api/users/${aStudent().login}/credits`, people.admin.token, "POST", { amount: 1 }),
    ],
    ["POST /api/schedulings", () => schedule()],
    ["POST /api/schedulings (2,000 before)", () => schedule(aLongStudent())],
  ];
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log("\nOne request at a time (ms; × = multiple of the bare INSERT's median)");
  console.log(`| ${"request".padEnd(36)} | samples |      p50 |      p95 |      p99 |      max | p50 × floor |`);
  console.log(`| ${"-".repeat(36)} | ------: | -------: | -------: | -------: | -------: | ----------: |`);
  const line = (name: string, s: ReturnType<typeof summary>) =>
    console.log(
      `| ${name.padEnd(36)} | ${String(s.count).padStart(7)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p50 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
  line("bare INSERT (floor)", floor);
  const perRequest: string[] = [];
  for (const [name, request] of sequential) {
    const samples: number[] = [];
    const before = await databaseActivity();
    for (let i = 0; i < SEQUENTIAL; i++) {
      const { status, elapsed } = await request();
      if (status >= 300) throw new Error(`${name} answered ${status}`);
      samples.push(elapsed);
    }
    const after = await databaseActivity();
    line(name, summary(samples));
    perRequest.push(`| ${name.padEnd(36)} | ${((after - before) / SEQUENTIAL).toFixed(1).padStart(12)} |`);
  }
  console.log("\nPostgreSQL's view: transactions committed per request, one at a time");
  console.log(`| ${"request".padEnd(36)} | transactions |`);
  console.log(`| ${"-".repeat(36)} | -----------: |`);
  for (const row of perRequest) console.log(row);

  console.log(`\nPOST /api/schedulings at fixed arrival rates, ${SECONDS} s each (ms)`);
  console.log(
    "| offered/s | achieved/s | statuses                  |      p50 |      p95 |      p99 |      max | p99 × floor |",
  );
  console.log(
    "| --------: | ---------: | ------------------------- | -------: | -------: | -------: | -------: | ----------: |",
  );
  let saturation = 0;
  for (const rate of RATES) {
    const total = rate * SECONDS;
    const samples: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(
        schedule().then(
          ({ status, elapsed }) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            samples.push(elapsed);
          },
          () => {
            statuses.set(0, (statuses.get(0) ?? 0) + 1);
          },
        ),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    const s = summary(samples);
    const ok = (statuses.get(201) ?? 0) === total;
    if (ok && s.p99 < 100) saturation = rate;
    const statusText = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? "failed" : status}: ${count}`)
      .join(", ");
    console.log(
      `| ${String(rate).padStart(9)} | ${(total / seconds).toFixed(1).padStart(10)} | ${statusText.padEnd(25)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p99 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
    // Let the server drain what the last rate left queued before the next one starts.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log(
    `\nSaturation rate (highest offered rate with every request 201 and p99 under 100 ms): ${saturation || "below the lowest rate"}/s`,
  );

  await new Promise<void>((resolve) => {
    server.on("message", (message) => message === "stopped" && resolve());
    server.postMessage("stop");
  });
} finally {
  await server.terminate();
  await withAdmin(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
}
