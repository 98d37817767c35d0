/**
 * What a deployment of bench backends in child processes (`server-process.ts`, servers answering
 * `{ ask: "counts" }` as `journey-server.ts` does) spent between two readings, apart from the bench's own
 * clients: each server process's CPU (/proc, all its threads), the CPU of PostgreSQL's sessions on the bench
 * database (/proc, when PostgreSQL runs on this machine; the meter's own session aside), statements the servers
 * sent (counted in each server process: `pg_stat_statements` is not loaded on the local PostgreSQL), transactions
 * committed in the bench database (`pg_stat_database`, which PostgreSQL updates about once a second: over a
 * window of several seconds the lag at either end evens out), bytes the servers wrote to their clients' sockets,
 * and this process's CPU (the clients).
 */
import pg from "pg";
import { cpuMsOf } from "./harness";
import type { ServerCounts } from "./journey-server";
import type { ServerProcess } from "./server-process";

export interface Reading {
  at: number;
  /** Operations completed so far, as the caller counts them. */
  operations: number;
  servers: { cpuMs: number; statements: number; bytesWritten: number }[];
  commits: number;
  /** CPU ms of each PostgreSQL session on the bench database, by pid. */
  postgres: Map<number, number>;
  clientsCpuMs: number;
}

/** A meter on `databaseUrl` for `servers`; `operations()` tells how many operations have completed. */
export const costMeter = async (databaseUrl: string, servers: ServerProcess[], operations: () => number) => {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const read = async (): Promise<Reading> => {
    const at = performance.now();
    const done = operations();
    const { user, system } = process.cpuUsage();
    const [counts, cpu, commits, sessions] = await Promise.all([
      Promise.all(servers.map((server) => server.ask<ServerCounts>("counts"))),
      Promise.all(servers.map((server) => server.cpuMs())),
      client.query<{ n: string }>("select xact_commit as n from pg_stat_database where datname = current_database()"),
      client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      ),
    ]);
    const postgres = new Map<number, number>();
    for (const { pid } of sessions.rows) {
      const ms = await cpuMsOf(pid);
      if (ms !== undefined) postgres.set(pid, ms);
    }
    return {
      at,
      operations: done,
      servers: counts.map((count, index) => ({
        cpuMs: cpu[index] ?? Number.NaN,
        statements: count.statements,
        bytesWritten: count.bytesWritten,
      })),
      commits: Number(commits.rows[0]?.n ?? 0),
      postgres,
      clientsCpuMs: (user + system) / 1000,
    };
  };
  return { read, close: () => client.end() };
};

/** Per operation completed between `before` and `after`: CPU ms, statements, transactions and bytes. */
export const costPerOperation = (before: Reading, after: Reading) => {
  const operations = after.operations - before.operations;
  const per = (value: number) => value / operations;
  let postgresMs = 0;
  for (const [pid, ms] of after.postgres) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  const servers = after.servers.map((server, index) => {
    const earlier = before.servers[index];
    return {
      cpuMs: per(server.cpuMs - (earlier?.cpuMs ?? 0)),
      statements: per(server.statements - (earlier?.statements ?? 0)),
      bytesWritten: per(server.bytesWritten - (earlier?.bytesWritten ?? 0)),
    };
  });
  const sum = (pick: (server: (typeof servers)[number]) => number) =>
    servers.reduce((total, server) => total + pick(server), 0);
  return {
    operations,
    seconds: (after.at - before.at) / 1000,
    servers,
    serversCpuMs: sum((server) => server.cpuMs),
    postgresCpuMs: after.postgres.size > 0 ? per(postgresMs) : Number.NaN,
    statements: sum((server) => server.statements),
    transactions: per(after.commits - before.commits),
    bytesWritten: sum((server) => server.bytesWritten),
    clientsCpuMs: per(after.clientsCpuMs - before.clientsCpuMs),
  };
};
export type Cost = ReturnType<typeof costPerOperation>;
