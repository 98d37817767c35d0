import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnProduct } from "../test/product-process";

const ADMIN = { email: "admin@lifecycle.test", password: "first-password" };

interface Running {
  child: ChildProcess;
  baseUrl: string;
  /** Every line the process printed so far, stdout and stderr. */
  lines: () => string[];
}

/** Starts the product the way `npm start` does, on a port the system picks, and waits for its log line. */
const startProduct = async (dataDir: string, adminPassword: string): Promise<Running> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: adminPassword,
    JWT_SECRET: "lifecycle-secret-lifecycle-secret",
    WEB_DIST: "/nonexistent",
    LOG_LEVEL: "info",
  };
  // The embedded default is what this test is about, whatever the shell running the tests points at.
  delete env.DATABASE_URL;
  const { child, output } = spawnProduct(env);
  const lines = () => output().split("\n").filter(Boolean);
  // A first start initialises the embedded cluster (WebAssembly): beside the browser journeys it has taken over 90 s.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const listening = /listening on (http:\/\/[\d.]+:\d+)/.exec(output());
    if (listening?.[1]) return { child, baseUrl: listening[1], lines };
    if (child.exitCode !== null) throw new Error(`The product exited at start:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The product did not start in time:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Sends `signal` and resolves to the exit code and how long the process took to exit. */
const stopWith = (running: Running, signal: NodeJS.Signals) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => {
    const sent = Date.now();
    running.child.once("exit", (code, exitSignal) => resolve({ code, signal: exitSignal, ms: Date.now() - sent }));
    running.child.kill(signal);
  });

/** Anyone sees UP or DOWN; an administrator's token (`token`) also the database and the projectors. */
const health = async (baseUrl: string, token?: string) => {
  const response = await fetch(`${baseUrl}/management/health`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      status: string;
      components: {
        db: { status: string; driver: string };
        projections: { details: { name: string; state: string; lag: number; position: unknown }[] };
      };
    },
  };
};

const authenticate = (baseUrl: string, password: string) =>
  fetch(`${baseUrl}/api/authenticate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN.email, password, rememberMe: false }),
  });

const signIn = async (baseUrl: string, password: string) => (await authenticate(baseUrl, password)).status;

/** Projectors caught up: every one running with nothing left to read. */
const caughtUp = async (baseUrl: string, token: string) => {
  const { body } = await health(baseUrl, token);
  const details = body.components.projections.details;
  return details.length > 0 && details.every((detail) => detail.state === "running" && detail.lag === 0)
    ? Object.fromEntries(details.map((detail) => [detail.name, detail.position]))
    : undefined;
};

describe("the product's process", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "el-lifecycle-"));
  const started: Running[] = [];
  afterAll(() => {
    for (const running of started) if (running.child.exitCode === null) running.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("logs where it listens and which database, stops cleanly on SIGTERM and SIGINT, and keeps its data", async () => {
    const first = await startProduct(dataDir, ADMIN.password);
    started.push(first);
    const announced = first.lines().filter((line) => line.includes("listening on"));
    expect(announced).toHaveLength(1);
    expect(announced[0]).toContain(`English Lessons listening on ${first.baseUrl} using PGlite in ${dataDir}`);

    const anonymous = await health(first.baseUrl);
    expect(anonymous).toEqual({ status: 200, body: { status: "UP" } });
    const signedIn = await authenticate(first.baseUrl, ADMIN.password);
    expect(signedIn.status).toBe(200);
    const token = ((await signedIn.json()) as { id_token: string }).id_token;
    const before = await health(first.baseUrl, token);
    expect(before.body).toMatchObject({ status: "UP", components: { db: { status: "UP", driver: "pglite" } } });
    let positions: Record<string, unknown> | undefined;
    await expect
      .poll(
        async () => {
          positions = await caughtUp(first.baseUrl, token);
          return positions !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    const terminated = await stopWith(first, "SIGTERM");
    expect(terminated).toMatchObject({ code: 0, signal: null });
    expect(terminated.ms).toBeLessThan(10_000);

    // Started again with another password for the first administrator: had the data been lost, the seed
    // would create the administrator anew with it. The account from the first run must be the one there.
    const second = await startProduct(dataDir, "another-password");
    started.push(second);
    expect(second.lines().filter((line) => line.includes("listening on"))).toHaveLength(1);
    // Before anything new is written: the projectors stand where they stood, the restart appended nothing.
    await expect.poll(() => caughtUp(second.baseUrl, token), { timeout: 20_000 }).toEqual(positions);
    expect(await signIn(second.baseUrl, ADMIN.password)).toBe(200);
    expect(await signIn(second.baseUrl, "another-password")).toBe(401);

    const interrupted = await stopWith(second, "SIGINT");
    expect(interrupted).toMatchObject({ code: 0, signal: null });
    expect(interrupted.ms).toBeLessThan(10_000);
  }, 420_000); // two starts, each allowed three minutes
});
