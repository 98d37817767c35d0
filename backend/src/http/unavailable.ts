import type { FastifyReply } from "fastify";

/**
 * The server cannot take or finish a request now (too busy, or a command that kept losing races for
 * longer than it may try): a 503 that tells the client when to try again, never a 409 that would read
 * as a conflict with what it asked.
 */
export class Unavailable extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(reason);
    this.name = "Unavailable";
  }
}

export const sendUnavailable = (reply: FastifyReply, retryAfterSeconds: number) =>
  reply
    .code(503)
    .header("Retry-After", String(retryAfterSeconds))
    .header("X-app-error", "error.http.503")
    .send({ status: 503, message: "error.http.503" });
