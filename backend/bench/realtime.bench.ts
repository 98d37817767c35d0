/**
 * `npm run bench:realtime`: push latency with 200 browsers connected (100 teachers, 100 students) to
 * one backend on the local PostgreSQL (fresh database, dropped at the end; socket.io's PostgreSQL
 * adapter on, as in production). The server runs in a worker thread, the clients here.
 *
 *  - scheduling → lesson:pending: a student schedules; the time from sending the request until each of
 *    the 100 teachers has the push (100 samples per scheduling).
 *  - claim → lesson:accepted: a teacher claims; the time from the claim's HTTP response until the
 *    student has the push (0 when the push arrived first: it is sent as soon as the projection commits,
 *    which the response also waits for).
 *
 * One request at a time, so the figures are latencies, not queueing under load. Not a test: it prints
 * a table.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { parseServerPush } from "@el/domain/realtime";
import pg from "pg";
import { io, type Socket } from "socket.io-client";

const STUDENTS = 100;
const TEACHERS = 100;
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

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
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

await withAdmin(`create database ${pg.escapeIdentifier(databaseName)}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
// The worker loads the TypeScript server through tsx's API (Node 20 workers do not inherit tsx's loader).
const serverModule = new URL("./realtime-server.ts", import.meta.url).href;
const server = new Worker(
  `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(serverModule)}, ${JSON.stringify(serverModule)}))`,
  { eval: true, workerData: { databaseUrl: databaseUrl.toString(), students: STUDENTS, teachers: TEACHERS } },
);

try {
  const people = await new Promise<People>((resolve, reject) => {
    server.once("message", resolve);
    server.once("error", reject);
  });
  const teacherSockets = await Promise.all(people.teachers.map((t) => connect(people.url, t.token)));
  const studentSockets = await Promise.all(people.students.map((s) => connect(people.url, s.token)));
  console.log(`${teacherSockets.length + studentSockets.length} sockets connected to ${people.url}`);

  // 10:00 in São Paulo three days ahead: a time every rule accepts.
  const date = `${localDateOf(new Date(Date.now() + 3 * 86_400_000))}T10:00:00-03:00`;
  const pendingLatencies: number[] = [];
  const scheduleRequests: number[] = [];
  const lessonIds: number[] = [];
  for (const [index, student] of people.students.entries()) {
    let waiting = teacherSockets.length;
    let sentAt = 0;
    let lessonId = -1;
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
    lessonId = (
      await post(`${people.url}/api/schedulings`, student.token, {
        trail: { id: people.trailId },
        date,
        objective: "TRAVEL",
      })
    ).id;
    scheduleRequests.push(performance.now() - sentAt);
    await allReceived;
    lessonIds[index] = lessonId;
  }

  const acceptedLatencies: number[] = [];
  const claimRequests: number[] = [];
  for (const [index, teacher] of people.teachers.entries()) {
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
    const answeredAt = performance.now();
    claimRequests.push(answeredAt - sentAt);
    await received;
    acceptedLatencies.push(Math.max(0, receivedAt - answeredAt));
  }

  const row = (name: string, samples: number[]) =>
    `| ${name.padEnd(58)} | ${String(samples.length).padStart(7)} | ${percentile(samples, 50).toFixed(1).padStart(7)} | ${percentile(samples, 99).toFixed(1).padStart(7)} | ${Math.max(
      ...samples,
    )
      .toFixed(1)
      .padStart(7)} |`;
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log(`| ${"measure (ms)".padEnd(58)} | samples |     p50 |     p99 |     max |`);
  console.log(`| ${"-".repeat(58)} | ------: | ------: | ------: | ------: |`);
  console.log(row("scheduling request sent → lesson:pending at each teacher", pendingLatencies));
  console.log(row("claim HTTP response → lesson:accepted at the student", acceptedLatencies));
  console.log(row("POST api/schedulings round trip", scheduleRequests));
  console.log(row("POST api/lessons (claim) round trip", claimRequests));

  for (const socket of [...teacherSockets, ...studentSockets]) socket.disconnect();
  await new Promise<void>((resolve) => {
    server.on("message", (message) => message === "stopped" && resolve());
    server.postMessage("stop");
  });
} finally {
  await server.terminate();
  await withAdmin(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
}
