/**
 * `npm run bench:soak`: the two-instance deployment of `bench:load` (two backends in child processes on one fresh
 * PostgreSQL database, dropped at the end; 1,000 sockets, `BENCH_SOCKETS`, 100 of them teachers) under a steady
 * load for a long while, to tell whether anything grows with time. `SOAK_MINUTES` (20) of lesson journeys at
 * `SOAK_RATE` a second (5: half the rate at which two instances still answer every scheduling within 100 ms at
 * p99 in `bench:load`), reported in windows of `SOAK_WINDOW_MINUTES` (5):
 *  - memory: the two instances' RSS together and each instance's V8 heap used, the mean of the window's readings
 *    of `GET /metrics`;
 *  - each instance's event loop delay p99 (`nodejs_eventloop_lag_p99_seconds`, a p99 since the previous
 *    reading): the median of the window's readings;
 *  - each instance's request p50 and p99 (its schedulings and claims answered, as the clients time them);
 *  - the database's PostgreSQL connections (`pg_stat_activity`), the most seen in the window;
 *  - CPU per lesson (one scheduling and one claim): the two server processes' and PostgreSQL's sessions on the
 *    bench database, with its transactions per lesson.
 * Readings every `SOAK_SAMPLE_SECONDS` (15). The verdict: each metric flat within 10 % of its second window's
 * figure in every later window (the first holds the warm-up), or the metrics that are not. The header says whether
 * the cluster runs autovacuum: without it, tables updated all the time grow and cost more with time, which a soak
 * would report as the product's.
 *
 * Not a test: it prints a table.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import {
  type Activity,
  BENCH_METRICS_TOKEN,
  call,
  databaseActivity,
  type Outcome,
  openLoop,
  outcomesText,
  perRequestOf,
  summary,
} from "./harness";
import { startDeployment } from "./lesson-journey";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const WINDOW_MINUTES = Number(process.env.SOAK_WINDOW_MINUTES ?? 5);
const RATE = Number(process.env.SOAK_RATE ?? 5);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 15);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const STUDENTS = SOCKETS - TEACHERS;
const TOTAL = Math.round(RATE * MINUTES * 60);
const WINDOW_MS = WINDOW_MINUTES * 60_000;
const WINDOWS = Math.ceil(MINUTES / WINDOW_MINUTES);

const deployment = await startDeployment({
  databasePrefix: "el_bench_soak",
  instances: 2,
  students: STUDENTS,
  teachers: TEACHERS,
  creditsEach: Math.ceil(TOTAL / STUDENTS) + 1,
});
const { urls } = deployment;

/** What one window gathered. */
interface Window {
  rss: number[];
  heap: number[][];
  loopP99: number[][];
  requests: number[][];
  connections: number[];
  lessons: number;
  outcomes: Map<Outcome, number>;
  cpu?: { nodeMs: number; activity: Activity };
}
const windows: Window[] = Array.from({ length: WINDOWS }, () => ({
  rss: [],
  heap: urls.map(() => []),
  loopP99: urls.map(() => []),
  requests: urls.map(() => []),
  connections: [],
  lessons: 0,
  outcomes: new Map(),
}));

