/**
 * `npm run bench:commands`: what a command costs over HTTP, on the local PostgreSQL (fresh database,
 * dropped at the end; durable commits as PostgreSQL is configured). The server runs in a child process of its
 * own (`server-process.ts`), the load generator here.
 *
 *  1. The floor: a bare `INSERT` round trip from this process to the same PostgreSQL.
 *  2. One request at a time: `GET /api/account`, `GET /api/item-packages`, `POST /api/users/{login}/credits`,
 *     `POST /api/schedulings` (also by students with 2,000 lessons behind them: the first command of those
 *     never read before, which folds that history once; the first since a restart of those an earlier process
 *     read, which starts from its snapshot; and the next ones); each figure also as a multiple of the floor's
 *     median.
 *  3. Open-loop arrivals of `POST /api/schedulings` at fixed rates (a request leaves on schedule whether or not
 *     earlier ones have answered, as independent students do), across distinct students and lesson slots:
 *     achieved rate, status counts and latency percentiles per rate, and the saturation rate (the highest
 *     rate whose p99 stays under 100 ms).
 *
 * Beside each figure, PostgreSQL's view (transactions committed, CPU of its sessions), the server process's CPU
 * (/proc, all its threads) and the server's own view (`ServerView`): statements it sent per request, how busy its event loop was and how late its timers
 * fired, its garbage collector's pauses, and where its commands' time went (waiting for their streams,
 * reading, deciding, appending, waiting for the read models). `BENCH_PROFILE=dir` also writes a CPU
 * profile of the server per arrival rate there. What the HTTP benchmarks share is in `harness.ts`.
 *
 * Not a test: it prints tables. `BENCH_RATES=50,100` and `BENCH_SECONDS=5` shorten a run.
 */
import os from "node:os";
import path from "node:path";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import type { ServerView } from "./commands-server";
import {
  benchDatabase,
  call,
  databaseActivity,
  measureInsertFloor,
  ms,
  openLoop,
  outcomesText,
  perRequestOf,
  summary,
} from "./harness";
import { startServerProcess } from "./server-process";

const RATES = (process.env.BENCH_RATES ?? "50,100,200,300,400").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SEQUENTIAL = 200;
/** The width of the request column. */
const WIDTH = 55;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const database = benchDatabase("el_bench_commands");

const totalSchedulings = SEQUENTIAL + RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
// Enough students that concurrent requests almost never share one, each with a credit for every lesson
// the run will ask of them.
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CREDITS_EACH = Math.ceil(totalSchedulings / STUDENTS) + 1;
/** Students with two years of lessons behind them, who schedule one at a time too. */
const LONG_HISTORIES = { students: 20, lessons: 2000, credits: 2000 + SEQUENTIAL + 1 };

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

