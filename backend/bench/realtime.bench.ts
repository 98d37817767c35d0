/**
 * `npm run bench:realtime`: push latency with 1,000 browsers connected (100 teachers, the rest students;
 * `BENCH_SOCKETS`, `BENCH_TEACHERS`) to one backend on the local PostgreSQL (fresh database, dropped at
 * the end; socket.io's PostgreSQL adapter on, as in production). The server runs in a worker thread, the
 * clients here.
 *
 * One request at a time, so the figures are latencies, not queueing under load:
 *  - scheduling → lesson:pending: a student schedules; the time from sending the request until each
 *    teacher has the push (one sample per teacher and scheduling).
 *  - claim → lesson:accepted: a teacher claims; the time from sending the claim until the student has
 *    the push.
 *
 * Then under load: schedulings arrive open-loop at `BENCH_RATE` per second (100) for `BENCH_SECONDS`
 * (10), from students in turn, each for a slot of its own; per scheduling and teacher, the time from the
 * command's answer to that teacher's lesson:pending. Negative when the push came first: it leaves once
 * the projection commits, which the answer also waits for.
 *
 * Not a test: it prints a table.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { parseServerPush } from "@el/domain/realtime";
import pg from "pg";
import { io, type Socket } from "socket.io-client";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const STUDENTS = SOCKETS - TEACHERS;
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Schedulings (and claims) of the one-at-a-time part. */
const SEQUENTIAL = Math.min(100, STUDENTS, TEACHERS);
const CREDITS_EACH = Math.ceil((SEQUENTIAL + RATE * SECONDS) / STUDENTS) + 1;
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `el_bench_realtime_${process.pid}_${Date.now().toString(36)}`;

const withAdmin = async (sql: string) => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/** Nearest-rank percentiles and the maximum over one sorted copy: no spread of the samples, so any count fits. */
const summary = (samples: number[]) => {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    count: sorted.length,
    p50: at(50) ?? Number.NaN,
    p99: at(99) ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
};

interface People {
  url: string;
  trailId: number;
  students: { id: number; token: string }[];
  teachers: { id: number; token: string }[];
}

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ["websocket"], forceNew: true });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

const post = async (url: string, token: string, body: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
};

/**
 * Lesson slots nobody else asks for: every half hour from 07:00 to 22:00 in São Paulo, from four days
 * ahead on (the one-at-a-time part takes 10:00 three days ahead), handed out in turn.
 */
const slots = (() => {
  let index = 0;
  const perDay = 31;
  return () => {
    const day = 4 + Math.floor(index / perDay);
    const half = index % perDay;
    index++;
    const hour = 7 + Math.floor(half / 2);
    const minute = half % 2 === 0 ? "00" : "30";
    return `${localDateOf(new Date(Date.now() + day * 86_400_000))}T${String(hour).padStart(2, "0")}:${minute}:00-03:00`;
  };
})();

