import { z } from "zod";
import { api } from "../../../lib/api";

/** What the docs page relies on; the rest of the OpenAPI document is handed to the viewer as it came. */
const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** `GET /api/docs/openapi.json` (administrators only): the document built from the routes' zod schemas. */
export const getOpenApiDocument = async () => OpenApiDocument.parse(await api.get("api/docs/openapi.json"));
