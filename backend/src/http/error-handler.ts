import { DomainError } from "@el/domain";
import { isConnectionFault } from "@el/projections/sql";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { InvalidEvent, WrongExpectedVersion } from "../event-store";
import { sendUnavailable, Unavailable } from "./unavailable";

export interface FieldError {
  objectName?: string;
  field: string;
  message: string;
}

/**
 * A header's value as it may travel: a header carries ASCII only, so a message with accents (the spec's
 * 'Cupom não é válido.') or a field named by the sender (any character, a line break included) is
 * percent-encoded, as `X-app-params` always was; an i18n key stays as it is. The web app decodes it.
 */
export const headerText = (text: string) => encodeURIComponent(text);

/** JHipster-shaped 400: `fieldErrors` plus the `X-app-error` header the web app translates. */
export const sendBadRequest = (reply: FastifyReply, message: string, fieldErrors: FieldError[] = []) =>
  reply
    .code(400)
    .header("X-app-error", headerText(message))
    .header("X-app-params", headerText(fieldErrors[0]?.field ?? ""))
    .send({ status: 400, title: "Bad Request", message, fieldErrors });

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";

/** The one place errors become HTTP answers. A 5xx never shows its message. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendBadRequest(
        reply,
        "error.validation",
        error.validation.map((issue) => ({
          field: fieldOf(issue.instancePath),
          message: issue.message ?? "error.validation",
        })),
      );
    }
    if (error instanceof DomainError) {
      if (error.code === "validation") {
        return sendBadRequest(
          reply,
          error.messageKey,
          error.field ? [{ field: error.field, message: error.messageKey }] : [],
        );
      }
      return reply
        .code(error.httpStatus)
        .header("X-app-error", headerText(error.messageKey))
        .send({ status: error.httpStatus, message: error.messageKey, ...(error.params ?? {}) });
    }
    if (error instanceof Unavailable) {
      request.log.warn({ reason: error.message }, "answered 503");
      return sendUnavailable(reply, error.retryAfterSeconds);
    }
    if (isConnectionFault(error)) {
      // The database is away (restarting, its session ended, the network reset), after the driver tried
      // again what certainly had not run: worth sending again in a moment. A command sent again finds
      // what it stored, if anything, by its Idempotency-Key.
      request.log.warn({ err: error }, "answered 503: the database could not be reached");
      return sendUnavailable(reply, 1);
    }
    if (error instanceof WrongExpectedVersion) {
      return reply
        .code(409)
        .header("X-app-error", "error.concurrency")
        .send({ status: 409, message: "error.concurrency" });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ status: 429, message: "error.http.429" });
    }
    if (error.statusCode && error.statusCode < 500) {
      if (error.statusCode === 400)
        return sendBadRequest(reply, "error.validation", [{ field: "body", message: error.message }]);
      return reply.code(error.statusCode).send({ status: error.statusCode, message: error.message });
    }
    request.log.error(
      { err: error, invalidEvent: error instanceof InvalidEvent ? error.type : undefined },
      "request failed",
    );
    return reply.code(500).send({ status: 500, message: "error.http.500" });
  });
};

/**
 * What the router refuses before any route or hook runs (fastify's `frameworkErrors`): a path that is no valid
 * percent-encoding, or a parameter past `maxParamLength`, answered in our format rather than fastify's own.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error.code === "FST_ERR_BAD_URL")
    return sendBadRequest(reply, "error.validation", [{ field: "path", message: "error.url.invalid" }]);
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.code(414).header("X-app-error", "error.http.414").send({ status: 414, message: "error.http.414" });
  request.log.error({ err: error }, "request failed");
  return reply.code(500).header("X-app-error", "error.http.500").send({ status: 500, message: "error.http.500" });
};
