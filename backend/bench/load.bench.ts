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
import { performance } from "node:perf_hooks";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { parseServerPush } from "@el/domain/realtime";
import { io, type Socket } from "socket.io-client";
import { benchDatabase, call, ms, type Outcome, openLoop, startServer, summary } from "./harness";

const RATES = (process.env.BENCH_RATES ?? "100,200,300").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const STUDENTS = SOCKETS - TEACHERS;
const TOTAL = RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
const CREDITS_EACH = Math.ceil(TOTAL / STUDENTS) + 1;
/** One-hour lessons a teacher can hold in a day without two of them sharing a half-hour (07:00 to 21:00). */
const LESSONS_A_DAY = 15;

interface People {
  url: string;
  trailId: number;
  students: { id: number; token: string }[];
  teachers: { id: number; token: string }[];
}

const database = benchDatabase("el_bench_load");
await database.create();
const serverModule = new URL("./realtime-server.ts", import.meta.url);
const first = await startServer<People>(serverModule, {
  databaseUrl: database.url,
  students: STUDENTS,
  teachers: TEACHERS,
  creditsEach: CREDITS_EACH,
});
const people = await first.ready;
// `BENCH_INSTANCES=1`: the same load on the first instance alone, to tell what the second one costs.
const second =
  INSTANCES === 1
    ? undefined
    : await startServer<People>(serverModule, {
        databaseUrl: database.url,
        students: 0,
        teachers: 0,
        creditsEach: 0,
      });
const urls = [people.url, second ? (await second.ready).url : people.url];

// Who is waiting for which push: resolved by the socket that receives it. A push that arrives before its
// waiter (a lesson:pending often beats the scheduling's answer) is kept a while for it.
const awaitingPending = new Map<number, (at: number) => void>();
const awaitingAccepted = new Map<number, (at: number) => void>();

/**
 * Arrivals nobody waited for yet, the latest 25,000 to 50,000 of them. Every teacher hears every lesson, so
 * this takes tens of thousands of entries a second: it keeps two generations and drops the older whole.
 * (Evicting a Map's first key one insert at a time walks the holes earlier deletes left at its start: at
 * 20,000 pushes a second that took a quarter of the core this process shares with the servers.)
 */
class RecentArrivals {
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  keep(key: number, at: number) {
    this.current.set(key, at);
    if (this.current.size < 25_000) return;
    this.previous = this.current;
    this.current = new Map();
  }
  take(key: number): number | undefined {
    const at = this.current.get(key) ?? this.previous.get(key);
    this.current.delete(key);
    this.previous.delete(key);
    return at;
  }
}
const early = new Map([
  [awaitingPending, new RecentArrivals()],
  [awaitingAccepted, new RecentArrivals()],
]);
const arrived = (waiting: Map<number, (at: number) => void>, key: number, at: number) => {
  const waiter = waiting.get(key);
  if (waiter) return waiter(at);
  early.get(waiting)?.keep(key, at);
};
const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
const teacherSockets = await Promise.all(
  people.teachers.map(async (teacher, index) => {
    const socket = await connect(urls[index % 2] ?? people.url, teacher.token);
    socket.on("lesson:pending", (raw: unknown) => {
      // Every teacher hears every lesson; only the one that will claim it is timed. The 100 teachers share
      // this process with the servers on two cores, so a push is only looked into here for its lesson, not
      // validated against the contract (a browser does that on its own CPU; realtime specs check the shape).
      const id = (raw as { lesson?: { id?: unknown } } | undefined)?.lesson?.id;
      if (typeof id === "number") arrived(awaitingPending, id * TEACHERS + index, performance.now());
    });
    return socket;
  }),
);
const studentSockets = await Promise.all(
  people.students.map(async (student, index) => {
    const socket = await connect(urls[(index + 1) % 2] ?? people.url, student.token);
    socket.on("lesson:accepted", (raw: unknown) => {
      const push = parseServerPush("lesson:accepted", raw);
      if (push) arrived(awaitingAccepted, push.lessonId, performance.now());
    });
    return socket;
  }),
);

/**
 * A push expected: when it arrived (`performance.now()`, possibly before it was expected), or null if it never
 * came within 10 s.
 */
