import { z } from "zod";

/**
 * A success answered without a body: the `X-app-alert` header carries the news. Fastify never serializes
 * an empty send, so this only declares it (for the route-schema test and the API description).
 */
export const NoBody = z.null().describe("no body");

/** A file's bytes, sent as they are: fastify passes a Buffer through without serializing it. */
export const FileBytes = z.instanceof(Buffer).describe("the file's bytes");
