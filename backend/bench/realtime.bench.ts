/**
 * `npm run bench:realtime`: push latency with 10,000 browsers connected (100 teachers, the rest students;
 * `BENCH_SOCKETS`, `BENCH_TEACHERS`) to one backend on the local PostgreSQL (fresh database, dropped at
 * the end; socket.io's PostgreSQL adapter on, as in production). The server runs in a child process of its
 * own (`realtime-server.ts`), the teachers' sockets in another (`realtime-teachers.ts`: they take 50,000 pushes a
 * second with 500 teachers, which here would delay reading the answers timed), the students' sockets and the
 * requests here: each has its own file descriptors (a process may hold 20,000 here) and event loop, and the
 * server's CPU time and memory are read apart from the clients'. Times are on the clock the processes share.
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
 * the projection commits, which the answer also waits for. Beside it, the server's memory per connection
 * (RSS and heap after a garbage collection, before and after the sockets connect) and its CPU time per
 * push delivered under load (commands included). `BENCH_PROFILE=dir` writes the server's CPU profile there.
 *
 * Not a test: it prints a table.
 */
import { fork } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { parseServerPush } from "@el/domain/realtime";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { cpuMsOf } from "./harness";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 100);
const STUDENTS = SOCKETS - TEACHERS;
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Schedulings (and claims) of the one-at-a-time part. */
const SEQUENTIAL = Math.min(100, STUDENTS, TEACHERS);
const CREDITS_EACH = Math.ceil((SEQUENTIAL + RATE * SECONDS) / STUDENTS) + 1;
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `el_bench_realtime_${process.pid}_${Date.now().toString(36)}`;

/** The clock every process of the bench shares, ms. */
const now = () => performance.timeOrigin + performance.now();

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
    const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
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
const server = fork(
  fileURLToPath(new URL("./realtime-server.ts", import.meta.url)),
  [
    JSON.stringify({
      databaseUrl: databaseUrl.toString(),
      students: STUDENTS,
      teachers: TEACHERS,
      creditsEach: CREDITS_EACH,
    }),
  ],
  {
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
  },
);
const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
/** The server's RSS and heap, bytes, after a garbage collection. */
const serverMemory = () =>
  new Promise<{ rss: number; heapUsed: number }>((resolve) => {
    const listener = (message: unknown) => {
      const memory = (message as { memory?: { rss: number; heapUsed: number } } | null)?.memory;
      if (!memory) return;
      server.off("message", listener);
      resolve(memory);
    };
    server.on("message", listener);
    server.send("memory");
  });
const serverCpuMs = async () => (server.pid === undefined ? Number.NaN : ((await cpuMsOf(server.pid)) ?? Number.NaN));
/** Connects everyone, 50 at a time. */
const connectAll = async (url: string, tokens: string[]) => {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += 50)
    sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map((token) => connect(url, token)))));
  return sockets;
};

