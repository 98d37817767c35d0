import type { FastifyInstance } from "fastify";
import { sendBadRequest } from "./error-handler";

// PostgreSQL's text takes no NUL, and a lone UTF-16 surrogate is no character at all (it cannot be encoded
// in UTF-8): either one reached a query as a driver or database error, answered 500.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT = "Texto com caractere inválido.";
export const TOO_DEEP = "Estrutura aninhada além do permitido.";

/**
 * Deeper than any request of the product nests: refused here, so nothing after (the schemas, the
 * idempotency hash, the logs) walks a body nested thousands deep, which once overflowed the call stack.
 */
export const MAX_DEPTH = 32;

interface Refusal {
  /** `user.firstName`, `packages.0`; empty for the value itself. */
  field: string;
  message: string;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  /** The key that led here, checked when its turn comes so the first refusal is the first in reading order. */
  key?: string;
}

/** The first string or object key no database could store, or the first value nested deeper than `MAX_DEPTH`. */
export const refusalIn = (root: unknown): Refusal | undefined => {
  // A stack of its own rather than recursion: the depth of a body is the sender's to choose.
  const pending: Pending[] = [{ value: root, path: "", depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth, key } = next;
    if (key !== undefined && UNSTORABLE.test(key)) return { field: path, message: UNSTORABLE_TEXT };
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) return { field: path, message: UNSTORABLE_TEXT };
      continue;
    }
    if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) continue;
    if (depth === MAX_DEPTH) return { field: path, message: TOO_DEEP };
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [itemKey, item] = entries[index] as [string, unknown];
      pending.push({ value: item, path: path ? `${path}.${itemKey}` : itemKey, depth: depth + 1, key: itemKey });
    }
  }
  return undefined;
};

/**
 * Before any route's schema sees its input (and after the guard, so an anonymous caller still gets its 401):
 * a NUL or a lone surrogate anywhere in the path's parameters, the query or the body, or a body nested past
 * `MAX_DEPTH`, is a 400 naming the field, whatever the route, rather than each schema having to refuse it.
 */
export const refuseUnstorableText = (app: FastifyInstance) => {
  app.addHook("preValidation", async (request, reply) => {
    for (const [part, value] of [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const) {
      const refusal = refusalIn(value);
      if (refusal !== undefined)
        return sendBadRequest(reply, "error.validation", [{ field: refusal.field || part, message: refusal.message }]);
    }
  });
};
