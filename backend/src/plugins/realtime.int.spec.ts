import type { ServerToClientEventName, ServerToClientEvents, ServerToClientPayload } from "@el/domain/realtime";
import { parseServerPush } from "@el/domain/realtime";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabaseUrl } from "../../test/databases";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../../test/lesson-fixtures";

const sockets: Socket[] = [];

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
};

const connect = (url: string, token?: string, reconnection = false) => {
  const socket: Socket<ServerToClientEvents> = io(url, {
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection,
    reconnectionDelay: 300,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
};

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

/** The next `name` message that passes the shared schema and `matches`. */
const next = <Name extends ServerToClientEventName>(
  socket: Socket,
  name: Name,
  matches: (payload: ServerToClientPayload<Name>) => boolean = () => true,
) =>
  new Promise<ServerToClientPayload<Name>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 5 s`)), 5000);
    const listener = (raw: unknown) => {
      const payload = parseServerPush(name, raw);
      if (!payload || !matches(payload)) return;
      clearTimeout(timer);
      socket.off(name as string, listener);
      resolve(payload);
    };
    socket.on(name as string, listener);
  });

afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

const schedule = (app: FastifyInstance, student: Person, trailId: number, date: string) =>
  app.inject({
    method: "POST",
    url: "/api/schedulings",
    headers: student.auth,
    payload: { trail: { id: trailId }, date, objective: "TRAVEL" },
  });

describe("the socket.io gateway", () => {
  let test: TestApp;
  let url: string;
  let trailId: number;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pglite" });
    url = await listen(test.app);
    trailId = (await aTrail(test.app)).id;
  });
  afterAll(() => test.close());

  it("refuses a socket without a token, or with a forged one", async () => {
    await expect(connected(connect(url))).rejects.toThrow("error.http.401");
    await expect(connected(connect(url, "not-a-jwt"))).rejects.toThrow("error.http.401");
  });

  it("tells teachers of a new lesson once it is on their board", async () => {
    const teacher = await givenTeacher(test.app);
    const student = await givenStudent(test.app, { credits: 1, firstName: "Joana" });
    const socket = connect(url, teacher.token);
    await connected(socket);

    // Read the board the moment the push arrives, not after the HTTP answer: it must already list the lesson.
    const onBoardAtPush = next(socket, "lesson:pending").then(async ({ lesson }) => {
      const { rows } = await test.db.query("select status from lesson_schedulings where id = $1", [lesson.id]);
      return { lesson, rows };
    });
    const { id } = (await schedule(test.app, student, trailId, saoPauloTime(3, 8))).json();
    const { lesson, rows } = await onBoardAtPush;
    expect(lesson).toMatchObject({ id, student: { firstName: "Joana" }, level: { id: 1 }, trail: { id: trailId } });
    expect(rows).toEqual([{ status: "pending" }]);
  });

  it("tells the student their lesson was accepted, with the teacher's name and the video link, and the new balance", async () => {
    const [teacher, other] = [await givenTeacher(test.app, { firstName: "Rafael" }), await givenTeacher(test.app)];
    const student = await givenStudent(test.app, { credits: 2 });
    const studentSocket = connect(url, student.token);
    const otherSocket = connect(url, other.token);
    await Promise.all([connected(studentSocket), connected(otherSocket)]);

    const balance = next(studentSocket, "balance:changed");
    const { id } = (await schedule(test.app, student, trailId, saoPauloTime(3, 20))).json();
    expect(await balance).toEqual({ balance: 1, trialCredits: 0 });

    const accepted = next(studentSocket, "lesson:accepted", (p) => p.lessonId === id);
    const claimed = next(otherSocket, "lesson:claimed", (p) => p.lessonId === id);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: teacher.auth,
      payload: { schedulingId: id },
    });
    expect(await accepted).toEqual({
      lessonId: id,
      date: new Date(saoPauloTime(3, 20)).toISOString(),
      teacher: { id: teacher.id, name: "Rafael Lima" },
      meetUrl: response.json().meetUrl,
    });
    expect(await claimed).toEqual({ lessonId: id, teacherId: teacher.id });
  });

  it("gives a client that dropped for a moment what it missed (connection-state recovery)", async () => {
    const student = await givenStudent(test.app, { credits: 3 });
    const socket = connect(url, student.token, true);
    await connected(socket);
    const first = next(socket, "balance:changed");
    await schedule(test.app, student, trailId, saoPauloTime(5, 8));
    expect(await first).toEqual({ balance: 2, trialCredits: 0 });

    const dropped = new Promise((resolve) => socket.once("disconnect", resolve));
    socket.io.engine.close();
    await dropped;
    // Scheduled while the student's socket is down.
    await schedule(test.app, student, trailId, saoPauloTime(5, 9));
    const missed = next(socket, "balance:changed");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    expect(socket.recovered).toBe(true);
    expect(await missed).toEqual({ balance: 1, trialCredits: 0 });
  });

  it("sends a student's messages to that student only", async () => {
    const [ana, bia] = [await givenStudent(test.app, { credits: 1 }), await givenStudent(test.app, { credits: 1 })];
    const biaSocket = connect(url, bia.token);
    await connected(biaSocket);
    const received: unknown[] = [];
    biaSocket.on("balance:changed", (payload) => received.push(payload));
    const own = next(biaSocket, "balance:changed");
    await schedule(test.app, ana, trailId, saoPauloTime(4, 8));
    await schedule(test.app, bia, trailId, saoPauloTime(4, 8));
    await own;
    expect(received).toEqual([{ balance: 0, trialCredits: 0 }]);
  });
});

/** Broadcasts the socket.io adapter sends through PostgreSQL (`MessageType.BROADCAST`), as any session hears them. */
/**
 * What goes through PostgreSQL to other instances: each message (the adapter's broadcasts, the shared
 * pushes of a projection's commit) with the push names it carries.
 */
const adapterBroadcasts = async (databaseUrl: string) => {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const events: string[] = [];
  const messages: { channel: string; events: string[] }[] = [];
  client.on("notification", (message) => {
    const payload = message.payload ?? "";
    if (message.channel === "el_pushes") {
      const pushes = JSON.parse(payload.slice(payload.indexOf(":") + 1)) as { event: string }[];
      messages.push({ channel: message.channel, events: pushes.map((push) => push.event) });
      events.push(...pushes.map((push) => push.event));
      return;
    }
    const sent = JSON.parse(payload || "{}") as { type?: number; data?: { packet?: { data?: unknown[] } } };
    if (sent.type !== 3) return;
    messages.push({ channel: message.channel, events: [String(sent.data?.packet?.data?.[0])] });
    events.push(String(sent.data?.packet?.data?.[0]));
  });
  await client.query(`listen ${pg.escapeIdentifier("socket.io#/")}`);
  await client.query("listen el_pushes");
  return { events, messages, close: () => client.end() };
};

describe("one backend instance on PostgreSQL", () => {
  let test: TestApp;
  let url: string;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabaseUrl();
    test = await createTestApp({ databaseUrl });
    url = await listen(test.app);
  });
  afterAll(() => test.close());

  it("pushes to its own sockets without sending the push through PostgreSQL, with no other instance to hear it", async () => {
    const broadcasts = await adapterBroadcasts(databaseUrl);
    try {
      const trailId = (await aTrail(test.app)).id;
      const student = await givenStudent(test.app, { credits: 1 });
      const socket = connect(url, student.token);
      await connected(socket);
      const balance = next(socket, "balance:changed");
      expect((await schedule(test.app, student, trailId, saoPauloTime(3, 9))).statusCode).toBe(201);
      expect(await balance).toEqual({ balance: 0, trialCredits: 0 });
      // A NOTIFY is committed before the adapter emits here: had there been one, it would have arrived.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(broadcasts.events).toEqual([]);
    } finally {
      await broadcasts.close();
    }
  });
});

describe("two backend instances on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabaseUrl();
    a = await createTestApp({ databaseUrl });
    b = await createTestApp({ databaseUrl });
    await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("a claim on instance A reaches the student connected to instance B", async () => {
    const trailId = (await aTrail(a.app)).id;
    const student = await givenStudent(a.app, { credits: 1 });
    const teacher = await givenTeacher(a.app, { firstName: "Helena" });
    const { id } = (await schedule(a.app, student, trailId, saoPauloTime(3, 11))).json();

    const socket = connect(urlB, student.token);
    await connected(socket);
    const accepted = next(socket, "lesson:accepted", (p) => p.lessonId === id);
    const response = await a.app.inject({
      method: "POST",
      url: "/api/lessons",
      headers: teacher.auth,
      payload: { schedulingId: id },
    });
    expect(response.statusCode).toBe(201);
    expect(await accepted).toMatchObject({ lessonId: id, teacher: { name: "Helena Lima" } });
  });

  it("sends pushes through PostgreSQL once each knows the other", async () => {
    const broadcasts = await adapterBroadcasts(databaseUrl);
    try {
      const trailId = (await aTrail(a.app)).id;
      const student = await givenStudent(a.app, { credits: 1 });
      expect((await schedule(a.app, student, trailId, saoPauloTime(3, 15))).statusCode).toBe(201);
      await expect.poll(() => broadcasts.events, { timeout: 5000 }).toContain("lesson:pending");
      // The scheduling's pushes, from one projection commit, travel together in one message.
      const carrying = broadcasts.messages.find((message) => message.events.includes("lesson:pending"));
      expect(carrying?.channel).toBe("el_pushes");
      expect(carrying?.events).toEqual(expect.arrayContaining(["balance:changed", "lesson:pending"]));
    } finally {
      await broadcasts.close();
    }
  });
});

describe("an instance that starts while another's LISTEN session is lost", () => {
  // No heartbeat during the spec: each instance knows the other only from what it hears as it starts listening.
  const overrides = { clusterHeartbeatMs: 3_600_000 };
  const adapterSessions = `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN "socket.io#/"'`;
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let admin: pg.Client;
  let lostSession: number;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    admin = new pg.Client(databaseUrl);
    await admin.connect();
    a = await createTestApp({ databaseUrl, overrides });
    await listen(a.app);
    await vi.waitFor(async () => expect((await admin.query(adapterSessions)).rowCount).toBe(1), { timeout: 10_000 });
    // A's adapter session, ended by the server: the adapter reopens it one to three seconds later.
    lostSession = (await admin.query<{ pid: number }>(adapterSessions)).rows[0]?.pid ?? 0;
    await admin.query("select pg_terminate_backend($1)", [lostSession]);
    b = await createTestApp({ databaseUrl, overrides });
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    await admin?.end();
    await a?.close();
    await b?.close();
  });

  it("is known to it once that session listens again: a lesson scheduled on A reaches a teacher connected to B", async () => {
    const listening = async () => (await admin.query<{ pid: number }>(adapterSessions)).rows.map((row) => row.pid);
    await expect.poll(listening, { timeout: 10_000 }).toHaveLength(2);
    expect(await listening()).not.toContain(lostSession);
    const trailId = (await aTrail(a.app)).id;
    const student = await givenStudent(a.app, { credits: 1 });
    const teacher = await givenTeacher(a.app, { firstName: "Olga" });
    const socket = connect(urlB, teacher.token);
    await connected(socket);
    // A, started first, runs the projectors and sends their pushes.
    const pending = next(socket, "lesson:pending");
    const scheduled = await schedule(a.app, student, trailId, saoPauloTime(3, 17));
    expect(scheduled.statusCode).toBe(201);
    expect((await pending).lesson.id).toBe(scheduled.json().id);
  });
});