let teachersProcess: ReturnType<typeof fork> | undefined;
try {
  const people = await new Promise<People>((resolve, reject) => {
    server.once("message", (message) => resolve(message as People));
    server.once("error", reject);
    server.once("exit", (code) => reject(new Error(`the bench server exited early (${code})`)));
  });
  const memoryBefore = await serverMemory();
  const connectStarted = now();
  const teachers = fork(
    fileURLToPath(new URL("./realtime-teachers.ts", import.meta.url)),
    [JSON.stringify({ url: people.url, tokens: people.teachers.map(({ token }) => token) })],
    { execArgv: ["--import", "tsx"] },
  );
  teachersProcess = teachers;
  /** Every teacher's arrival times of a lesson's push, once all have it. */
  const complete = new Map<number, number[]>();
  const completeWaiters = new Map<number, () => void>();
  teachers.on("message", (message) => {
    const { complete: id, times } = message as { complete?: number; times?: number[] };
    if (id === undefined || !times) return;
    complete.set(id, times);
    completeWaiters.get(id)?.();
  });
  const teacherCount = await new Promise<number>((resolve, reject) => {
    const listener = (message: unknown) => {
      const count = (message as { connected?: number } | null)?.connected;
      if (count === undefined) return;
      teachers.off("message", listener);
      resolve(count);
    };
    teachers.on("message", listener);
    teachers.once("exit", (code) => reject(new Error(`the teachers' process exited early (${code})`)));
  });
  const allPushed = (id: number) =>
    new Promise<number[]>((resolve) => {
      const done = complete.get(id);
      if (done) return resolve(done);
      completeWaiters.set(id, () => resolve(complete.get(id) as number[]));
    });
  const studentSockets = await connectAll(
    people.url,
    people.students.map(({ token }) => token),
  );
  const connectSeconds = (now() - connectStarted) / 1000;
  const memoryAfter = await serverMemory();
  const connected = teacherCount + studentSockets.length;
  console.log(`${connected} sockets connected to ${people.url} in ${connectSeconds.toFixed(1)} s`);

  // 10:00 in São Paulo three days ahead: a time every rule accepts.
  const date = `${localDateOf(new Date(Date.now() + 3 * 86_400_000))}T10:00:00-03:00`;
  const pendingLatencies: number[] = [];
  const scheduleRequests: number[] = [];
  const lessonIds: number[] = [];
  for (const [index, student] of people.students.slice(0, SEQUENTIAL).entries()) {
    const sentAt = now();
    const { id } = await post(`${people.url}/api/schedulings`, student.token, {
      trail: { id: people.trailId },
      date,
      objective: "TRAVEL",
    });
    scheduleRequests.push(now() - sentAt);
    for (const at of await allPushed(id)) pendingLatencies.push(at - sentAt);
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
        receivedAt = now();
        studentSocket.off("lesson:accepted", listener);
        resolve();
      };
      studentSocket.on("lesson:accepted", listener);
    });
    const sentAt = now();
    await post(`${people.url}/api/lessons`, teacher.token, { schedulingId: lessonId });
    claimRequests.push(now() - sentAt);
    await received;
    acceptedLatencies.push(receivedAt - sentAt);
  }

  // Under load: the teachers' process notes when each lesson:pending arrives, by lesson id, since a push may
  // arrive before the answer that says which lesson it is.
  const answered: { id: number; sentAt: number; answeredAt: number }[] = [];
  /** Answers other than 201, by their first line. */
  const refused = new Map<string, number>();
  const total = RATE * SECONDS;
  const cpuBefore = await serverCpuMs();
  const started = now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const student = people.students[(SEQUENTIAL + i) % people.students.length] as People["students"][number];
    const sentAt = now();
    inFlight.push(
      post(`${people.url}/api/schedulings`, student.token, {
        trail: { id: people.trailId },
        date: slots(),
        objective: "TRAVEL",
      }).then(
        ({ id }) => {
          answered.push({ id, sentAt, answeredAt: now() });
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
  const achieved = total / ((now() - started) / 1000);
  // The last pushes may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const serverCpu = (await serverCpuMs()) - cpuBefore;
  const arrivals = await new Promise<Map<number, number[]>>((resolve) => {
    const listener = (message: unknown) => {
      const entries = (message as { arrivals?: [number, number[]][] } | null)?.arrivals;
      if (!entries) return;
      teachers.off("message", listener);
      resolve(new Map(entries));
    };
    teachers.on("message", listener);
    teachers.send("arrivals");
  });
  const answerToPush: number[] = [];
  const sentToPush: number[] = [];
  const loadRequests: number[] = [];
  let missing = 0;
  let delivered = 0;
  for (const { id, sentAt, answeredAt } of answered) {
    loadRequests.push(answeredAt - sentAt);
    const times = arrivals.get(id) ?? [];
    missing += teacherCount - times.length;
    delivered += times.length;
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
    `${connected} sockets (${teacherCount} teachers, in a process of their own); one at a time, then ${RATE} schedulings/s for ${SECONDS} s: ${achieved.toFixed(1)}/s achieved, ${answered.length} answered 201, ${missing} pushes missing${[...refused].map(([reason, count]) => `; ${count} ${reason}`).join("")}`,
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
  const perConnection = (bytes: number) => `${(bytes / connected / 1024).toFixed(1)} KiB`;
  console.log(
    `\nserver memory per connection: RSS ${perConnection(memoryAfter.rss - memoryBefore.rss)}, heap ${perConnection(memoryAfter.heapUsed - memoryBefore.heapUsed)} (RSS ${(memoryBefore.rss / 2 ** 20).toFixed(0)} → ${(memoryAfter.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memoryBefore.heapUsed / 2 ** 20).toFixed(0)} → ${(memoryAfter.heapUsed / 2 ** 20).toFixed(0)} MiB)`,
  );
  console.log(
    `server CPU under load: ${serverCpu.toFixed(0)} ms for ${answered.length} schedulings and ${delivered} pushes delivered: ${((serverCpu * 1000) / Math.max(1, delivered)).toFixed(1)} µs per push, ${(serverCpu / Math.max(1, answered.length)).toFixed(2)} ms per scheduling`,
  );

  for (const socket of studentSockets) socket.disconnect();
  teachers.send("stop");
  server.send("stop");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
} finally {
  teachersProcess?.kill();
  server.kill();
  await withAdmin(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
}