await database.create();
const server = startServerProcess<People>(new URL("./commands-server.ts", import.meta.url), {
  databaseUrl: database.url,
  students: STUDENTS,
  creditsEach: CREDITS_EACH,
  longHistories: LONG_HISTORIES,
});
try {
  const people = await server.ready;
  /** The server's view of what `work` cost it, its process's CPU ms (and a CPU profile of it, given a file). */
  const measured = async <T>(work: () => Promise<T>, profile?: string) => {
    await server.ask("measure", { measure: "start", profile });
    const cpuBefore = await server.cpuMs();
    const result = await work();
    const cpuMs = (await server.cpuMs()) - cpuBefore;
    const { measured: view } = await server.ask<{ measured: ServerView }>("measure", { measure: "stop" });
    return { result, view: { ...view, cpuMs } };
  };
  /** One row of the cost tables: PostgreSQL's view, then the server's. */
  const costRow = (
    name: string,
    database: ReturnType<typeof perRequestOf>,
    view: ServerView & { cpuMs: number },
    requests: number,
  ) =>
    `| ${name} | ${database.transactions.toFixed(1).padStart(12)} | ${database.cpuMs.toFixed(2).padStart(9)} | ${(view.cpuMs / requests).toFixed(2).padStart(13)} | ${(view.statements / requests).toFixed(1).padStart(10)} | ${`${(view.busy * 100).toFixed(0)} %`.padStart(6)} | ${ms(view.loopDelay.p99).padStart(9)} | ${ms(view.loopDelay.max).padStart(9)} | ${`${view.gc.count} (${view.gc.major})`.padStart(11)} | ${ms(view.gc.totalMs)} | ${ms(view.gc.maxMs)} |`;
  /** Where the commands' time went inside the server: each phase's p50 / p99, ms. */
  const phasesRow = (name: string, view: ServerView) => {
    const { count, phases, reads } = view.commands;
    const cell = ({ p50, p99 }: { p50: number; p99: number }) => `${p50.toFixed(1)} / ${p99.toFixed(1)}`.padStart(13);
    return `| ${name} | ${String(count).padStart(8)} | ${cell(phases.lock)} | ${cell(phases.read)} | ${cell(phases.decide)} | ${cell(phases.append)} | ${cell(phases.project)} | ${reads.toFixed(2).padStart(5)} | ${`${view.requests.p50.toFixed(1)} / ${view.requests.p99.toFixed(1)} / ${view.requests.max.toFixed(1)}`.padStart(20)} |`;
  };
  const phasesHeader = (name: string, rule: string) => {
    console.log(
      `| ${name} | commands | lock          | read          | decide        | append        | read models   | reads | server p50 / p99 / max |`,
    );
    console.log(
      `| ${rule} | -------: | ------------: | ------------: | ------------: | ------------: | ------------: | ----: | ---------------------: |`,
    );
  };
  const costHeader = (name: string, rule: string) => {
    console.log(
      `| ${name} | transactions | PG CPU ms | server CPU ms | statements | busy   | delay p99 | delay max | GCs (major) | GC total | GC max   |`,
    );
    console.log(
      `| ${rule} | -----------: | --------: | ------------: | ---------: | -----: | --------: | --------: | ----------: | -------: | -------: |`,
    );
  };
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

  const floor = await measureInsertFloor(database.url);
  // A long-history student's first command folds their whole history once when no process ever read it (no
  // snapshot), or starts from the snapshot an earlier process left (a restart); the next ones read only what
  // was stored since. One sample each for the first two rows.
  const sequential: [string, number, () => Promise<{ status: number; elapsed: number }>][] = [
    ["GET /api/account", SEQUENTIAL, () => call(`${people.url}/api/account`, aStudent().token, "GET")],
    ["GET /api/item-packages", SEQUENTIAL, () => call(`${people.url}/api/item-packages`, aStudent().token, "GET")],
    [
      "POST /api/users/{login}/credits",
      SEQUENTIAL,
      () => call(`${people.url}/api/users/${aStudent().login}/credits`, people.admin.token, "POST", { amount: 1 }),
    ],
    ["POST /api/schedulings", SEQUENTIAL, () => schedule()],
    [
      "POST /api/schedulings (2,000 before, never read)",
      Math.ceil(people.longStudents.length / 2),
      () => schedule(aLongStudent()),
    ],
    [
      "POST /api/schedulings (2,000 before, after restart)",
      Math.floor(people.longStudents.length / 2),
      () => schedule(aLongStudent()),
    ],
    ["POST /api/schedulings (2,000 before, next ones)", SEQUENTIAL, () => schedule(aLongStudent())],
  ];
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log("\nOne request at a time (ms; × = multiple of the bare INSERT's median)");
  console.log(`| ${"request".padEnd(WIDTH)} | samples |      p50 |      p95 |      p99 |      max | p50 × floor |`);
  console.log(`| ${"-".repeat(WIDTH)} | ------: | -------: | -------: | -------: | -------: | ----------: |`);
  const line = (name: string, s: ReturnType<typeof summary>) =>
    console.log(
      `| ${name.padEnd(WIDTH)} | ${String(s.count).padStart(7)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p50 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
  line("bare INSERT (floor)", floor);
  const perRequest: string[] = [];
  const phaseRows: string[] = [];
  for (const [name, count, request] of sequential) {
    const samples: number[] = [];
    const before = await databaseActivity(database.url);
    const { view } = await measured(async () => {
      for (let i = 0; i < count; i++) {
        const { status, elapsed } = await request();
        if (status >= 300) throw new Error(`${name} answered ${status}`);
        samples.push(elapsed);
      }
    });
    const after = await databaseActivity(database.url);
    line(name, summary(samples));
    perRequest.push(costRow(name.padEnd(WIDTH), perRequestOf(before, after, count), view, count));
    if (view.commands.count > 0) phaseRows.push(phasesRow(name.padEnd(WIDTH), view));
  }
  console.log(
    "\nWhat each request cost, one at a time: PostgreSQL's view (transactions committed, CPU of its sessions), the",
  );
  console.log(
    "server process's CPU (all its threads) and the server's view (statements it sent, its event loop's busy share and delay, its garbage collections; ms)",
  );
  costHeader("request".padEnd(WIDTH), "-".repeat(WIDTH));
  for (const row of perRequest) console.log(row);
  console.log(
    "\nWhere the commands' time went inside the server, one at a time (p50 / p99 ms: waiting for their streams,",
  );
  console.log(
    "reading them, deciding, appending, waiting for the read models; reads of the store per command; each request\nas the server saw it, from its parsed headers to its answer handed to the socket)",
  );
  phasesHeader("request".padEnd(WIDTH), "-".repeat(WIDTH));
  for (const row of phaseRows) console.log(row);

  console.log(`\nPOST /api/schedulings at fixed arrival rates, ${SECONDS} s each (ms)`);
  console.log(
    "| offered/s | achieved/s | statuses                  |      p50 |      p95 |      p99 |      max | p99 × floor |",
  );
  console.log(
    "| --------: | ---------: | ------------------------- | -------: | -------: | -------: | -------: | ----------: |",
  );
  let saturation = 0;
  const serverRows: string[] = [];
  const ratePhaseRows: string[] = [];
  for (const rate of RATES) {
    const total = rate * SECONDS;
    const before = await databaseActivity(database.url);
    const profile = PROFILE_DIR && path.resolve(PROFILE_DIR, `commands-server-${rate}.cpuprofile`);
    const {
      result: { samples, outcomes, seconds },
      view,
    } = await measured(
      () =>
        openLoop(rate, total, async () => {
          const { status, elapsed } = await schedule();
          return { outcome: status, elapsed };
        }),
      profile,
    );
    const after = await databaseActivity(database.url);
    // Per scheduling stored: refused requests (503) cost next to nothing.
    const scheduled = Number(outcomes.get(201) ?? 0) || total;
    serverRows.push(costRow(String(rate).padStart(9), perRequestOf(before, after, scheduled), view, scheduled));
    ratePhaseRows.push(phasesRow(String(rate).padStart(9), view));
    const s = summary(samples);
    if (outcomes.get(201) === total && s.p99 < 100) saturation = rate;
    console.log(
      `| ${String(rate).padStart(9)} | ${(total / seconds).toFixed(1).padStart(10)} | ${outcomesText(outcomes).padEnd(25)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${`${(s.p99 / floor.p50).toFixed(1)}×`.padStart(11)} |`,
    );
    // Let the server drain what the last rate left queued before the next one starts.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log("\nWhat each scheduling stored cost at each rate (as above)");
  costHeader("offered/s", "--------:");
  for (const row of serverRows) console.log(row);
  console.log("\nWhere the schedulings' time went inside the server at each rate (as above)");
  phasesHeader("offered/s", "--------:");
  for (const row of ratePhaseRows) console.log(row);
  console.log(
    `\nSaturation rate (highest offered rate with every request 201 and p99 under 100 ms): ${saturation || "below the lowest rate"}/s`,
  );

  await server.stop();
} finally {
  server.kill();
  await database.drop();
}
