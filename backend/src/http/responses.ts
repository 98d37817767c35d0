import { z } from "zod";
import { MEDIA_TYPES } from "./api-docs-responses";

/**
 * A success answered without a body: the `X-app-alert` header carries the news. Fastify never serializes
 * an empty send, so this only declares it (for the route-schema test and the API description).
 */
export const NoBody = z.null().describe("no body");

/**
 * A file's bytes (or a page's text), sent as they are: fastify passes a Buffer, a string with its own
 * Content-Type or a stream through without serializing it. The media types are the ones the route sends,
 * which the API document lists (`*\/*` for a file of any type, such as a material's upload).
 */
export const fileBytes = (...mediaTypes: [string, ...string[]]) =>
  z.unknown().meta({ description: "the file's bytes", [MEDIA_TYPES]: mediaTypes });

/** A download of no stated type; a route that knows its media type says it with `fileBytes`. */
export const FileBytes = fileBytes("application/octet-stream");
