/**
 * The backend side of `bench:realtime`, run in a child process of its own (forked with tsx's loader and
 * `--expose-gc`), so the server has its own event loop, file descriptors and CPU time as a server and its
 * browsers would. Builds the product on the given PostgreSQL database, listens on 127.0.0.1, creates the
 * students and teachers, and sends its parent where it listens and who may connect. Answers "memory" with
 * its RSS and heap after a garbage collection, and closes when told "stop". With `BENCH_DIAG=1` it prints every 5 s what its commands' time went to
 * (p50/p99 ms of each phase, `el:command`), how long after its event each push left (`push:{name}`), and how
 * busy its event loop was: where a two-instance run's time goes, instance by instance.
 */
import path from "node:path";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { aTrail, givenStudent, givenTeacher } from "../test/lesson-fixtures";
import { BENCH_METRICS_TOKEN } from "./harness";
import { printDiagnostics } from "./server-diagnostics";

const { databaseUrl, students, teachers, creditsEach } = JSON.parse(process.argv[2] ?? "{}") as {
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
// A few at a time: 10,000 people one after another take a minute.
for (let i = 0; i < students; i += 20) {
  const batch = Array.from({ length: Math.min(20, students - i) }, () => givenStudent(app, { credits: creditsEach }));
  for (const { id, token } of await Promise.all(batch)) people.students.push({ id, token });
}
for (let i = 0; i < teachers; i += 20) {
  const batch = Array.from({ length: Math.min(20, teachers - i) }, () => givenTeacher(app));
  for (const { id, token } of await Promise.all(batch)) people.teachers.push({ id, token });
}
process.send?.(people);

const collectGarbage = (globalThis as { gc?: () => void }).gc;
process.on("message", async (message) => {
  if (message === "memory") {
    collectGarbage?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed } });
  }
  if (message !== "stop") return;
  await app.close();
  await db.close();
  process.exit(0);
});

if (process.env.BENCH_DIAG) printDiagnostics(app, people.url);
