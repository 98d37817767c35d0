import { DomainError } from "@el/domain";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { InvalidEvent, WrongExpectedVersion } from "../event-store";
import { sendUnavailable, Unavailable } from "./unavailable";

export interface FieldError {
  objectName?: string;
  field: string;
  message: string;
}

/** JHipster-shaped 400: `fieldErrors` plus the `X-app-error` header the web app translates. */
export const sendBadRequest = (reply: FastifyReply, message: string, fieldErrors: FieldError[] = []) =>
  reply
    .code(400)
    .header("X-app-error", message)
    .header("X-app-params", fieldErrors[0]?.field ?? "")
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
        .header("X-app-error", error.messageKey)
        .send({ status: error.httpStatus, message: error.messageKey, ...(error.params ?? {}) });
    }
    if (error instanceof Unavailable) {
      request.log.warn({ reason: error.message }, "answered 503");
      return sendUnavailable(reply, error.retryAfterSeconds);
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
