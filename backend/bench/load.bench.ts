/**
 * `npm run bench:load`: the two-instance deployment under load. Two backends on one fresh
 * PostgreSQL database (dropped at the end), each in a child process of its own with socket.io's PostgreSQL
 * adapter (the environment inherited: `REDIS_URL` reaches them), and 1,000 browsers connected (`BENCH_SOCKETS`;
 * 100 of them teachers, `BENCH_TEACHERS`), half to each instance. `BENCH_INSTANCES=1` runs the same load on one
 * backend alone, for comparison. `BENCH_PROFILE=dir` has each backend write a CPU profile there when it stops.
 *
 * At each fixed arrival rate (`BENCH_RATES`, default 100, 200 and 300 per second, `BENCH_SECONDS` = 30 each),
 * a student schedules a lesson on one instance and, as soon as the answer arrives, a teacher connected to
 * the other instance claims it there (the lesson journey split across the two). Per rate: achieved rate,
 * statuses, and p50/p95/p99/max of
 *  - the scheduling's answer;
 *  - the claim's answer;
 *  - from the scheduling's answer to the claiming teacher's `lesson:pending` (the other party's push);
 *  - from the claim's answer to the student's `lesson:accepted` (0 when the push came first).
 * And what each lesson journey (a scheduling, its claim and their pushes) cost, over each rate's steady part
 * (from `BENCH_WARMUP_SECONDS`, 5, to the last arrival), apart from this process's clients
 * (`deployment-costs.ts`): CPU ms of each server process and of PostgreSQL's sessions, statements,
 * transactions committed and bytes the servers wrote to their clients' sockets. `BENCH_STATEMENTS=1` also
 * prints the statements the servers sent most, per journey.
 * Targets (on a 2-core machine): scheduling p99 under 25 ms at 300/s, push after a claim p99
 * under 20 ms; the saturation rate is the highest with every request answered 2xx and the scheduling's p99
 * under 100 ms.
 *
 * Not a test: it prints tables.
 */
import os from "node:os";
import path from "node:path";
import { type Cost, costMeter, costPerOperation, type Reading } from "./deployment-costs";
import { ms, type Outcome, openLoop, summary } from "./harness";
import { startDeployment } from "./lesson-journey";

const RATES = (process.env.BENCH_RATES ?? "100,200,300").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const PROFILE_DIR = process.env.BENCH_PROFILE && path.resolve(process.env.BENCH_PROFILE);
const STUDENTS = SOCKETS - TEACHERS;
const TOTAL = RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
const CREDITS_EACH = Math.ceil(TOTAL / STUDENTS) + 1;

const deployment = await startDeployment({
  databasePrefix: "el_bench_load",
  instances: INSTANCES,
  students: STUDENTS,
  teachers: TEACHERS,
  creditsEach: CREDITS_EACH,
  profileDir: PROFILE_DIR,
});
const second = deployment.urls.length > 1;
// Journeys ended, and of them those scheduled and claimed (201 both): the cost is per lesson booked, what the
// refused ones (503, cheap) cost included.
let journeysDone = 0;
let lessonsBooked = 0;
const meter = await costMeter(deployment.database.url, deployment.servers, () => lessonsBooked);

