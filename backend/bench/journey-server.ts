/**
 * One backend instance of `bench:load` and `bench:soak`, in a child process of its own (`server-process.ts`) so
 * its CPU time can be read from /proc apart from the clients' and the other instance's. Builds the product on the
 * given PostgreSQL database (socket.io's PostgreSQL adapter on, as in production; `REDIS_URL` passed on when set),
 * listens on 127.0.0.1, creates the students and teachers, and sends its parent where it listens and who may
 * connect. Asked `{ ask: "counts" }`, it answers what it has done so far: statements it sent to PostgreSQL (every
 * `pg` client of the process: the app's pool and the socket.io adapter's, a transaction's begin and commit
 * included) and bytes written to the sockets of its HTTP and WebSocket clients. `BENCH_POOL_MAX` sets its
 * pool's size (the product's 20 by default). With `BENCH_STATEMENTS=1`,
 * `{ ask: "statements" }` answers how many times it sent each statement, by text. With `BENCH_DIAG=1` it prints
 * every 5 s where its commands' time went (p50/p99 ms of each phase, `el:command`), how long after its event each
 * push left (`push:{name}`), and how busy its event loop was.
 */
import type { Socket } from "node:net";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { aTrail, givenStudent, givenTeacher } from "../test/lesson-fixtures";
import { BENCH_METRICS_TOKEN } from "./harness";
import { printDiagnostics } from "./server-diagnostics";
import { serverParameters, toParent } from "./server-process";

const { databaseUrl, students, teachers, creditsEach } = serverParameters<{
  databaseUrl: string;
  students: number;
  teachers: number;
  creditsEach: number;
}>();

/** Every statement any `pg` client of this process sends; with `BENCH_STATEMENTS=1`, also by text. */
let statements = 0;
const byText = process.env.BENCH_STATEMENTS ? new Map<string, number>() : undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (byText) {
    const [first] = args;
    const text = typeof first === "string" ? first : ((first as { text?: unknown } | null)?.text ?? "(other)");
    const key = String(text).replace(/\s+/g, " ").trim().slice(0, 160);
    byText.set(key, (byText.get(key) ?? 0) + 1);
  }
  return (query as (...args: unknown[]) => unknown).apply(this, args);
} as typeof query;

// The product's pool (20 sessions) unless `BENCH_POOL_MAX` says otherwise: on a PostgreSQL shared with other
// runs, a smaller pool keeps two instances within its `max_connections`.
const db = createPgDatabase(databaseUrl, process.env.BENCH_POOL_MAX ? { max: Number(process.env.BENCH_POOL_MAX) } : {});
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-realtime"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL: "admin@englishlessons.test",
  ADMIN_PASSWORD: "admin-password-bench",
  METRICS_TOKEN: BENCH_METRICS_TOKEN,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const app = await buildApp({ config, db });

/** Bytes written to the sockets of clients: those still open, and those closed so far. */
const open = new Set<Socket>();
let writtenByClosed = 0;
app.server.on("connection", (socket: Socket) => {
  open.add(socket);
  socket.once("close", () => {
    open.delete(socket);
    writtenByClosed += socket.bytesWritten;
  });
});
const bytesWritten = () => {
  let bytes = writtenByClosed;
  for (const socket of open) bytes += socket.bytesWritten;
  return bytes;
};

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
toParent.send(people);

/** What `{ ask: "counts" }` answers. */
export interface ServerCounts {
  answer: "counts";
  statements: number;
  bytesWritten: number;
}
toParent.on(async (message) => {
  if ((message as { ask?: unknown } | null)?.ask === "counts") {
    const counts: ServerCounts = { answer: "counts", statements, bytesWritten: bytesWritten() };
    toParent.send(counts);
    return;
  }
  if ((message as { ask?: unknown } | null)?.ask === "statements") {
    toParent.send({ answer: "statements", byText: [...(byText ?? [])] });
    return;
  }
  if (message !== "stop") return;
  await app.close();
  await db.close();
  toParent.stopped();
});
// The bench gone (its process ended or failed), nothing is left to serve.
process.once("disconnect", () => process.exit(0));

if (process.env.BENCH_DIAG) printDiagnostics(app, people.url);