/** A gauge's value in Prometheus's text format (the first line of that name). */
const gauge = (text: string, name: string) => {
  const line = text
    .split("\n")
    .find((candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : Number.NaN;
};
const counter = new pg.Client(deployment.database.url);
await counter.connect();
const connectionsNow = async () => {
  const { rows } = await counter.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows[0]?.n ?? Number.NaN;
};

let started = performance.now();
const windowNow = () => Math.min(WINDOWS - 1, Math.floor((performance.now() - started) / WINDOW_MS));
const sample = async () => {
  const window = windows[windowNow()];
  if (!window) return;
  const readings = await Promise.all(
    urls.map((url) => call(`${url}/metrics`, BENCH_METRICS_TOKEN, "GET").then((answer) => answer.text)),
  );
  window.rss.push(readings.reduce((sum, text) => sum + gauge(text, "process_resident_memory_bytes"), 0) / 2 ** 20);
  readings.forEach((text, instance) => {
    window.heap[instance]?.push(gauge(text, "nodejs_heap_size_used_bytes") / 2 ** 20);
    window.loopP99[instance]?.push(gauge(text, "nodejs_eventloop_lag_p99_seconds") * 1000);
  });
  window.connections.push(await connectionsNow());
};

/** CPU so far: the server processes' (ms) and PostgreSQL's per session, read at each window's edge. */
const cpuReading = async () => {
  const servers = await Promise.all(deployment.servers.map((server) => server.cpuMs()));
  return {
    nodeMs: servers.reduce((sum, ms) => sum + ms, 0),
    activity: await databaseActivity(deployment.database.url),
  };
};
const edges: { nodeMs: number; activity: Activity }[] = [];

console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model.split(" ")[0]}), Node ${process.version}`);
console.log(
  `Load average before: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`,
);
const { rows: settings } = await counter.query<{ setting: string }>(
  "select setting from pg_settings where name = 'autovacuum'",
);
console.log(`PostgreSQL autovacuum: ${settings[0]?.setting ?? "unknown"}`);
console.log(
  `2 backends, ${deployment.sockets} sockets (${TEACHERS} teachers), ${RATE} lessons/s (a scheduling and a claim each) for ${MINUTES} min, windows of ${WINDOW_MINUTES} min, readings every ${SAMPLE_SECONDS} s`,
);

edges.push(await cpuReading());
started = performance.now();
const sampler = setInterval(
  () => void sample().catch((error) => console.error("reading failed:", error)),
  SAMPLE_SECONDS * 1000,
);
const edgeTimers = Array.from({ length: WINDOWS - 1 }, (_, w) =>
  setTimeout(() => void cpuReading().then((reading) => (edges[w + 1] = reading)), (w + 1) * WINDOW_MS),
);
const instanceOf = (url: string) => Math.max(0, urls.indexOf(url));
const count = (window: Window | undefined, outcome: Outcome) =>
  window?.outcomes.set(outcome, (window.outcomes.get(outcome) ?? 0) + 1);
await openLoop(RATE, TOTAL, async () => {
  const window = windows[windowNow()];
  if (window) window.lessons++;
  const lesson = await deployment.journey().catch((error: unknown) => {
    count(window, 0);
    throw error;
  });
  count(
    window,
    lesson.outcome === 201 && (lesson.pending === null || lesson.accepted === null) ? "push missed" : lesson.outcome,
  );
  window?.requests[instanceOf(lesson.scheduling.url)]?.push(lesson.scheduling.elapsed);
  if (lesson.claim) window?.requests[instanceOf(lesson.claim.url)]?.push(lesson.claim.elapsed);
  return { outcome: lesson.outcome, elapsed: lesson.scheduling.elapsed };
});
clearInterval(sampler);
for (const timer of edgeTimers) clearTimeout(timer);
edges[WINDOWS] = await cpuReading();
await sample();

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => summary(values).p50;
const rows: { name: string; unit: string; values: number[] }[] = [
  { name: "RSS, both instances", unit: "MiB", values: windows.map((w) => mean(w.rss)) },
  ...urls.flatMap((_, i) => [
    { name: `heap used, instance ${i + 1}`, unit: "MiB", values: windows.map((w) => mean(w.heap[i] ?? [])) },
    {
      name: `event loop delay p99, instance ${i + 1}`,
      unit: "ms",
      values: windows.map((w) => median(w.loopP99[i] ?? [])),
    },
    {
      name: `request p50, instance ${i + 1}`,
      unit: "ms",
      values: windows.map((w) => summary(w.requests[i] ?? []).p50),
    },
    {
      name: `request p99, instance ${i + 1}`,
      unit: "ms",
      values: windows.map((w) => summary(w.requests[i] ?? []).p99),
    },
  ]),
  { name: "PostgreSQL connections (most)", unit: "", values: windows.map((w) => Math.max(...w.connections)) },
];
const perLesson = windows.map((w, i) => {
  const before = edges[i];
  const after = edges[i + 1];
  if (!before || !after || w.lessons === 0) return { node: Number.NaN, postgres: Number.NaN, transactions: Number.NaN };
  const database = perRequestOf(before.activity, after.activity, w.lessons);
  return {
    node: (after.nodeMs - before.nodeMs) / w.lessons,
    postgres: database.cpuMs,
    transactions: database.transactions,
  };
});
rows.push(
  { name: "CPU per lesson, both instances", unit: "ms", values: perLesson.map((p) => p.node) },
  { name: "CPU per lesson, PostgreSQL", unit: "ms", values: perLesson.map((p) => p.postgres) },
  { name: "PostgreSQL transactions per lesson", unit: "", values: perLesson.map((p) => p.transactions) },
);

const figure = (value: number) =>
  Number.isNaN(value) ? "–" : value >= 100 || Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
const heads = windows.map((_, i) => `${i * WINDOW_MINUTES}–${Math.min(MINUTES, (i + 1) * WINDOW_MINUTES)} min`);
console.log(`\nBy window of ${WINDOW_MINUTES} min`);
console.log(`| measure | ${heads.join(" | ")} |`);
console.log(`| ------- | ${heads.map(() => "--:").join(" | ")} |`);
console.log(`| lessons | ${windows.map((w) => w.lessons).join(" | ")} |`);
for (const row of rows)
  console.log(`| ${row.name}${row.unit ? ` (${row.unit})` : ""} | ${row.values.map(figure).join(" | ")} |`);
console.log(`\nOutcomes by window`);
for (const [i, w] of windows.entries()) console.log(`  ${heads[i]}: ${outcomesText(w.outcomes)}`);

/** Flat: every window from the second on within 10 % of the second's figure. */
const notFlat = rows.flatMap((row) => {
  const [reference, ...later] = row.values.slice(1);
  if (reference === undefined) return [`${row.name} (fewer than two windows)`];
  if (Number.isNaN(reference) || later.some(Number.isNaN)) return [`${row.name} (no reading)`];
  const worst = Math.max(0, ...later.map((value) => Math.abs(value - reference) / (reference || 1)));
  return worst > 0.1
    ? [`${row.name} (${row.values.slice(1).map(figure).join(" → ")}, ${(worst * 100).toFixed(0)} % off)`]
    : [];
});
console.log(
  notFlat.length === 0
    ? `\nVerdict: flat — every metric within 10 % of its second window from then on`
    : `\nVerdict: not flat — ${notFlat.join("; ")}`,
);
console.log(
  `Load average after: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`,
);

await counter.end();
await deployment.close();
