/**
 * The backend side of `bench:commands` (in a child process of its own, `server-process.ts`, so its CPU can be
 * read apart from the load generator's) and of `bench:checkout` (in a worker thread): the server and the load
 * generator each have their own event loop (as a server and its clients would). Builds the product on the given
 * PostgreSQL database, listens on 127.0.0.1, creates the students (with credits for every lesson the run will
 * ask of them) and sends back where it listens and who may call it.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { studentStreams } from "@el/domain/accounts/student-account";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import type { Database } from "@el/projections/sql";
import { buildApp } from "../src/app";
import type { CommandPhases } from "../src/commands/execute";
import { createSnapshots } from "../src/commands/snapshots";
import { createStreamStates } from "../src/commands/stream-states";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { studentState } from "../src/features/lessons/lesson-commands";
import { aTrail, givenStudent } from "../test/lesson-fixtures";
import { serverParameters, toParent } from "./server-process";

const { databaseUrl, students, creditsEach, longHistories } = (workerData ?? serverParameters()) as {
  databaseUrl: string;
  students: number;
  creditsEach: number;
  longHistories: { students: number; lessons: number; credits: number };
};
/** To the bench: the worker's port in a worker thread, IPC in a child process. */
const parent = {
  send: (message: unknown) => (parentPort ? parentPort.postMessage(message) : toParent.send(message)),
  on: (listener: (message: unknown) => void) =>
    parentPort ? parentPort.on("message", listener) : toParent.on(listener),
};
const ADMIN_EMAIL = "admin@englishlessons.test";

/** The server's own view of a phase of the run: its database statements, event loop and garbage collector. */
export interface ServerView {
  /** Statements sent (a transaction's begin and commit included), the socket.io adapter's aside. */
  statements: number;
  /** Transactions this process opened (not counting statements in autocommit). */
  transactions: number;
  /** Share of the phase the event loop was busy (0 to 1). */
  busy: number;
  /** How late timers fired, ms (the event loop's delay). */
  loopDelay: { p50: number; p99: number; max: number };
  /** Garbage collections: count (of which full mark-compacts), total and longest pause, ms. */
  gc: { count: number; major: number; totalMs: number; maxMs: number };
  /** Commands: where their time went inside the server (p50 and p99 of each phase, ms), reads per command. */
  commands: {
    count: number;
    phases: Record<"lock" | "read" | "decide" | "append" | "project", { p50: number; p99: number }>;
    reads: number;
  };
  /** Requests as the server saw them, from their parsed headers to their answer's last byte handed to the socket, ms. */
  requests: { p50: number; p99: number; max: number };
}

/** Nearest-rank percentile of unsorted samples. */
const percentileOf = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** Counts the statements and transactions the app sends through `db`. */
const counted = (inner: Database) => {
  const counts = { statements: 0, transactions: 0 };
  const db: Database = {
    kind: inner.kind,
    query: (text, params, options) => {
      counts.statements++;
      return inner.query(text, params, options);
    },
    transaction: (work) => {
      counts.transactions++;
      counts.statements += 2;
      return inner.transaction((tx) =>
        work({
          query: (text, params, options) => {
            counts.statements++;
            return tx.query(text, params, options);
          },
        }),
      );
    },
    listen: (channel, onNotify) => inner.listen(channel, onNotify),
    tryLock: (key) => inner.tryLock(key),
    close: () => inner.close(),
  };
  return { db, counts };
};

const { db, counts } = counted(createPgDatabase(databaseUrl));
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-commands"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL,
  ADMIN_PASSWORD: "admin-password-bench",
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");

