import { parseServerPush, type ServerToClientEventName, type ServerToClientPayload } from "@el/domain/realtime";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentForm, teacherForm } from "../test/accounts-fixtures";
import { createTestDatabaseUrl } from "../test/databases";
import { saoPauloTime } from "../test/lesson-fixtures";
import { freePort, type ProductProcess, spawnProduct } from "../test/product-process";

const ADMIN = { email: "admin@englishlessons.test", password: "admin-password-two" };

interface Instance {
  url: string;
  process: ProductProcess;
}

/** One backend process as the deployment runs it, on the shared PostgreSQL database. */
const startInstance = async (databaseUrl: string): Promise<Instance> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const product = spawnProduct({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "two-instances-secret-two-instances",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    BASE_URL: url,
    WEB_DIST: "/nonexistent",
    LOG_LEVEL: "warn",
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (product.child.exitCode !== null) throw new Error(`an instance exited at start:\n${product.output()}`);
    const ready = await fetch(`${url}/management/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, process: product };
    if (Date.now() > deadline) throw new Error(`an instance did not start in time:\n${product.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const call = async <T>(instance: Instance, method: string, path: string, body?: unknown, token?: string) => {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

const signIn = async (instance: Instance, username: string, password: string) => {
  const answer = await call<{ id_token: string }>(instance, "POST", "/api/authenticate", {
    username,
    password,
    rememberMe: false,
  });
  expect(answer.status).toBe(200);
  return answer.body.id_token;
};

const sockets: Socket[] = [];
const connect = async (instance: Instance, token: string) => {
  const socket: Socket = io(instance.url, { auth: { token }, transports: ["websocket"], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
};

const next = <Name extends ServerToClientEventName>(
  socket: Socket,
  name: Name,
  matches: (payload: ServerToClientPayload<Name>) => boolean,
) =>
  new Promise<ServerToClientPayload<Name>>((resolve, reject) => {
    // Generous: in CI this file shares two cores with another test file and two product processes.
    const timer = setTimeout(() => reject(new Error(`no ${name} within 30 s`)), 30_000);
    const listener = (raw: unknown) => {
      const payload = parseServerPush(name, raw);
      if (!payload || !matches(payload)) return;
      clearTimeout(timer);
      socket.off(name as string, listener);
      resolve(payload);
    };
    socket.on(name as string, listener);
  });

/**
 * The production topology as processes: two backends and one PostgreSQL, as docker-compose.yml runs them
 * behind their proxy. The lesson journey is split across them: what one instance stores, the other answers
 * and pushes.
 */
describe("two backend instances on one PostgreSQL", () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    [a, b] = await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const instance of [a, b]) {
      if (!instance || instance.process.child.exitCode !== null) continue;
      instance.process.child.kill("SIGTERM");
      await new Promise((resolve) => instance.process.child.once("exit", resolve));
    }
  });

  it("a student schedules on one, a teacher on the other sees it live and claims it, and the student hears it", async () => {
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const student = studentForm();
    expect((await call(a, "POST", "/api/register", student)).status).toBe(201);
    expect((await call(b, "POST", `/api/users/${student.email}/credits`, { amount: 2 }, admin)).status).toBe(200);
    const teacher = teacherForm();
    expect((await call(b, "POST", "/api/register", teacher)).status).toBe(201);
    const applied = await call<{ id: number }>(a, "GET", `/api/users/${teacher.email}`, undefined, admin);
    expect((await call(a, "PUT", "/api/users", { id: applied.body.id, activated: true }, admin)).status).toBe(200);

    const studentToken = await signIn(b, student.email, student.password);
    const teacherToken = await signIn(a, teacher.email, teacher.password);
    const studentSocket = await connect(a, studentToken);
    const teacherSocket = await connect(b, teacherToken);

    const trails = await call<{ id: number; level: { id: number } }[]>(
      a,
      "GET",
      "/api/trails?materials=false",
      undefined,
      studentToken,
    );
    const trail = trails.body.find((candidate) => candidate.level.id === 1);
    const pending = next(teacherSocket, "lesson:pending", () => true);
    const scheduled = await call<{ id: number }>(
      a,
      "POST",
      "/api/schedulings",
      { trail: { id: trail?.id }, date: saoPauloTime(2, 15), objective: "TRAVEL" },
      studentToken,
    );
    expect(scheduled.status).toBe(201);
    expect((await pending).lesson.id).toBe(scheduled.body.id);

    const accepted = next(studentSocket, "lesson:accepted", (payload) => payload.lessonId === scheduled.body.id);
    const claimed = await call(b, "POST", "/api/lessons", { schedulingId: scheduled.body.id }, teacherToken);
    expect(claimed.status).toBe(201);
    expect((await accepted).teacher.name).toContain(teacher.firstName);

    // What B stored, A answers at once.
    const mine = await call<{ id: number; lesson: unknown }[]>(
      a,
      "GET",
      "/api/schedulings/authenticatedUser",
      undefined,
      studentToken,
    );
    expect(mine.body.find((scheduling) => scheduling.id === scheduled.body.id)?.lesson).not.toBeNull();
    const account = await call<{ balance: number }>(b, "GET", "/api/account", undefined, studentToken);
    expect(account.body.balance).toBe(1);
    expect(a.process.child.exitCode).toBeNull();
    expect(b.process.child.exitCode).toBeNull();
  });
});
