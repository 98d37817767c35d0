import type { FastifyInstance } from "fastify";
import { sendBadRequest } from "./error-handler";

// PostgreSQL's text takes no NUL, and a lone UTF-16 surrogate is no character at all (it cannot be encoded
// in UTF-8): either one reached a query as a driver or database error, answered 500.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path (`user.firstName`, `packages.0`) of the first string, or object key, no database could store. */
export const unstorableTextIn = (value: unknown, path = ""): string | undefined => {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : undefined;
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return itemPath;
    const found = unstorableTextIn(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
};

export const UNSTORABLE_TEXT = "Texto com caractere inválido.";

/**
 * Before any route's schema sees its input (and after the guard, so an anonymous caller still gets its 401):
 * a NUL or a lone surrogate anywhere in the path's parameters, the query or the body is a 400 naming the field,
 * whatever the route, rather than each schema having to refuse it.
 */
export const refuseUnstorableText = (app: FastifyInstance) => {
  app.addHook("preValidation", async (request, reply) => {
    for (const [part, value] of [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const) {
      const field = unstorableTextIn(value);
      if (field !== undefined)
        return sendBadRequest(reply, "error.validation", [{ field: field || part, message: UNSTORABLE_TEXT }]);
    }
  });
};
