import { createHash } from "node:crypto";
import { invalid } from "@el/domain";
import type { FastifyRequest } from "fastify";

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The command id of a request that carries an `Idempotency-Key` header: a client that did not hear the
 * answer (timeout, dropped connection) sends the same request with the same key again and gets the first
 * answer, and nothing is done twice. The id is scoped to the user, the route and the body, so a key reused
 * for another request, or by another user, is a new command rather than someone else's answer.
 */
export const commandIdOf = (request: FastifyRequest): string | undefined => {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !KEY.test(key)) throw invalid("error.idempotencyKey", "Idempotency-Key");
  return createHash("sha256")
    .update(
      [request.currentUser?.id ?? "", request.method, request.routeOptions.url, key, JSON.stringify(request.body)].join(
        "\n",
      ),
    )
    .digest("hex");
};
