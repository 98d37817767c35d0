import { randomUUID } from "node:crypto";
import net from "node:net";
import { MESSAGE_RATE_MAX } from "@el/domain/messages/message-contracts";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTestDatabaseUrl } from "../../../test/databases";
import { givenConversation, sendMessage } from "./message-fixtures";

/** The Redis the specs use (`REDIS_TEST_URL`, by default the one on this machine). */
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

const keysOf = async (prefix: string) => {
  const redis = new Redis(REDIS_URL);
  try {
    return await redis.keys(`${prefix}:*`);
  } finally {
    redis.disconnect();
  }
};

const removeKeys = async (prefix: string) => {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
};

/** A local address nothing listens on: a Redis that is away. */
const closedPort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
};

/**
 * The per-sender message limit with `REDIS_URL`: two instances on one PostgreSQL and one Redis count a sender's
 * messages together, so the sender gets the allowance once, not once per instance.
 */
describe("the message rate limit shared by two instances through Redis", () => {
  const prefix = `el-test-${randomUUID()}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const env = { REDIS_URL, REDIS_PREFIX: prefix, MESSAGE_DIGEST_INTERVAL_MS: "3600000" };
    a = await createTestApp({ databaseUrl, env });
    b = await createTestApp({ databaseUrl, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await removeKeys(prefix);
  });

  it(`refuses (429) the sender's message after ${MESSAGE_RATE_MAX} sent through A and B in turn, on either instance`, async () => {
    const { student, teacher, id } = await givenConversation(a.app);
    for (let index = 0; index < MESSAGE_RATE_MAX; index++) {
      const instance = index % 2 === 0 ? a : b;
      expect((await sendMessage(instance.app, student, id, `m${index}`)).statusCode).toBe(201);
    }
    for (const instance of [a, b]) {
      const refused = await sendMessage(instance.app, student, id, "one too many");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The count is the sender's, kept under this deployment's prefix: the other party still writes.
    expect((await sendMessage(b.app, teacher, id, "Calma!")).statusCode).toBe(201);
    expect((await keysOf(prefix)).filter((key) => key.startsWith(`${prefix}:message-rate:`))).toHaveLength(2);
  });
});

describe("the message rate limit with its Redis away", () => {
  let test: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: await closedPort(), REDIS_PREFIX: `el-test-${randomUUID()}` };
    test = await createTestApp({ env: { ...env, MESSAGE_DIGEST_INTERVAL_MS: "3600000" } });
  });
  afterAll(() => test?.close());

  it("lets messages through uncounted rather than refusing them", async () => {
    const { student, id } = await givenConversation(test.app);
    expect((await sendMessage(test.app, student, id, "Oi?")).statusCode).toBe(201);
  });
});
