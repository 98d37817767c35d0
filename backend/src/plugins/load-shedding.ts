import fp from "fastify-plugin";
import { sendUnavailable } from "../http/unavailable";

/**
 * Past what the server can do, queueing only makes every answer late (at twice the sustainable rate,
 * requests waited seconds for a database connection). So each process works on at most `maxInFlight`
 * API requests at once and answers any more with 503 and `Retry-After` at once, before reading a token
 * or a body. Health checks and the web app's files are never refused.
 */
export const loadSheddingPlugin = fp<{ maxInFlight: number; retryAfterSeconds?: number }>(
  async (app, { maxInFlight, retryAfterSeconds = 1 }) => {
    let inFlight = 0;
    app.addHook("onRequest", async (request, reply) => {
      if (!request.url.startsWith("/api/")) return;
      if (inFlight >= maxInFlight) return sendUnavailable(reply, retryAfterSeconds);
      inFlight++;
      // A response closes once sent or when its client goes away, whichever route it took.
      reply.raw.once("close", () => {
        inFlight--;
      });
    });
  },
  { name: "load-shedding" },
);
