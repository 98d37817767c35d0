import type { FastifyServerOptions } from "fastify";

/**
 * Password-reset keys and OAuth codes travel in URLs (the e-mailed link opens
 * /account/reset/finish?key=… or /account/reset/finish/<key>), and a private calendar's address is its token
 * (/api/calendar/<token>.ics); request logs keep the path, not them.
 */
export const redactUrl = (url: string) =>
  url
    .replace(/([?&](?:key|code|token|state|password)=)[^&#]*/gi, "$1[redacted]")
    .replace(/^(\/account\/reset\/finish\/)[^/?#]+/, "$1[redacted]")
    .replace(/^(\/api\/calendar\/)[^/?#]+/, "$1[redacted]");

/**
 * What a database error carries besides its message: PGlite hangs the failed query's parameters on it (an
 * append's are whole events: e-mails, phones, password hashes) and PostgreSQL's `detail` quotes the values of
 * a violated key. Neither is logged; the message, SQLSTATE, statement and where it failed are.
 */
const UNLOGGED_ERROR_FIELDS = new Set(["params", "queryOptions", "detail"]);

/** An error as a log line holds it: pino's fields, without any query's parameters, its causes alike. */
export const errorWithoutParameters = (
  error: Error,
): { [field: string]: unknown; type: string; message: string; stack: string } => {
  const fields = Object.entries(error).filter(([key]) => !UNLOGGED_ERROR_FIELDS.has(key));
  const { cause } = error;
  return {
    ...Object.fromEntries(fields),
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? "",
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? errorWithoutParameters(cause) : cause }),
  };
};

export const withRedactedRequests = (logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] =>
  logger
    ? {
        ...(typeof logger === "object" ? logger : {}),
        serializers: {
          err: errorWithoutParameters,
          req: (request: { method: string; url: string; ip?: string }) => ({
            method: request.method,
            url: redactUrl(request.url),
            remoteAddress: request.ip,
          }),
        },
      }
    : false;