await withAdmin(`create database ${pg.escapeIdentifier(databaseName)}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
// The worker loads the TypeScript server through tsx's API (Node 20 workers do not inherit tsx's loader).
const serverModule = new URL("./realtime-server.ts", import.meta.url).href;
const server = new Worker(
  `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(serverModule)}, ${JSON.stringify(serverModule)}))`,
  {
    eval: true,
    workerData: {
      databaseUrl: databaseUrl.toString(),
      students: STUDENTS,
      teachers: TEACHERS,
      creditsEach: CREDITS_EACH,
    },
  },
);

try {
  const people = await new Promise<People>((resolve, reject) => {
    server.once("message", resolve);
    server.once("error", reject);
  });
  const teacherSockets: Socket[] = [];
  for (const teacher of people.teachers) teacherSockets.push(await connect(people.url, teacher.token));
  const studentSockets: Socket[] = [];
  for (const student of people.students) studentSockets.push(await connect(people.url, student.token));
  console.log(`${teacherSockets.length + studentSockets.length} sockets connected to ${people.url}`);

  // 10:00 in São Paulo three days ahead: a time every rule accepts.
  const date = `${localDateOf(new Date(Date.now() + 3 * 86_400_000))}T10:00:00-03:00`;
  const pendingLatencies: number[] = [];
  const scheduleRequests: number[] = [];
  const lessonIds: number[] = [];
  for (const [index, student] of people.students.slice(0, SEQUENTIAL).entries()) {
    let waiting = teacherSockets.length;
    let sentAt = 0;
    const allReceived = new Promise<void>((resolve) => {
      for (const socket of teacherSockets) {
        const listener = (raw: unknown) => {
          const payload = parseServerPush("lesson:pending", raw);
          if (!payload) return;
          pendingLatencies.push(performance.now() - sentAt);
          socket.off("lesson:pending", listener);
          if (--waiting === 0) resolve();
        };
        socket.on("lesson:pending", listener);
      }
    });
    sentAt = performance.now();
    const { id } = await post(`${people.url}/api/schedulings`, student.token, {
      trail: { id: people.trailId },
      date,
      objective: "TRAVEL",
    });
    scheduleRequests.push(performance.now() - sentAt);
    await allReceived;
    lessonIds[index] = id;
  }

  const acceptedLatencies: number[] = [];
  const claimRequests: number[] = [];
  for (const [index, teacher] of people.teachers.slice(0, SEQUENTIAL).entries()) {
    const lessonId = lessonIds[index] as number;
    const studentSocket = studentSockets[index] as Socket;
    let receivedAt = 0;
    const received = new Promise<void>((resolve) => {
      const listener = (raw: unknown) => {
        const payload = parseServerPush("lesson:accepted", raw);
        if (payload?.lessonId !== lessonId) return;
        receivedAt = performance.now();
        studentSocket.off("lesson:accepted", listener);
        resolve();
      };
      studentSocket.on("lesson:accepted", listener);
    });
    const sentAt = performance.now();
    await post(`${people.url}/api/lessons`, teacher.token, { schedulingId: lessonId });
    claimRequests.push(performance.now() - sentAt);
    await received;
    acceptedLatencies.push(receivedAt - sentAt);
  }

  // Under load: every teacher notes when each lesson:pending arrives, by lesson id, since a push may
  // arrive before the answer that says which lesson it is. One process stands in for all the browsers,
  // so it reads the id without validating the payload.
  const arrivals = new Map<number, number[]>();
  const noteArrival = (raw: unknown) => {
    const at = performance.now();
    const id = (raw as { lesson?: { id?: unknown } } | undefined)?.lesson?.id;
    if (typeof id !== "number") return;
    const seen = arrivals.get(id);
    if (seen) seen.push(at);
    else arrivals.set(id, [at]);
  };
  for (const socket of teacherSockets) socket.on("lesson:pending", noteArrival);
  const answered: { id: number; sentAt: number; answeredAt: number }[] = [];
  /** Answers other than 201, by their first line. */
  const refused = new Map<string, number>();
  const total = RATE * SECONDS;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const student = people.students[(SEQUENTIAL + i) % people.students.length] as People["students"][number];
    const sentAt = performance.now();
    inFlight.push(
      post(`${people.url}/api/schedulings`, student.token, {
        trail: { id: people.trailId },
        date: slots(),
        objective: "TRAVEL",
      }).then(
        ({ id }) => {
          answered.push({ id, sentAt, answeredAt: performance.now() });
        },
        (error: unknown) => {
          const reason =
            String(error)
              .split("\n")[0]
              ?.replace(/^Error: \S+ /, "") ?? "";
          refused.set(reason, (refused.get(reason) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const achieved = total / ((performance.now() - started) / 1000);
  // The last pushes may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const socket of teacherSockets) socket.off("lesson:pending", noteArrival);
  const answerToPush: number[] = [];
  const sentToPush: number[] = [];
  const loadRequests: number[] = [];
  let missing = 0;
  for (const { id, sentAt, answeredAt } of answered) {
    loadRequests.push(answeredAt - sentAt);
    const times = arrivals.get(id) ?? [];
    missing += teacherSockets.length - times.length;
    for (const at of times) {
      answerToPush.push(at - answeredAt);
      sentToPush.push(at - sentAt);
    }
  }

  const row = (name: string, samples: number[]) => {
    const { count, p50, p99, max } = summary(samples);
    return `| ${name.padEnd(72)} | ${String(count).padStart(7)} | ${p50.toFixed(1).padStart(7)} | ${p99.toFixed(1).padStart(7)} | ${max.toFixed(1).padStart(7)} |`;
  };
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log(
    `${teacherSockets.length + studentSockets.length} sockets (${teacherSockets.length} teachers); one at a time, then ${RATE} schedulings/s for ${SECONDS} s: ${achieved.toFixed(1)}/s achieved, ${answered.length} answered 201, ${missing} pushes missing${[...refused].map(([reason, count]) => `; ${count} ${reason}`).join("")}`,
  );
  console.log(`| ${"measure (ms)".padEnd(72)} | samples |     p50 |     p99 |     max |`);
  console.log(`| ${"-".repeat(72)} | ------: | ------: | ------: | ------: |`);
  console.log(row("scheduling request sent → lesson:pending at each teacher", pendingLatencies));
  console.log(row("claim request sent → lesson:accepted at the student", acceptedLatencies));
  console.log(row("POST api/schedulings round trip", scheduleRequests));
  console.log(row("POST api/lessons (claim) round trip", claimRequests));
  console.log(row(`under load: scheduling answered → lesson:pending at each teacher`, answerToPush));
  console.log(row(`under load: scheduling sent → lesson:pending at each teacher`, sentToPush));
  console.log(row(`under load: POST api/schedulings round trip`, loadRequests));

  for (const socket of [...teacherSockets, ...studentSockets]) socket.disconnect();
  await new Promise<void>((resolve) => {
    server.on("message", (message) => message === "stopped" && resolve());
    server.postMessage("stop");
  });
} finally {
  await server.terminate();
  await withAdmin(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
}