const admin = await findUserByLogin(app.db, ADMIN_EMAIL);
if (!admin) throw new Error("the first administrator was not created");
const people = {
  url: `http://127.0.0.1:${address.port}`,
  trailId: (await aTrail(app)).id,
  admin: { login: admin.login, token: app.issueToken(admin, false) },
  students: [] as { id: number; login: string; token: string }[],
  longStudents: [] as { id: number; login: string; token: string }[],
};
for (let i = 0; i < students; i++) {
  const { id, login, token } = await givenStudent(app, { credits: creditsEach });
  people.students.push({ id, login, token });
}
// Students who already spent a credit on each of `lessons` lessons: their stream holds that many events.
for (let i = 0; i < longHistories.students; i++) {
  const { id, login, token } = await givenStudent(app, { credits: longHistories.credits });
  let last: Awaited<ReturnType<typeof app.eventStore.append>> | undefined;
  for (let from = 0; from < longHistories.lessons; from += 500) {
    const lessonIds = await Promise.all(
      Array.from({ length: Math.min(500, longHistories.lessons - from) }, () => app.nextId()),
    );
    last = await app.eventStore.append(
      studentStreams.id(id),
      lessonIds.map((lessonId) => ({ type: "CreditSpent", data: { lessonId, schedulingId: lessonId } })),
      { expectedVersion: "any" },
    );
  }
  if (last) await app.projections.waitFor(last.lastPosition);
  people.longStudents.push({ id, login, token });
}
// The second half of them were read once by an earlier process, which left a snapshot of what it folded, as a
// sign-in or a command of a long-standing student does: their first command here is what a restart costs. The
// first half never were (their events were written straight to the store): their first command folds them all.
const earlier = createStreamStates(app.eventStore, { snapshots: createSnapshots(app.db) });
const restarted = people.longStudents.slice(Math.ceil(people.longStudents.length / 2));
for (const { id } of restarted) await earlier.read({ student: studentState(id) });
const restartedStreams = restarted.map(({ id }) => studentStreams.id(id));
for (;;) {
  const { rows } = await app.db.query<{ stored: number }>(
    "select count(*)::int as stored from es_snapshots where stream_id = any($1::text[])",
    [restartedStreams],
  );
  if ((rows[0]?.stored ?? 0) >= restartedStreams.length) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
parent.send(people);

/**
 * A phase's measurement, from `measure:start` to `measure:stop`; with `profile` (a file name) a CPU profile
 * of this thread too, readable in Chrome's DevTools or `npx speedscope`.
 */
let phase:
  | {
      statements: number;
      transactions: number;
      elu: ReturnType<typeof performance.eventLoopUtilization>;
      delay: ReturnType<typeof monitorEventLoopDelay>;
      gc: { duration: number; major: boolean }[];
      observer: PerformanceObserver;
      profile?: string;
      session?: Session;
      commands: CommandPhases[];
      onCommand: (message: unknown) => void;
      requests: number[];
      onRequest: (message: unknown) => void;
      onResponse: (message: unknown) => void;
    }
  | undefined;
const startPhase = async (profile?: string) => {
  const gc: { duration: number; major: boolean }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      gc.push({
        duration: entry.duration,
        major: (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      });
  });
  observer.observe({ entryTypes: ["gc"] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let session: Session | undefined;
  if (profile) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
  }
  const commands: CommandPhases[] = [];
  const onCommand = (message: unknown) => {
    commands.push(message as CommandPhases);
  };
  subscribe("el:command", onCommand);
  const requests: number[] = [];
  const startedAt = new WeakMap<object, number>();
  const onRequest = (message: unknown) => startedAt.set((message as { request: object }).request, performance.now());
  const onResponse = (message: unknown) => {
    const started = startedAt.get((message as { request: object }).request);
    if (started !== undefined) requests.push(performance.now() - started);
  };
  subscribe("http.server.request.start", onRequest);
  subscribe("http.server.response.finish", onResponse);
  phase = {
    commands,
    onCommand,
    requests,
    onRequest,
    onResponse,
    statements: counts.statements,
    transactions: counts.transactions,
    elu: performance.eventLoopUtilization(),
    delay,
    gc,
    observer,
    profile,
    session,
  };
};
const stopPhase = async (): Promise<ServerView> => {
  if (!phase) throw new Error("no phase under way");
  const { delay, gc, observer, session, profile, commands, onCommand, requests, onRequest, onResponse } = phase;
  unsubscribe("el:command", onCommand);
  unsubscribe("http.server.request.start", onRequest);
  unsubscribe("http.server.response.finish", onResponse);
  delay.disable();
  observer.disconnect();
  if (session && profile) {
    const { profile: taken } = await session.post("Profiler.stop");
    await writeFile(profile, JSON.stringify(taken));
    session.disconnect();
  }
  const view: ServerView = {
    statements: counts.statements - phase.statements,
    transactions: counts.transactions - phase.transactions,
    busy: performance.eventLoopUtilization(phase.elu).utilization,
    loopDelay: {
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
    },
    gc: {
      count: gc.length,
      major: gc.filter((entry) => entry.major).length,
      totalMs: gc.reduce((sum, entry) => sum + entry.duration, 0),
      maxMs: gc.reduce((longest, entry) => Math.max(longest, entry.duration), 0),
    },
    commands: {
      count: commands.length,
      phases: Object.fromEntries(
        (["lock", "read", "decide", "append", "project"] as const).map((name) => {
          const samples = commands.map((command) => command[name]);
          return [name, { p50: percentileOf(samples, 50), p99: percentileOf(samples, 99) }];
        }),
      ) as ServerView["commands"]["phases"],
      reads: commands.reduce((sum, command) => sum + command.reads, 0) / Math.max(1, commands.length),
    },
    requests: {
      p50: percentileOf(requests, 50),
      p99: percentileOf(requests, 99),
      max: requests.reduce((longest, ms) => Math.max(longest, ms), 0),
    },
  };
  phase = undefined;
  return view;
};

/** `{ measure: "start" | "stop", profile? }` answered `{ answer: "measure", measured }`; "stop" closes the server. */
parent.on(async (message) => {
  if (typeof message === "object" && message !== null) {
    const { measure, profile } = message as { measure?: "start" | "stop"; profile?: string };
    if (measure === "start") await startPhase(profile);
    parent.send({ answer: "measure", measured: measure === "stop" ? await stopPhase() : undefined });
    return;
  }
  if (message !== "stop") return;
  await app.close();
  await db.close();
  if (parentPort) parentPort.postMessage("stopped");
  else toParent.stopped();
});
// In a child process: the bench gone (its process ended or failed), nothing is left to serve.
if (!parentPort) process.once("disconnect", () => process.exit(0));
