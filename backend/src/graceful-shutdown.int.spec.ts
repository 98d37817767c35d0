import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken } from "../test/accounts-fixtures";
import { createTestApp } from "../test/app";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../test/lesson-fixtures";
import { createMigratedTestDatabaseUrl } from "../test/migrated-databases";
import { freePort, type ProductProcess, spawnProduct } from "../test/product-process";
import { type RetryingProxy, startRetryingProxy } from "../test/retrying-proxy";
import { connect, disconnectAll } from "../test/sockets";

/**
 * Stopping an instance on SIGTERM while it is busy, on PostgreSQL, as the product runs (`npm start`'s process):
 * readiness DOWN first, the requests in flight finished, new ones refused with a 503 that says when to retry (or
 * the connection refused once it no longer listens), its sockets sent to reconnect, exit 0 within 10 s, and its
 * projectors taken over by the other instance. Then a rolling restart of two instances behind a proxy that sends a
 * refused request to the other instance, under steady load: no request a client sent as the docs say is lost, none
 * is done twice.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SECRET = "test-secret-test-secret-test-secret";
/** How long after SIGTERM readiness is DOWN while requests are still served. */
const DRAIN_MS = 1500;

interface Instance {
  name: string;
  port: number;
  url: string;
  process: ProductProcess;
}

interface Outcome {
  status: number | "refused" | "reset";
  at: number;
  ms: number;
  retryAfter?: string;
  id?: number;
  body?: string;
}

