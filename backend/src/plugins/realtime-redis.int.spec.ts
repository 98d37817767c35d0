import { randomUUID } from "node:crypto";
import net from "node:net";
import { userRoom } from "@el/domain/realtime";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabaseUrl } from "../../test/databases";
import { givenStudent } from "../../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen } from "../../test/sockets";

/** The Redis the specs use (`REDIS_TEST_URL`, by default the one on this machine). */
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

/** Each spec's own stream and keys, removed afterwards. */
const removeKeys = async (prefix: string) => {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
};

/** A TCP relay to Redis that a spec cuts (every connection dropped, new ones refused) and opens again. */
const relayToRedis = async () => {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on("error", () => {});
      end.on("close", () => {
        sockets.delete(end);
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    open: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** The socket.io adapter's Redis connection as an administrator's health details show it. */
const redisHealth = async (app: FastifyInstance) => {
  const response = await app.inject({
    method: "GET",
    url: "/management/health",
    headers: bearer(await adminToken(app)),
  });
  const connections = (response.json() as { components: { db: { connections?: { name: string; status: string }[] } } })
    .components.db.connections;
  return connections?.find((connection) => connection.name === "socket.io adapter redis")?.status;
};

const at = new Date().toISOString();
const message = (userId: number, id: number) => [
  {
    room: userRoom(userId),
    event: "message:new",
    payload: { conversationId: 1, message: { id, text: "Oi", sentAt: at, from: 7 } },
  },
];

/**
 * Pushes emitted by one instance reach the sockets of another through Redis, in the order they were emitted,
 * with nothing sent through PostgreSQL; an instance whose Redis connection is cut keeps serving its own sockets
 * and hears the others again once it is back.
 */
describe("pushes shared between two instances through Redis", () => {
  const prefix = `el-test-${randomUUID()}`;
  const warnings: string[] = [];
  let relay: Awaited<ReturnType<typeof relayToRedis>>;
  let listener: pg.Client;
  const notified: string[] = [];
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    relay = await relayToRedis();
    const databaseUrl = await createTestDatabaseUrl();
    listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    listener.on("notification", (notification) => notified.push(notification.channel));
    await listener.query('LISTEN el_pushes; LISTEN "socket.io#/"');
    a = await createTestApp({ databaseUrl, env: { REDIS_URL, REDIS_PREFIX: prefix } });
    // B reaches Redis through the relay, which the last spec cuts.
    b = await createTestApp({
      databaseUrl,
      env: { REDIS_URL: relay.url, REDIS_PREFIX: prefix },
      logger: { level: "warn", stream: { write: (line: string) => warnings.push(line) } },
    });
    await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    disconnectAll();
    await a?.close();
    await b?.close();
    await relay?.close();
    await listener?.end();
    await removeKeys(prefix);
  });

  /** A socket on B for a new student, and every `message:new` id it hears after B first heard one from A. */
  const listenOnB = async () => {
    const { id: userId, token } = await givenStudent(a.app);
    const socket = connect(urlB, token);
    await connected(socket);
    const heard: number[] = [];
    let known = false;
    socket.on("message:new", (push: { message: { id: number } }) => {
      if (push.message.id === 0) known = true;
      else heard.push(push.message.id);
    });
    // Until B's reader is at the stream's end, A's pushes pass it by.
    const deadline = Date.now() + 10_000;
    while (!known && Date.now() < deadline) {
      a.app.pushes.emit("push", message(userId, 0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(known).toBe(true);
    return { userId, heard };
  };

  it("reach a socket on the other instance in the order they were emitted, none through PostgreSQL", async () => {
    const { userId, heard } = await listenOnB();
    const count = 300;
    // As the projectors hand over commits under load: one after another, without waiting for the previous one.
    for (let id = 1; id <= count; id++) a.app.pushes.emit("push", message(userId, id));
    await vi.waitFor(() => expect(heard).toHaveLength(count), { timeout: 10_000 });
    expect(heard).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    expect(notified).toEqual([]);
    expect(await redisHealth(a.app)).toBe("UP");
    expect(await redisHealth(b.app)).toBe("UP");
  });

  it("while an instance's Redis is away it still serves its own sockets, says so, and hears the others once it is back", async () => {
    const { userId, heard } = await listenOnB();
    await relay.cut();
    await vi.waitFor(async () => expect(await redisHealth(b.app)).toBe("DOWN"), { timeout: 5_000 });
    expect(warnings.join("")).toContain("socket.io adapter's Redis connection lost");

    b.app.pushes.emit("push", message(userId, 1));
    await vi.waitFor(() => expect(heard).toEqual([1]), { timeout: 2_000 });

    await relay.open();
    await vi.waitFor(async () => expect(await redisHealth(b.app)).toBe("UP"), { timeout: 10_000 });
    // The reader resumes where it left the stream: what A emits now reaches B.
    await vi.waitFor(
      async () => {
        a.app.pushes.emit("push", message(userId, 2));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toContain(2);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});

describe("an instance whose Redis cannot be reached when it starts", () => {
  const prefix = `el-test-${randomUUID()}`;
  const warnings: string[] = [];
  let app: TestApp | undefined;
  afterAll(async () => {
    disconnectAll();
    await app?.close();
    await removeKeys(prefix);
  });

  it("starts, serves its own sockets, and shows the adapter DOWN and why", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const started = await createTestApp({
      databaseUrl: await createTestDatabaseUrl(),
      env: { REDIS_URL: `redis://127.0.0.1:${closedPort}`, REDIS_PREFIX: prefix },
      logger: { level: "warn", stream: { write: (line: string) => warnings.push(line) } },
    });
    app = started;

    const url = await listen(started.app);
    const { id: userId, token } = await givenStudent(started.app);
    const socket = connect(url, token);
    await connected(socket);
    const heard = new Promise<number>((resolve) =>
      socket.on("message:new", (push: { message: { id: number } }) => resolve(push.message.id)),
    );
    started.app.pushes.emit("push", message(userId, 1));
    expect(await heard).toBe(1);
    expect(await redisHealth(started.app)).toBe("DOWN");

    expect(warnings.join("")).toContain("socket.io adapter cannot reach Redis");
  });
});
