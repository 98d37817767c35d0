import type { FastifyServerOptions } from "fastify";

/**
 * Password-reset keys and OAuth codes travel in URLs (the e-mailed link opens
 * /account/reset/finish?key=… or /account/reset/finish/<key>); request logs keep the path, not them.
 */
export const redactUrl = (url: string) =>
  url
    .replace(/([?&](?:key|code|token|state|password)=)[^&#]*/gi, "$1[redacted]")
    .replace(/^(\/account\/reset\/finish\/)[^/?#]+/, "$1[redacted]");

export const withRedactedRequests = (logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] =>
  logger
    ? {
        ...(typeof logger === "object" ? logger : {}),
        serializers: {
          req: (request: { method: string; url: string; ip?: string }) => ({
            method: request.method,
            url: redactUrl(request.url),
            remoteAddress: request.ip,
          }),
        },
      }
    : false;