describe("stopping an instance on SIGTERM under load, and a rolling restart behind a proxy", () => {
  let databaseUrl: string;
  let students: Person[];
  let teacher: Person;
  let admin: { authorization: string };
  let trailId: number;
  const instances: Instance[] = [];
  let proxy: RetryingProxy | undefined;
  const slots = new Map<number, number>();

  const start = async (name: string, port: number): Promise<Instance> => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET: SECRET,
      WEB_DIST: "/nonexistent",
      ADMIN_EMAIL: "admin@englishlessons.test",
      ADMIN_PASSWORD: "admin-password",
      LOG_LEVEL: "info",
      LOG_REQUESTS: "false",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    const product = spawnProduct(env);
    const deadline = Date.now() + 120_000;
    while (!/listening on http/.test(product.output())) {
      if (product.child.exitCode !== null) throw new Error(`${name} exited at start:\n${product.output()}`);
      if (Date.now() > deadline) {
        product.child.kill("SIGKILL");
        throw new Error(`${name} did not start in time:\n${product.output()}`);
      }
      await sleep(100);
    }
    const instance = { name, port, url: `http://127.0.0.1:${port}`, process: product };
    instances.push(instance);
    return instance;
  };

  /** Sends SIGTERM; resolves to the exit code and how long it took. */
  const terminate = (instance: Instance) =>
    new Promise<{ code: number | null; ms: number }>((resolve) => {
      const sent = Date.now();
      instance.process.child.once("exit", (code) => resolve({ code, ms: Date.now() - sent }));
      instance.process.child.kill("SIGTERM");
    });

  beforeAll(async () => {
    databaseUrl = await createMigratedTestDatabaseUrl();
    // The people come from an app of the test's own on the same database, closed before the products start.
    const fixtures = await createTestApp({ databaseUrl, env: { JWT_SECRET: SECRET } });
    try {
      trailId = (await aTrail(fixtures.app)).id;
      teacher = await givenTeacher(fixtures.app);
      students = await Promise.all([1, 2, 3, 4].map(() => givenStudent(fixtures.app, { credits: 1000 })));
      admin = { authorization: `Bearer ${await adminToken(fixtures.app)}` };
    } finally {
      await fixtures.close();
    }
  }, 120_000);

  afterAll(async () => {
    disconnectAll();
    await proxy?.close();
    for (const instance of instances)
      if (instance.process.child.exitCode === null) instance.process.child.kill("SIGKILL");
  });

  /** A scheduling sent once to `url`, with an Idempotency-Key; a refused connection is an outcome too. */
  const scheduleOnce = async (url: string, student: Person, key: string, date: string): Promise<Outcome> => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/schedulings`, {
        method: "POST",
        headers: { ...student.auth, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ trail: { id: trailId }, date, objective: "TRAVEL" }),
      });
      const text = await response.text();
      const retryAfter = response.headers.get("retry-after");
      return {
        status: response.status,
        at: Date.now(),
        ms: performance.now() - started,
        ...(retryAfter === null ? {} : { retryAfter }),
        ...(response.status === 201 ? { id: (JSON.parse(text) as { id: number }).id } : { body: text }),
      };
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      return { status: code === "ECONNREFUSED" ? "refused" : "reset", at: Date.now(), ms: performance.now() - started };
    }
  };

  /** The student's next free hour: each scheduling its own, so none is refused for the student's agenda. */
  const nextDate = (student: Person) => {
    const index = slots.get(student.id) ?? 0;
    slots.set(student.id, index + 1);
    return saoPauloTime(2 + Math.floor(index / 12), 8 + (index % 12));
  };

  const readiness = async (url: string) => {
    try {
      return (await fetch(`${url}/management/health/readiness`)).status;
    } catch {
      return "refused" as const;
    }
  };

  const scheduledInStore = async () => {
    const client = new pg.Client(databaseUrl);
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        "select (data->>'id')::int as id from es_events where type = 'LessonScheduled'",
      );
      return rows.map((row) => row.id);
    } finally {
      await client.end();
    }
  };

  const projectorsOf = async (instance: Instance) => {
    const response = await fetch(`${instance.url}/management/health`, { headers: admin });
    const health = (await response.json()) as { components?: { projections: { details: { state: string }[] } } };
    return health.components?.projections.details.map((projector) => projector.state) ?? [];
  };

  it("finishes what is in flight, refuses the rest retryably, exits 0 within 10 s, and the other takes over", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    // Started side by side, as an orchestrator scales out: each start is mostly loading the code.
    const [a, b] = await Promise.all([start("a", portA), start("b", portB)]);
    // The teacher's socket on the instance that stops: it is told to go (closed, not disconnected for good).
    const socket: Socket = connect(a.url, teacher.token, false);
    const socketClosed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));

    const outcomes: Outcome[] = [];
    let running = true;
    const clients = students.map(async (student) => {
      while (running) {
        outcomes.push(await scheduleOnce(a.url, student, randomUUID(), nextDate(student)));
        await sleep(10);
      }
    });
    await sleep(1500);
    const sigterm = Date.now();
    const exited = terminate(a);
    let readinessDownAt: number | undefined;
    while (readinessDownAt === undefined && Date.now() - sigterm < 10_000) {
      const status = await readiness(a.url);
      if (status === 503) readinessDownAt = Date.now();
      else if (status === "refused") break;
      else await sleep(20);
    }
    const { code, ms } = await exited;
    running = false;
    await Promise.all(clients);

    expect({ code, underTenSeconds: ms < 10_000 }).toEqual({ code: 0, underTenSeconds: true });
    expect(await socketClosed, "a closed transport, after which a client reconnects").toBe("transport close");
    expect(readinessDownAt, "readiness answered 503 DOWN before it stopped listening").toBeDefined();
    const afterSignal = outcomes.filter((outcome) => outcome.at >= sigterm);
    const refusals = afterSignal.filter((outcome) => outcome.status !== 201);
    expect(refusals.length, "requests were still coming when it stopped").toBeGreaterThan(0);
    // Readiness went DOWN while it still served: nothing was refused in the drain window after the signal (a
    // busy process only starts it later). Each refusal was quick and says it may be sent again.
    const firstRefusalSent = Math.min(...refusals.map((outcome) => outcome.at - outcome.ms));
    expect(firstRefusalSent - sigterm).toBeGreaterThanOrEqual(DRAIN_MS * 0.9);
    for (const outcome of outcomes) {
      if (outcome.status === 201) continue;
      // A connection reset before any answer: a request written on a connection as the server closed it. It did
      // nothing (the store holds exactly the 201s, below), and a client sends it again with its key.
      expect(["refused", "reset", 503], JSON.stringify(outcome)).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome).toHaveProperty("retryAfter", "1");
      expect(outcome.ms, "refused at once").toBeLessThan(5_000);
    }
    // What was answered 201 is stored, once; what was refused is not.
    const acknowledged = outcomes.flatMap((outcome) => (outcome.id === undefined ? [] : [outcome.id]));
    expect((await scheduledInStore()).sort()).toEqual(acknowledged.sort());

    // The projectors' locks were handed over: the other instance runs every one of them.
    await expect
      .poll(async () => (await projectorsOf(b)).filter((state) => state !== "running"), { timeout: 30_000 })
      .toEqual([]);
    expect((await projectorsOf(b)).length).toBeGreaterThan(0);
    const student = students[0] as Person;
    const after = await scheduleOnce(b.url, student, randomUUID(), nextDate(student));
    expect(after.status).toBe(201);
    const readBack = await fetch(`${b.url}/api/schedulings/${after.id}`, { headers: student.auth });
    expect(readBack.status).toBe(200);
  }, 240_000);

  it("loses and doubles no request through a rolling restart of two instances behind a retrying proxy", async () => {
    const running = instances.filter((instance) => instance.process.child.exitCode === null);
    const a = await start("c", await freePort());
    const b = running[0] ?? (await start("d", await freePort()));
    proxy = await startRetryingProxy([a.port, b.port]);
    const before = new Set(await scheduledInStore());
    const socket: Socket = connect(proxy.url, teacher.token, true);
    let connections = 0;
    socket.on("connect", () => connections++);
    const heard: number[] = [];
    socket.on("lesson:pending", ({ lesson }: { lesson: { id: number } }) => heard.push(lesson.id));
    await expect.poll(() => connections, { timeout: 10_000 }).toBe(1);

    const answers: Outcome[] = [];
    const lost: string[] = [];
    let sending = true;
    const url = proxy.url;
    // Clients as the docs ask: the same Idempotency-Key until an answer other than 503, after its Retry-After.
    const clients = students.map(async (student) => {
      while (sending) {
        const key = randomUUID();
        const date = nextDate(student);
        const giveUpAt = Date.now() + 60_000;
        for (;;) {
          const outcome = await scheduleOnce(url, student, key, date);
          answers.push(outcome);
          if (outcome.status === 201) break;
          if (outcome.status !== 503 || Date.now() > giveUpAt) {
            lost.push(JSON.stringify(outcome));
            break;
          }
          await sleep(Number(outcome.retryAfter ?? 1) * 1000);
        }
        await sleep(20);
      }
    });

    await sleep(1500);
    for (const [index, instance] of [a, b].entries()) {
      const stopped = await terminate(instance);
      expect({ code: stopped.code, underTenSeconds: stopped.ms < 10_000 }).toEqual({ code: 0, underTenSeconds: true });
      const replacement = await start(`${instance.name}-${index}`, instance.port);
      await expect.poll(() => readiness(replacement.url), { timeout: 30_000 }).toBe(200);
    }
    await sleep(1500);
    sending = false;
    await Promise.all(clients);

    expect(lost).toEqual([]);
    for (const answer of answers) {
      if (answer.status !== 201) expect(answer).toMatchObject({ status: 503, retryAfter: "1" });
    }
    const acknowledged = answers.flatMap((answer) => (answer.id === undefined ? [] : [answer.id]));
    expect(new Set(acknowledged).size).toBeGreaterThan(10);
    const stored = (await scheduledInStore()).filter((id) => !before.has(id));
    // Every acknowledged scheduling is stored once; a retry answered 201 again names the same one.
    expect(stored.sort()).toEqual([...new Set(acknowledged)].sort());
    expect(stored.length).toBe(new Set(stored).size);

    // The teacher's socket came back by itself, through the proxy, and hears new lessons.
    await expect.poll(() => connections, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const student = students[1] as Person;
    const last = await scheduleOnce(url, student, randomUUID(), nextDate(student));
    expect(last.status).toBe(201);
    await expect.poll(() => heard.includes(last.id ?? -1), { timeout: 15_000 }).toBe(true);
  }, 300_000);
});
