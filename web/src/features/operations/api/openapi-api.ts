import { OpenApiDocument } from "@el/domain/shared/openapi-document";
import { api } from "../../../lib/api";

export type { OpenApiDocument };

/** `GET /api/docs/openapi.json` (administrators only): the document built from the routes' zod schemas. */
export const getOpenApiDocument = async () => OpenApiDocument.parse(await api.get("api/docs/openapi.json"));
