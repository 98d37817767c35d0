import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { OpenApiDocument } from "@el/domain/shared/openapi-document";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentedSchema, withErrorAnswers } from "./api-docs-responses";

/** Where the OpenAPI document is served; the web app's `/admin/docs` page reads it with the admin's token. */
export const OPENAPI_URL = "/api/docs/openapi.json";

// The error body every operation can answer is one component, referenced: written out under each of the
// operations' error statuses, it made two thirds of a document of over a megabyte, which Swagger UI took seconds
// to render.
z.globalRegistry.add(ErrorAnswer, { id: "ErrorAnswer" });

/** `/api/purchases/checkout` → `purchases`, `/management/audits` → `management`: one group per slice. */
const tagOf = (url: string) => url.replace(/^\/api\//, "/").split("/")[1] || "api";

/**
 * The OpenAPI document of every route, built from the zod schemas the routes declare
 * (fastify-type-provider-zod's transform), so it cannot drift from what the routes validate and answer.
 * A route that declares `roles` is marked as needing the bearer token. Every operation lists the error
 * statuses it can answer and the media types of its answers (`api-docs-responses.ts`); the int suite checks
 * each response its tests receive against this document (`backend/test/openapi-check.ts`). Only administrators read it:
 * it maps every endpoint, which helps an attacker more than a client, who has docs/contracts.md.
 */
export const apiDocsPlugin = fp(
  async (plain: FastifyInstance) => {
    await plain.register(fastifySwagger, {
      openapi: {
        // 3.0, not 3.1: Swagger UI reads a 3.1 document through its ApiDOM resolver, which took 6 s of a quiet
        // machine's CPU to show this one (and over 30 s on a busy one); a 3.0 document shows in under 1 s.
        openapi: "3.0.3",
        info: {
          title: "English Lessons API",
          description: "Marketplace de aulas de inglês: rotas geradas dos esquemas zod de cada rota.",
          version: "1.0.0",
        },
        components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform({
          ...input,
          schema: { ...input.schema, response: withErrorAnswers(input.route) },
        });
        const documented = {
          ...documentedSchema(url, schema as Record<string, unknown>),
          tags: [tagOf(url)],
        } as FastifySchema & Record<string, unknown>;
        if (input.route.config?.roles !== undefined) documented.security = [{ bearer: [] }];
        return { schema: documented, url };
      },
      transformObject: jsonSchemaTransformObject,
    });

    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get(
      OPENAPI_URL,
      { config: { roles: ["ROLE_ADMIN"] }, schema: { response: { 200: OpenApiDocument } } },
      async () => OpenApiDocument.parse(app.swagger()),
    );
  },
  { name: "api-docs" },
);
