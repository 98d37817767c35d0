/**
 * `npm run bench:load`: the two-instance deployment under load. Two backends on one fresh
 * PostgreSQL database (dropped at the end), each in a worker thread with socket.io's PostgreSQL adapter, and
 * 1,000 browsers connected (`BENCH_SOCKETS`; 100 of them teachers, `BENCH_TEACHERS`), half to each instance.
 * `BENCH_INSTANCES=1` runs the same load on one backend alone, for comparison.
 *
 * At each fixed arrival rate (`BENCH_RATES`, default 100, 200 and 300 per second, `BENCH_SECONDS` = 30 each),
 * a student schedules a lesson on one instance and, as soon as the answer arrives, a teacher connected to
 * the other instance claims it there (the lesson journey split across the two). Per rate: achieved rate,
 * statuses, and p50/p95/p99/max of
 *  - the scheduling's answer;
 *  - the claim's answer;
 *  - from the scheduling's answer to the claiming teacher's `lesson:pending` (the other party's push);
 *  - from the claim's answer to the student's `lesson:accepted` (0 when the push came first).
 * Targets (on a 2-core machine): scheduling p99 under 25 ms at 300/s, push after a claim p99
 * under 20 ms; the saturation rate is the highest with every request answered 2xx and the scheduling's p99
 * under 100 ms.
 *
 * Not a test: it prints tables.
 */
import os from "node:os";
import { ms, type Outcome, openLoop, summary } from "./harness";
import { startDeployment } from "./lesson-journey";

const RATES = (process.env.BENCH_RATES ?? "100,200,300").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const STUDENTS = SOCKETS - TEACHERS;
const TOTAL = RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
const CREDITS_EACH = Math.ceil(TOTAL / STUDENTS) + 1;

const deployment = await startDeployment({
  databasePrefix: "el_bench_load",
  instances: INSTANCES,
  students: STUDENTS,
  teachers: TEACHERS,
  creditsEach: CREDITS_EACH,
});
const second = deployment.urls.length > 1;

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

const results: { rate: number; achieved: number; outcomes: Map<Outcome, number>; rows: [string, number[]][] }[] = [];
for (const rate of RATES) {
  const scheduling: number[] = [];
  const claiming: number[] = [];
  const pending: number[] = [];
  const accepted: number[] = [];
  const pendingFromRequest: number[] = [];
  const acceptedFromRequest: number[] = [];
  let missedPushes = 0;
  const { outcomes, seconds } = await openLoop(rate, rate * SECONDS, async () => {
    const lesson = await deployment.journey();
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
  results.push({
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

await deployment.close();
