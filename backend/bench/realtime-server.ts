/**
 * The backend side of `bench:realtime`, run in a worker thread so the server and the clients each
 * have their own event loop (as a server and its browsers would). Builds the product on the given
 * PostgreSQL database, listens on 127.0.0.1, creates the students and teachers, and posts back where it
 * listens and who may connect. With `BENCH_DIAG=1` it prints every 5 s what its commands' time went to
 * (p50/p99 ms of each phase, `el:command`), how long after its event each push left (`push:{name}`), and how
 * busy its event loop was: where a two-instance run's time goes, instance by instance.
 */
import { subscribe } from "node:diagnostics_channel";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { aTrail, givenStudent, givenTeacher } from "../test/lesson-fixtures";
import { BENCH_METRICS_TOKEN, summary } from "./harness";

const { databaseUrl, students, teachers, creditsEach } = workerData as {
  databaseUrl: string;
  students: number;
  teachers: number;
  creditsEach: number;
};

const db = createPgDatabase(databaseUrl);
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-realtime"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL: "admin@englishlessons.test",
  ADMIN_PASSWORD: "admin-password-bench",
  METRICS_TOKEN: BENCH_METRICS_TOKEN,
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");

const people = {
  url: `http://127.0.0.1:${address.port}`,
  trailId: (await aTrail(app)).id,
  students: [] as { id: number; token: string }[],
  teachers: [] as { id: number; token: string }[],
};
for (let i = 0; i < students; i++) {
  const { id, token } = await givenStudent(app, { credits: creditsEach });
  people.students.push({ id, token });
}
for (let i = 0; i < teachers; i++) {
  const { id, token } = await givenTeacher(app);
  people.teachers.push({ id, token });
}
parentPort?.postMessage(people);

parentPort?.on("message", async (message) => {
  if (message !== "stop") return;
  await app.close();
  await db.close();
  parentPort?.postMessage("stopped");
});

/** p50 / p99 of each named series that has samples, then empties them. */
const percentiles = (series: Map<string, number[]>) =>
  [...series]
    .filter(([, samples]) => samples.length > 0)
    .map(([name, samples]) => {
      const { p50, p99 } = summary(samples);
      series.set(name, []);
      return `${name} ${p50.toFixed(1)}/${p99.toFixed(1)}`;
    })
    .join(" ");

if (process.env.BENCH_DIAG) {
  const series = new Map<string, number[]>();
  const add = (name: string, value: number) => {
    const samples = series.get(name) ?? [];
    samples.push(value);
    series.set(name, samples);
  };
  let commands = 0;
  subscribe("el:command", (message) => {
    commands++;
    for (const [phase, ms] of Object.entries(message as Record<string, number>)) add(phase, ms);
  });
  app.pushes.on("push", (pushes: { event: string; recordedAt?: number }[]) => {
    const now = Date.now();
    for (const push of pushes) if (push.recordedAt !== undefined) add(`push:${push.event}`, now - push.recordedAt);
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let busy = performance.eventLoopUtilization();
  setInterval(() => {
    const utilization = performance.eventLoopUtilization(busy).utilization;
    busy = performance.eventLoopUtilization();
    console.log(
      `[${people.url}] ${commands} commands, loop ${(utilization * 100).toFixed(0)} % busy, delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms; ${percentiles(series)}`,
    );
    commands = 0;
    delay.reset();
  }, 5000).unref();
}
