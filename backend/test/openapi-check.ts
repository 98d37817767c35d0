import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  InjectOptions,
  onSendHookHandler,
  RouteOptions,
} from "fastify";

interface MediaType {
  schema?: Record<string, unknown>;
}
interface DocumentedResponse {
  content?: Record<string, MediaType>;
}
type Operation = { responses: Record<string, DocumentedResponse> };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** `/api/lessons/:id` → `/api/lessons/{id}`, as @fastify/swagger names a path. */
const documentPathOf = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");

const mediaTypeOf = (header: unknown) =>
  typeof header === "string" ? (header.split(";")[0] ?? "").trim().toLowerCase() : undefined;

/** `text/csv` is documented by `text/csv`, `text/*` or `*\/*`. */
const documentedMediaType = (content: Record<string, MediaType>, mediaType: string) => {
  const [type] = mediaType.split("/");
  return [mediaType, `${type}/*`, "*/*"].find((candidate) => candidate in content);
};

const isEmpty = (payload: unknown) => payload === null || payload === undefined || payload === "";

/**
 * An OpenAPI 3.0 schema as the JSON Schema 2020-12 that Ajv compiles: a boolean `exclusiveMinimum` becomes the
 * bound it excludes, and `nullable` becomes the `null` type (zod also writes it beside an `anyOf`, with no type).
 */
const asDraft2020 = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(asDraft2020);
  if (typeof schema !== "object" || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, key === "enum" ? value : asDraft2020(value)]),
  );
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof converted[exclusive] !== "boolean") continue;
    if (converted[exclusive]) converted[exclusive] = converted[bound];
    else delete converted[exclusive];
    if (converted[exclusive] !== undefined) delete converted[bound];
  }
  if (nullable !== true) return converted;
  if (Array.isArray(converted.enum) && !converted.enum.includes(null)) converted.enum = [...converted.enum, null];
  if (typeof converted.type === "string") return { ...converted, type: [converted.type, "null"] };
  return { anyOf: [converted, { type: "null" }] };
};

/**
 * Checks every response an app built for tests sends against the API document the app generates: the
 * status must be one the operation lists, the media type one it lists for that status (none for an empty
 * answer), and a JSON body must match the documented schema. A route cannot drift from its document
 * without a test noticing. Streams and files are checked by status and media type only.
 *
 * `watch` adds the check to each route as it is registered (`buildApp`'s `onRoute`); `attach` makes
 * `app.inject` reject with the mismatch, so the test that sent the request fails on it; a mismatch of a
 * request that did not come through `inject` (a real socket) fails the app's `close`.
 */
/**
 * A worker's documents and their compiled validators, by the routes an app registered: generating the document
 * and compiling its schemas took each test app most of a second, and apps of the same routes have the same one.
 */
const checked = new Map<string, { document: Document; ajv: Ajv2020; validators: Map<string, ValidateFunction> }>();

export const createOpenApiCheck = () => {
  let document: Document | undefined;
  const routes: string[] = [];
  let ajv: Ajv2020 | undefined;
  let validators = new Map<string, ValidateFunction>();
  const mismatches = new Map<string, string>();

  const documentOf = (server: FastifyInstance) => {
    const key = routes.join("\n");
    let known = checked.get(key);
    if (!known) {
      // The first mismatch a body shows is enough to fail its test; reporting every one makes each validator a
      // larger function, slower to compile and to run.
      const fresh = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      known = { document: server.swagger() as unknown as Document, ajv: fresh, validators };
      checked.set(key, known);
    }
    ({ ajv, validators } = known);
    return known.document;
  };

  const validatorOf = (key: string, schemaOf: () => unknown) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = (ajv as Ajv2020).compile(schemaOf() as Record<string, unknown>);
      validators.set(key, validate);
    }
    return validate;
  };

  const mismatchOf = (route: RouteOptions, request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    document ??= documentOf(request.server);
    const path = documentPathOf(route.url);
    const method = request.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return `${request.method} ${path} is not in the API document`;
    const status = String(reply.statusCode);
    const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
    const where = `${request.method} ${path} answered ${status}`;
    if (!documented)
      return `${where}, which the API document does not list (it lists ${Object.keys(operation.responses).join(", ")}): ${String(payload).slice(0, 300)}`;
    // fastify sends no body with these, whatever the handler gave.
    if (reply.statusCode === 204 || reply.statusCode === 304) return undefined;
    const mediaType = mediaTypeOf(reply.getHeader("content-type"));
    if (!documented.content) {
      return isEmpty(payload) ? undefined : `${where} with a ${mediaType} body, documented without a body`;
    }
    const listed = mediaType && documentedMediaType(documented.content, mediaType);
    if (!listed)
      return `${where} as ${mediaType}, documented as ${Object.keys(documented.content).join(", ") || "no body"}`;
    const schema = documented.content[listed]?.schema;
    if (listed !== "application/json" || !schema || typeof payload !== "string") return undefined;
    // A schema's `#/components/schemas/…` references resolve against the root it is compiled as.
    const validate = validatorOf(`${method} ${path} ${status}`, () =>
      asDraft2020({ ...schema, components: document?.components }),
    );
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return `${where} as application/json with a body that is no JSON: ${payload.slice(0, 300)}`;
    }
    if (validate(body)) return undefined;
    return `${where} with a body the API document does not describe: ${ajv?.errorsText(validate.errors)}: ${payload.slice(0, 300)}`;
  };

  return {
    /** For `onRoute`: adds the check to a route the document describes (not the web app's files, nor HEAD). */
    watch: (route: RouteOptions) => {
      if (route.method === "HEAD" || (route.schema as { hide?: boolean } | undefined)?.hide) return;
      routes.push(`${String(route.method)} ${route.url}`);
      const check: onSendHookHandler = async (request, reply, payload) => {
        const mismatch = mismatchOf(route, request, reply, payload);
        if (mismatch) mismatches.set(request.id, mismatch);
        return payload;
      };
      const given = route.onSend;
      route.onSend = [...(given === undefined ? [] : Array.isArray(given) ? given : [given]), check];
    },
    /** Makes the app's `inject` reject with the mismatch of the response it received, if any. */
    attach: (app: FastifyInstance) => {
      const inject = app.inject.bind(app);
      const checked = async (options: InjectOptions | string) => {
        const response = await inject(options as never);
        const id = response.headers["x-request-id"];
        const mismatch = typeof id === "string" ? mismatches.get(id) : undefined;
        if (typeof id === "string") mismatches.delete(id);
        if (mismatch) throw new Error(`The response differs from the API document: ${mismatch}`);
        return response;
      };
      Object.assign(app, {
        inject: (options?: InjectOptions | string) => (options === undefined ? inject() : checked(options)),
      });
    },
    /** The mismatches of requests not sent through `inject`, which `close` reports. */
    unreported: () => [...mismatches.values()],
  };
};
