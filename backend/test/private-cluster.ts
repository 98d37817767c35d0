import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./product-process";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, made with the machine's binaries (`pg_config --bindir`) in a temporary
 * folder, on a free port of 127.0.0.1 and its unix socket in that folder: a test may restart or stop it without
 * disturbing any other test, which all use the shared server. `initdb` refuses to run as root, so as root every
 * binary runs as the `postgres` user, who owns the folder.
 */
export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:port/postgres`: the cluster's administrator's URL. */
  adminUrl: string;
  port: number;
  /** A new empty database's URL. */
  createDatabase: (name: string) => Promise<string>;
  /** `pg_ctl restart -m fast`: every session ended, the server back once it accepts connections. */
  restart: () => Promise<void>;
  /** `pg_ctl stop -m fast`: every session ended, connections refused until `start`. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and deletes its folder. */
  remove: () => Promise<void>;
}

const bindir = () => execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();

export const startPrivateCluster = async (): Promise<PrivateCluster> => {
  const bin = bindir();
  const folder = mkdtempSync(path.join(os.tmpdir(), "el-private-pg-"));
  const data = path.join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(folder, uid, gid);
  }
  const binary = (name: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  const port = await freePort();
  await binary("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--no-locale"]);
  const serverOptions = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=60",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c shared_buffers=32MB",
  ].join(" ");
  const log = path.join(folder, "server.log");
  const pgCtl = (action: string, ...extra: string[]) =>
    binary("pg_ctl", [action, "-D", data, "-w", "-t", "60", ...extra]);
  const start = async () => {
    await pgCtl("start", "-l", log, "-o", serverOptions);
  };
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let removed = false;
  // A test process that ends without `remove` (a hook that timed out, a worker stopped) leaves no server behind.
  const removeAtExit = () => {
    if (removed) return;
    const args = ["stop", "-D", data, "-m", "immediate"];
    const pgCtl = path.join(bin, "pg_ctl");
    try {
      if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", pgCtl, ...args], { stdio: "ignore" });
      else execFileSync(pgCtl, args, { stdio: "ignore" });
    } catch {}
    rmSync(folder, { recursive: true, force: true });
  };
  process.once("exit", removeAtExit);
  return {
    adminUrl,
    port,
    async createDatabase(name) {
      const admin = new pg.Client(adminUrl);
      await admin.connect();
      try {
        await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    restart: async () => {
      await pgCtl("restart", "-m", "fast", "-l", log, "-o", serverOptions);
    },
    stop: async () => {
      await pgCtl("stop", "-m", "fast");
    },
    start,
    async remove() {
      if (removed) return;
      removed = true;
      process.off("exit", removeAtExit);
      await pgCtl("stop", "-m", "immediate").catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
};
