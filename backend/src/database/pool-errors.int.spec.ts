import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl } from "../../test/databases";
import { createPgDatabase } from "./pg-database";

/**
 * PostgreSQL ending a session (a restart's `pg_ctl restart -m fast`, a failover) sends "terminating connection
 * due to administrator command" at once, often in the same packet as the answer the session was sending. The
 * pool hands the session's client to the next caller while it reads that answer, before the next message: an
 * error listener attached a microtask later missed it, and an 'error' nobody listens to stops the process.
 */

/** PostgreSQL's ErrorResponse for a terminated session (FATAL 57P01). */
const terminated = () => {
  const fields = Buffer.from(
    "SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0",
    "latin1",
  );
  const header = Buffer.alloc(5);
  header.write("E", 0, "latin1");
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
};

/** A server's chunk that ends with ReadyForQuery ('Z', length 5, status): an answer just completed. */
const endsAnAnswer = (chunk: Buffer) =>
  chunk.length >= 6 && chunk[chunk.length - 6] === 0x5a && chunk.readInt32BE(chunk.length - 5) === 5;

/**
 * A TCP relay to PostgreSQL that, once armed, appends the termination to the next chunk that completes an
 * answer, in the same write, and then closes that session.
 */
const terminatingRelay = async (target: URL) => {
  let armed = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client).add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", cut).on("close", cut);
    upstream.on("error", cut).on("close", cut);
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      if (armed && endsAnAnswer(chunk)) {
        armed = false;
        client.end(Buffer.concat([chunk, terminated()]));
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm: () => {
      armed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

describe("a session the server ends right after an answer, on PostgreSQL", () => {
  let relay: Awaited<ReturnType<typeof terminatingRelay>>;
  let url: string;

  beforeAll(async () => {
    const target = new URL(await createTestDatabaseUrl());
    relay = await terminatingRelay(target);
    const relayed = new URL(target);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(relay.port);
    url = relayed.toString();
  });

  afterAll(async () => {
    await relay?.close();
  });

  it("is the transaction's lost session, tried again on a new one, and stops nothing", async () => {
    // One session in the pool: the transaction waits for the one the query is answering on.
    const db = createPgDatabase(url, { max: 1 });
    try {
      await db.query("select 1");
      relay.arm();
      const [answer, inTransaction] = await Promise.all([
        db.query<{ one: number }>("select 1 as one"),
        db.transaction(async (tx) => (await tx.query<{ two: number }>("select 2 as two")).rows[0]?.two),
      ]);
      expect(answer.rows[0]?.one).toBe(1);
      expect(inTransaction).toBe(2);
      const pool = db.connections?.().find((connection) => connection.name === "pool");
      expect(pool?.lost).toBe(1);
      expect(pool?.lastError).toContain("terminating connection due to administrator command");
    } finally {
      await db.close();
    }
  });
});
