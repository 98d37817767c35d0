import { ErrorAnswer } from "@el/domain/shared/error-answer";
import type { RouteOptions } from "fastify";
import type { z } from "zod";

/** The key a response schema's metadata names its media types with (`fileBytes` in `responses.ts`). */
export const MEDIA_TYPES = "x-media-types";

type Schema = Record<string, unknown>;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const pathParamsOf = (url: string) => new Set([...url.matchAll(/:(\w+)/g)].map((match) => match[1]));

/**
 * The error statuses a route can answer, from what every route goes through:
 * - 400: the input schemas, and the unstorable-text check, which refuses any query or body of any route;
 * - 401/403: the guard of `config.roles` (auth.ts);
 * - 404: what a path names, or a replay of the audit log (`replay`) not ready yet (read-model.ts);
 * - 404/409 on a guarded mutation: a command on something its input names that does not exist, or whose
 *   state refuses it (a lesson already claimed, an application no longer pending);
 * - 413/415: fastify reading the body of a POST, PUT, PATCH or DELETE (too large, a type it cannot parse);
 * - 500: a fault of the server, never meant, whose answer says nothing of it;
 * - 503: load shedding, a command that kept losing races, or the database away.
 * What a route refuses beyond these (a 429 of a rate limit, a 401 of a sign-in) it declares in its
 * `schema.response`, which this never replaces.
 */
export const errorStatusesOf = (route: Pick<RouteOptions, "method" | "url" | "config" | "schema">) => {
  const statuses = new Set<number>([400, 500, 503]);
  const roles = (route.config as { roles?: unknown } | undefined)?.roles;
  if (roles !== undefined) statuses.add(401);
  if (roles !== undefined && roles !== "authenticated") statuses.add(403);
  if (pathParamsOf(route.url).size > 0) statuses.add(404);
  const query = (route.schema as { querystring?: { shape?: Schema } } | undefined)?.querystring;
  if (query?.shape && "replay" in query.shape) statuses.add(404);
  const methods = [route.method].flat();
  if (methods.some((method) => BODY_METHODS.has(method))) {
    statuses.add(413);
    statuses.add(415);
    if (roles !== undefined) {
      statuses.add(404);
      statuses.add(409);
    }
  }
  return [...statuses].sort((a, b) => a - b);
};

/** The route's declared responses plus the error answers it can give, each with the error body. */
export const withErrorAnswers = (route: Pick<RouteOptions, "method" | "url" | "config" | "schema">) => {
  const declared = ((route.schema as Schema | undefined)?.response ?? {}) as Record<string, z.ZodType>;
  const errors = Object.fromEntries(errorStatusesOf(route).map((status) => [String(status), ErrorAnswer]));
  return { ...errors, ...declared };
};

const isNullOnly = (schema: Schema) =>
  schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/**
 * A response documented with its real media types: a schema whose metadata names them (a file, a page,
 * an export) is described under each of them instead of under `application/json`.
 */
const withMediaTypes = (response: unknown) => {
  if (typeof response !== "object" || response === null) return response;
  // OpenAPI 3.0 has no null type: zod writes `z.null()` as a nullable `enum: [null]`, which @fastify/swagger would
  // document as a JSON body. `type: "null"` is what it documents as no body at all.
  if (isNullOnly(response as Schema)) return { type: "null", description: (response as Schema).description };
  if (!(MEDIA_TYPES in response)) return response;
  const { [MEDIA_TYPES]: mediaTypes, description, ...schema } = response as Schema;
  const body = Object.keys(schema).length > 0 ? schema : { type: "string", format: "binary" };
  return {
    description,
    content: Object.fromEntries(
      (mediaTypes as string[]).map((mediaType) => [mediaType.split(";")[0]?.trim(), { schema: body }]),
    ),
  };
};

/**
 * The JSON schema of a route as the document shows it: responses under their media types, and only the
 * path parameters its path has (a route registered on `/x` and `/x/:id` shares one params schema).
 */
export const documentedSchema = (url: string, schema: Schema): Schema => {
  const documented: Schema = { ...schema };
  const response = schema.response as Record<string, unknown> | undefined;
  if (response)
    documented.response = Object.fromEntries(
      Object.entries(response).map(([status, body]) => [status, withMediaTypes(body)]),
    );
  const params = schema.params as { properties?: Schema; required?: string[] } | undefined;
  if (params?.properties) {
    const inPath = pathParamsOf(url);
    const properties = Object.fromEntries(Object.entries(params.properties).filter(([name]) => inPath.has(name)));
    if (Object.keys(properties).length === 0) delete documented.params;
    else
      documented.params = {
        ...params,
        properties,
        ...(params.required ? { required: params.required.filter((name) => inPath.has(name)) } : {}),
      };
  }
  // A body that is one string is taken as JSON (`"a@b.c"`) or as plain text (`a@b.c`): fastify parses both.
  const body = schema.body as Schema | undefined;
  if (body?.type === "string" && documented.consumes === undefined)
    documented.consumes = ["application/json", "text/plain"];
  return documented;
};
