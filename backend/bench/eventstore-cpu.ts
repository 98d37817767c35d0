/**
 * `npx tsx backend/bench/eventstore-cpu.ts`: what our store's appends cost against the plain INSERT floor, in CPU
 * per event rather than events per second: this process's CPU (`process.cpuUsage`) and PostgreSQL's (its backends on
 * each contender's database, from `/proc`). On a busy shared machine throughput scatters several-fold from run to
 * run; CPU per event moves far less. `BENCH_ROUNDS` (3) rounds per workload, ours and the floor back to back.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { adminUrl, type Contender, dropDatabases, ours, plainInsert, runId } from "./eventstore-contenders";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const workloads = [
  { label: "append, 1 writer, 1 event per append", writers: 1, appends: 1000, events: 1 },
  { label: "append, 8 writers, 1 event per append", writers: 8, appends: 250, events: 1 },
  { label: "append, 1 writer, batches of 10", writers: 1, appends: 250, events: 10 },
  { label: "append, 8 writers, batches of 10", writers: 8, appends: 125, events: 10 },
];
type Workload = (typeof workloads)[number];

/** User and system CPU of a process so far, in clock ticks (10 ms). */
const ticksOf = (pid: number) => {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const main = async () => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  /** CPU of the backends now connected to `database`, in ms (a backend that ended in between is not counted). */
  const serverMs = async (database: string) => {
    const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
      database,
    ]);
    return rows.reduce((sum, { pid }) => sum + ticksOf(pid), 0) * 10;
  };
  const contenders: { name: string; database: string; contender: Contender }[] = [
    { name: "ours", database: `${runId}_ours`, contender: await ours() },
    { name: "plain INSERT", database: `${runId}_plain`, contender: await plainInsert() },
  ];
  const measure = async ({ database, contender }: (typeof contenders)[number], workload: Workload) => {
    const [server, client, started] = [await serverMs(database), process.cpuUsage(), performance.now()];
    await Promise.all(
      Array.from({ length: workload.writers }, async () => {
        const stream = `lesson-${randomUUID()}`;
        for (let index = 0; index < workload.appends; index++) {
          await contender.append(stream, index * workload.events, workload.events);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(client);
    const events = workload.writers * workload.appends * workload.events;
    return {
      rate: events / seconds,
      clientUs: (used.user + used.system) / events,
      serverUs: (((await serverMs(database)) - server) * 1000) / events,
    };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const rows: string[] = [];
  try {
    for (const entry of contenders) await measure(entry, workloads[0] as Workload);
    for (const workload of workloads) {
      const taken = contenders.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, entry] of contenders.entries()) taken[index]?.push(await measure(entry, workload));
      }
      const [mine, floor] = taken.map((runs) => ({
        rate: Math.max(...runs.map((run) => run.rate)),
        clientUs: median(runs.map((run) => run.clientUs)),
        serverUs: median(runs.map((run) => run.serverUs)),
      })) as [
        { rate: number; clientUs: number; serverUs: number },
        { rate: number; clientUs: number; serverUs: number },
      ];
      const cpuRatio = (floor.clientUs + floor.serverUs) / (mine.clientUs + mine.serverUs);
      const row = `| ${workload.label} | ${mine.clientUs.toFixed(0)} + ${mine.serverUs.toFixed(0)} | ${floor.clientUs.toFixed(0)} + ${floor.serverUs.toFixed(0)} | ${cpuRatio.toFixed(2)}× | ${(mine.rate / floor.rate).toFixed(2)}× |`;
      console.log(row);
      rows.push(row);
    }
  } finally {
    await admin.end();
    await Promise.all(contenders.map(({ contender }) => contender.close()));
    await dropDatabases();
  }
  console.log(
    `\nCPU µs per event (this process + PostgreSQL), median of ${ROUNDS} rounds; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}\n`,
  );
  console.log("| workload | ours, µs client + server | plain INSERT | ours/plain by CPU | ours/plain, best events/s |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
  process.exit(0);
};

// Whatever stopped it (PostgreSQL out of connections while a contender opens), its databases go.
await main().catch(async (error: unknown) => {
  console.error(error);
  await dropDatabases().catch(() => {});
  process.exit(1);
});
