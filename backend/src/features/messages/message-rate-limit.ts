import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

/** How long a count may wait for Redis before the message goes through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The options of the per-sender message rate limit. With Redis (`REDIS_URL`) every instance counts in the same
 * keys (`REDIS_PREFIX:message-rate:…`), so a sender gets the allowance once however many instances answer them;
 * without it each process counts alone (behind N instances a sender gets N times the allowance).
 *
 * Redis away stops no message: a count that fails or takes longer than half a second lets the message through
 * uncounted (the limit only keeps a runaway client or script from flooding a conversation), and the log says so
 * once per outage.
 */
export const messageRateLimitOptions = (app: FastifyInstance): RateLimitPluginOptions => {
  const base: RateLimitPluginOptions = { global: false, hook: "preHandler" };
  const redis = app.config.redis;
  if (!redis) return base;
  const client = new Redis(redis.url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let warned = false;
  client.on("ready", () => {
    if (warned) app.log.info("message rate limit's Redis connection is back");
    warned = false;
  });
  client.on("error", (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn(
      { err: error },
      "message rate limit cannot reach Redis: messages go through uncounted until it is back",
    );
  });
  app.addHook("onClose", async () => {
    client.disconnect();
  });
  return { ...base, redis: client, nameSpace: `${redis.prefix}:message-rate:`, skipOnError: true };
};
