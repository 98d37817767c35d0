import type { ConnectionHealth } from "@el/projections/sql";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { FastifyInstance } from "fastify";
import { Redis, type RedisOptions } from "ioredis";

/** Redis commands the adapter sends without waiting for their answer: a failure would be an unhandled rejection. */
const UNAWAITED_COMMANDS = ["set", "publish"] as const;

/**
 * socket.io's Redis Streams adapter (`REDIS_URL`): every broadcast is appended to one Redis stream that each
 * instance reads in order, so a push emitted by whichever instance runs the projector reaches the sockets of
 * every other one in the order it was emitted. Nothing of it goes through PostgreSQL. Connection-state recovery
 * works across instances with it: the sessions of dropped clients are kept in Redis, and the pushes they missed
 * are read back from the stream.
 *
 * Redis away, at start or later, stops nothing: the client reconnects on its own (health shows the connection
 * DOWN, the log says so once per outage), a broadcast meanwhile reaches this instance's sockets at once and the
 * other instances' not at all (a client that misses a push refetches when it reconnects), and the adapter's
 * readers resume the stream where they left it once Redis is back.
 */
export const redisAdapter = (app: FastifyInstance, redis: { url: string; prefix: string }) => {
  const health: ConnectionHealth = { name: "socket.io adapter redis", status: "DOWN", lost: 0 };
  const options: RedisOptions = {
    // Not held while Redis is away: the adapter emits to this instance's sockets once the command has failed.
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  const client = new Redis(redis.url, options);
  let warned = false;
  let closing = false;
  client.on("ready", () => {
    if (health.status === "DOWN" && warned) app.log.info("socket.io adapter's Redis connection is back");
    health.status = "UP";
    warned = false;
  });
  client.on("close", () => {
    if (health.status === "DOWN" || closing) return;
    health.status = "DOWN";
    health.lost++;
    warned = true;
    app.log.warn(
      "socket.io adapter's Redis connection lost: pushes reach only this instance's sockets until it is back",
    );
  });
  client.on("error", (error: Error) => {
    health.lastError = String(error);
    if (warned) return;
    warned = true;
    app.log.warn(
      { err: error },
      "socket.io adapter cannot reach Redis: pushes reach only this instance's sockets until it is back",
    );
  });
  for (const command of UNAWAITED_COMMANDS) {
    const send = (client[command] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[command] = (...args: unknown[]) =>
      send(...args).catch((error: unknown) => {
        app.log.warn({ err: error, command }, "socket.io adapter's Redis command failed");
        return null;
      });
  }
  // The adapter's readers (a blocking XREAD, and the PUB/SUB subscriber) are copies of the client: they wait for
  // Redis while it is away instead of failing and asking again at once, and are closed with the adapter.
  const copies = new Set<Redis>();
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((override?: Partial<RedisOptions>) => {
    const copy = duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, ...override });
    copies.add(copy);
    return copy;
  }) as typeof client.duplicate;

  const stream = `${redis.prefix}:socket.io`;
  return {
    adapter: createAdapter(client, {
      streamName: stream,
      channelPrefix: stream,
      sessionKeyPrefix: `${redis.prefix}:socket.io-session:`,
      // Pushes are JSON: no binary search through each payload.
      onlyPlaintext: true,
    }),
    health: () => [{ ...health }],
    close: async () => {
      closing = true;
      // Not QUIT: a reader blocked in XREAD would hold the process until its block time ends.
      for (const copy of copies) copy.disconnect();
      client.disconnect();
    },
  };
};