console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model.split(" ")[0]}), Node ${process.version}`);
console.log(
  `Load average before: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`,
);
console.log(
  `${second ? 2 : 1} backend${second ? "s" : ""}, ${deployment.sockets} sockets (${TEACHERS} teachers), ${SECONDS} s per rate`,
);

const results: {
  rate: number;
  achieved: number;
  outcomes: Map<Outcome, number>;
  rows: [string, number[]][];
  cost?: Cost;
  /** Journeys refused (a 503 to the scheduling or the claim) over the steady part. */
  refused: number;
}[] = [];
/** How many times the servers sent each statement so far, by text (with `BENCH_STATEMENTS=1`). */
const statementsByText = async () => {
  const counts = new Map<string, number>();
  for (const server of deployment.servers) {
    const { byText } = await server.ask<{ byText: [string, number][] }>("statements");
    for (const [text, n] of byText) counts.set(text, (counts.get(text) ?? 0) + n);
  }
  return counts;
};
const statementsBefore = process.env.BENCH_STATEMENTS ? await statementsByText() : undefined;
for (const rate of RATES) {
  const scheduling: number[] = [];
  const claiming: number[] = [];
  const pending: number[] = [];
  const accepted: number[] = [];
  const pendingFromRequest: number[] = [];
  const acceptedFromRequest: number[] = [];
  let missedPushes = 0;
  // The steady part: from the warm-up's end to the last arrival.
  const readings: Promise<Reading>[] = [];
  const ended: number[] = [];
  const read = () => {
    ended.push(journeysDone);
    readings.push(meter.read());
  };
  const timers = [WARMUP_SECONDS, SECONDS].map((at) => setTimeout(read, at * 1000));
  const { outcomes, seconds } = await openLoop(rate, rate * SECONDS, async () => {
    const lesson = await deployment.journey().finally(() => journeysDone++);
    if (lesson.outcome === 201) lessonsBooked++;
    scheduling.push(lesson.scheduling.elapsed);
    if (lesson.claim) claiming.push(lesson.claim.elapsed);
    if (lesson.pending === null || lesson.accepted === null) missedPushes++;
    if (lesson.pending != null) pending.push(lesson.pending);
    if (lesson.pendingFromRequest !== undefined) pendingFromRequest.push(lesson.pendingFromRequest);
    if (lesson.accepted != null) accepted.push(lesson.accepted);
    if (lesson.acceptedFromRequest !== undefined) acceptedFromRequest.push(lesson.acceptedFromRequest);
    return { outcome: lesson.outcome, elapsed: lesson.scheduling.elapsed };
  });
  if (missedPushes > 0) outcomes.set("push missed", missedPushes);
  for (const timer of timers) clearTimeout(timer);
  // Every journey done before the last arrival's second was out: the steady part ends now.
  if (readings.length < 2) read();
  const [start, end] = await Promise.all(readings);
  results.push({
    cost: start && end ? costPerOperation(start, end) : undefined,
    refused: (ended[1] ?? 0) - (ended[0] ?? 0) - (end && start ? end.operations - start.operations : 0),
    rate,
    achieved: (rate * SECONDS) / seconds,
    outcomes,
    rows: [
      ["POST /api/schedulings answer", scheduling],
      ["POST /api/lessons (claim) answer", claiming],
      ["scheduling answer → teacher's lesson:pending", pending],
      ["claim answer → student's lesson:accepted", accepted],
      ["scheduling sent → teacher's lesson:pending", pendingFromRequest],
      ["claim sent → student's lesson:accepted", acceptedFromRequest],
    ],
  });
}

console.log("\nLatency by arrival rate (ms)");
console.log(`| offered/s | achieved/s | measure | samples | p50 | p95 | p99 | max |`);
console.log(`| --------: | ---------: | ------- | ------: | --: | --: | --: | --: |`);
for (const result of results) {
  for (const [name, samples] of result.rows) {
    const s = summary(samples);
    console.log(
      `| ${result.rate} | ${result.achieved.toFixed(1)} | ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`,
    );
  }
}
console.log(
  `\nCost per lesson booked (a scheduling, its claim and their pushes; what refused journeys cost included) over each rate's steady part (from ${WARMUP_SECONDS} s to the last arrival): CPU ms of each server process, their sum and PostgreSQL's sessions', statements the servers sent (counted in each server process), transactions committed (pg_stat_database), bytes the servers wrote to their clients' sockets; this process's clients' CPU aside`,
);
console.log(
  "| offered/s | booked (refused) | server CPU ms (each) | servers | PostgreSQL | server + PG | statements | transactions | bytes out | clients CPU ms |",
);
console.log(
  "| --------: | ---------------: | -------------------- | ------: | ---------: | ----------: | ---------: | -----------: | --------: | -------------: |",
);
for (const { rate, cost, refused } of results) {
  if (!cost) continue;
  const each = cost.servers.map((server) => server.cpuMs.toFixed(2)).join(" + ");
  console.log(
    `| ${rate} | ${cost.operations} (${refused}) | ${each} | ${cost.serversCpuMs.toFixed(2)} | ${cost.postgresCpuMs.toFixed(2)} | ${(cost.serversCpuMs + cost.postgresCpuMs).toFixed(2)} | ${cost.statements.toFixed(1)} | ${cost.transactions.toFixed(1)} | ${cost.bytesWritten.toFixed(0)} | ${cost.clientsCpuMs.toFixed(2)} |`,
  );
}
console.log("\nOutcomes by rate");
for (const result of results) {
  const counts = [...result.outcomes].map(([outcome, count]) => `${outcome}: ${count}`).join(", ");
  console.log(`  ${result.rate}/s: ${counts}`);
}
const saturation = results
  .filter(
    (result) =>
      [...result.outcomes.keys()].every((outcome) => outcome === 201) && summary(result.rows[0]?.[1] ?? []).p99 < 100,
  )
  .map((result) => result.rate)
  .at(-1);
console.log(
  `\nSaturation (highest rate with every answer 2xx and the scheduling's p99 under 100 ms): ${saturation ?? "below the lowest rate"}`,
);
const at300 = results.find((result) => result.rate === 300);
if (at300) {
  const schedulingP99 = summary(at300.rows[0]?.[1] ?? []).p99;
  const pushP99 = summary(at300.rows[3]?.[1] ?? []).p99;
  console.log(
    `Targets at 300/s: scheduling p99 ${schedulingP99.toFixed(1)} ms (under 25: ${schedulingP99 < 25 ? "held" : "missed"}), claim → student push p99 ${pushP99.toFixed(1)} ms (under 20: ${pushP99 < 20 ? "held" : "missed"})`,
  );
}
console.log(
  `Load average after: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`,
);

if (statementsBefore) {
  // The statements the servers sent most over every rate (the people's creation aside), per lesson booked.
  const counts = await statementsByText();
  for (const [text, n] of statementsBefore) counts.set(text, (counts.get(text) ?? 0) - n);
  console.log(`\nStatements the servers sent most over every rate, per lesson booked (${lessonsBooked})`);
  for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(n / lessonsBooked).toFixed(2).padStart(7)}  ${text}`);
}
await meter.close();
await deployment.close();