const expectPush = (waiting: Map<number, (at: number) => void>, key: number) => {
  let arrivedAt = early.get(waiting)?.take(key);
  let wake: (() => void) | undefined;
  if (arrivedAt === undefined)
    waiting.set(key, (at) => {
      arrivedAt = at;
      waiting.delete(key);
      wake?.();
    });
  return () =>
    new Promise<number | null>((resolve) => {
      const settle = () => resolve(arrivedAt ?? null);
      if (arrivedAt !== undefined) return settle();
      const timer = setTimeout(() => {
        waiting.delete(key);
        settle();
      }, 10_000);
      wake = () => {
        clearTimeout(timer);
        settle();
      };
    });
};

let lessonsSoFar = 0;
const slotOf = (teacherIndex: number, k: number) => {
  const day = 2 + Math.floor(k / LESSONS_A_DAY);
  const hour = 7 + (k % LESSONS_A_DAY);
  const date = localDateOf(new Date(Date.now() + day * 86_400_000));
  return `${date}T${String(hour).padStart(2, "0")}:${teacherIndex % 2 ? "30" : "00"}:00-03:00`;
};
const claimsOfTeacher = new Array<number>(TEACHERS).fill(0);

console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model.split(" ")[0]}), Node ${process.version}`);
console.log(
  `Load average before: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`,
);
console.log(
  `${second ? 2 : 1} backend${second ? "s" : ""}, ${teacherSockets.length + studentSockets.length} sockets (${TEACHERS} teachers), ${SECONDS} s per rate`,
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
    const i = lessonsSoFar++;
    const student = people.students[i % STUDENTS];
    const teacherIndex = i % TEACHERS;
    const teacher = people.teachers[teacherIndex];
    if (!student || !teacher) throw new Error("no such person");
    const k = claimsOfTeacher[teacherIndex] ?? 0;
    claimsOfTeacher[teacherIndex] = k + 1;
    // The student on one instance, the teacher on the other.
    const scheduled = await call(`${urls[i % 2]}/api/schedulings`, student.token, "POST", {
      trail: { id: people.trailId },
      date: slotOf(teacherIndex, k),
      objective: "TRAVEL",
    });
    const answeredAt = performance.now();
    scheduling.push(scheduled.elapsed);
    if (scheduled.status !== 201) return { outcome: scheduled.status, elapsed: scheduled.elapsed };
    const lessonId = (JSON.parse(scheduled.text) as { id: number }).id;
    // The pending push may already be here: it leaves when the projection commits, as the answer does.
    const pendingArrival = expectPush(awaitingPending, lessonId * TEACHERS + teacherIndex);
    const acceptedArrival = expectPush(awaitingAccepted, lessonId);
    const claimed = await call(`${urls[(i + 1) % 2]}/api/lessons`, teacher.token, "POST", { schedulingId: lessonId });
    const claimAnsweredAt = performance.now();
    claiming.push(claimed.elapsed);
    // A refused claim (503 past saturation) sends the student nothing: only a claimed lesson's push is awaited.
    const [toTeacher, toStudent] = await Promise.all([
      pendingArrival(),
      claimed.status === 201 ? acceptedArrival() : Promise.resolve(undefined),
    ]);
    if (toTeacher === null || toStudent === null) missedPushes++;
    // From the answer (0 when the push came first), and from the request: what the other party waits in all.
    if (toTeacher !== null) {
      pending.push(Math.max(0, toTeacher - answeredAt));
      pendingFromRequest.push(toTeacher - (answeredAt - scheduled.elapsed));
    }
    if (toStudent !== null && toStudent !== undefined) {
      accepted.push(Math.max(0, toStudent - claimAnsweredAt));
      acceptedFromRequest.push(toStudent - (claimAnsweredAt - claimed.elapsed));
    }
    return { outcome: claimed.status === 201 ? 201 : `claim ${claimed.status}`, elapsed: scheduled.elapsed };
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

for (const socket of [...teacherSockets, ...studentSockets]) socket.disconnect();
await second?.stop();
await first.stop();
await Promise.all([first.worker.terminate(), second?.worker.terminate()]);
await database.drop();
