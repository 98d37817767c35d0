import { z } from "zod";

/**
 * `GET /api/docs/openapi.json`: the part of the OpenAPI document its readers rely on (the `/admin/docs` page hands
 * the rest to Swagger UI as it came); the backend answers the document @fastify/swagger builds through it.
 */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;
