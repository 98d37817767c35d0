import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, acceptedTeacher, bearer, signedUpStudent, tokenOf } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAuditor } from "../../test/audit-fixtures";
import { OPENAPI_URL } from "./api-docs";

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** How many requests, and for how long at most: whichever comes first ends the run. */
const REQUESTS = 10_000;
const TIME_LIMIT_MS = 90_000;
const SEED = 20_261_127;

/** Values no schema asks for: deep nesting, keys that are properties of every object, huge numbers, odd text. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "",
    " ",
    "null",
    "NaN",
    "-0",
    "1e309",
    "9".repeat(400),
    "\u202e\u0000",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧",
    "' or 1=1 --",
    "../../etc/passwd",
    "%00",
    '=HYPERLINK("x")',
  ),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 64, -(2 ** 63), 1e-320, -0, 0.1, 2_147_483_648),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } }, [
    [[[[[[[[[[]]]]]]]]]],
  ]),
  fc.integer({ min: 10, max: 60 }).map((depth) => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level++) value = { a: value };
    return value;
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === "date") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === "email") return fc.emailAddress();
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? Math.min(schema.maxLength, minLength + 30) : minLength + 30;
  return fc.string({ minLength, maxLength });
};

const numberOf = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const bound = (key: string, fallback: number) =>
    typeof schema[key] === "number" ? (schema[key] as number) : fallback;
  const min = Math.max(bound("minimum", bound("exclusiveMinimum", -1000)), -1_000_000);
  const max = Math.min(bound("maximum", bound("exclusiveMaximum", 1000)), 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(Math.min(min, max)), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min: Math.min(min, max), max: Math.max(min, max), noNaN: true });
};

/** A value of the schema, or now and then (one time in five) a hostile one in its place. */
const generated = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: schemaValue(schema, depth), weight: 4 }, { arbitrary: hostile, weight: 1 });

const schemaValue = (schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> => {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => schemaValue(option, depth + 1)));
  if (schema.allOf?.[0]) return schemaValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return numberOf(schema, true);
    case "number":
      return numberOf(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(generated(schema.items, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [name, generated(property, depth + 1)]),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      // Now and then a key the schema does not name.
      return fc
        .tuple(record, fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostile), { freq: 5 }))
        .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

/** A path or query value as a client writes it: text, percent-encoded. */
const textOf = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

const requestOf = (endpoint: Endpoint, callers: number) => {
  const parameters = endpoint.operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = parameters.filter((parameter) => parameter.in === "query");
  const json = endpoint.operation.requestBody?.content["application/json"]?.schema;
  return fc.record({
    path: fc
      .tuple(...pathParameters.map((parameter) => generated(parameter.schema)))
      .map((values) =>
        pathParameters.reduce(
          (path, parameter, index) => path.replace(`{${parameter.name}}`, encodeURIComponent(textOf(values[index]))),
          endpoint.path,
        ),
      ),
    query: fc.record(
      Object.fromEntries(queryParameters.map((parameter) => [parameter.name, generated(parameter.schema)])),
      { requiredKeys: [] },
    ),
    body: json || endpoint.method !== "get" ? fc.option(generated(json), { freq: 10 }) : fc.constant(null),
    caller: fc.nat({ max: callers - 1 }),
  });
};

describe("every route of the API document, given generated and hostile requests", () => {
  let test: TestApp;
  let endpoints: Endpoint[];
  /** Who sends the requests: no one, a forged token, and a signed-in person of each role. */
  let callers: { login?: string; password?: string; token?: string }[];
  beforeAll(async () => {
    // On PostgreSQL: its queries run in the server's own process, natively, where PGlite's ran in this one as
    // WebAssembly, so three times the requests fit in the same seconds.
    test = await createTestApp({ driver: "pg" });
    const admin = await tokenOf(test.app, ADMIN.email, ADMIN.password);
    const document: Document = (
      await test.app.inject({ method: "GET", url: OPENAPI_URL, headers: bearer(admin) })
    ).json();
    endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
    );
    const student = await signedUpStudent(test.app);
    const teacher = await acceptedTeacher(test.app);
    const auditor = await givenAuditor(test.app);
    callers = [
      {},
      { token: "not-a-token" },
      { login: student.email, password: student.password, token: student.token },
      { login: teacher.email, password: teacher.password, token: teacher.token },
      { login: auditor.login, password: "senha-da-auditora", token: auditor.token },
      { login: ADMIN.email, password: ADMIN.password, token: admin },
    ];
  }, 180_000);
  afterAll(async () => test?.close());

  it("answers a sort by a property every object has (__proto__, toString, constructor) as an unknown field, never a 500", async () => {
    const sorted = endpoints.filter(
      (endpoint) =>
        endpoint.method === "get" && endpoint.operation.parameters?.some((parameter) => parameter.name === "sort"),
    );
    expect(sorted.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(["/api/levels", "/api/lessons/authenticatedUser"]),
    );
    for (const endpoint of sorted.filter((candidate) => !candidate.path.includes("{")))
      for (const field of ["__proto__", "toString", "constructor"])
        for (const caller of callers.slice(2)) {
          const url = `${endpoint.path}?sort=${field},asc`;
          const response = await test.app.inject({ method: "GET", url, headers: bearer(caller.token ?? "") });
          expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
        }
  });

  it(`answers none of ${REQUESTS.toLocaleString("en")} requests (or what ${TIME_LIMIT_MS / 1000} s allow) with a 5xx or an undocumented answer, and stores nothing for one its schema refuses`, async () => {
    const sent = { requests: 0, refused: 0, byStatus: new Map<number, number>() };
    /** Each kind of fault once (by operation and message), with the first request that showed it. */
    const faults = new Map<string, string>();
    const started = Date.now();
    const request = fc
      .nat({ max: endpoints.length - 1 })
      .chain((index) => requestOf(endpoints[index] as Endpoint, callers.length).map((parts) => ({ index, ...parts })));
    await fc.assert(
      fc.asyncProperty(request, async ({ index, path, query, body, caller: callerIndex }) => {
        const endpoint = endpoints[index] as Endpoint;
        const caller = callers[callerIndex] ?? {};
        const token = caller.token;
        const search = new URLSearchParams(
          Object.entries(query).flatMap(([name, value]) =>
            Array.isArray(value) ? value.map((item) => [name, textOf(item)]) : [[name, textOf(value)]],
          ),
        ).toString();
        const options: InjectOptions = {
          method: endpoint.method.toUpperCase() as InjectOptions["method"],
          url: search ? `${path}?${search}` : path,
          headers: token ? bearer(token) : {},
          ...(body === null
            ? {}
            : {
                payload: JSON.stringify(body),
                headers: { ...(token ? bearer(token) : {}), "content-type": "application/json" },
              }),
        };
        const where = `${options.method} ${endpoint.path} (${options.url})`;
        sent.requests++;
        // `inject` rejects an answer the API document does not describe (test/openapi-check.ts).
        const response = await test.app.inject(options).catch((error: Error) => {
          faults.set(
            `${endpoint.method} ${endpoint.path} ${error.message.slice(0, 160)}`,
            `${where}: ${error.message}`,
          );
          return undefined;
        });
        if (!response) return;
        // A request that ended the caller's sessions (a generated "end other sessions", a deactivation):
        // signed in again, so the run goes on with each role.
        if (response.statusCode === 401 && caller.login && caller.password) {
          const again = await test.app.inject({
            method: "POST",
            url: "/api/authenticate",
            payload: { username: caller.login, password: caller.password },
          });
          if (again.statusCode === 200) caller.token = again.json().id_token;
        }
        sent.byStatus.set(response.statusCode, (sent.byStatus.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          faults.set(`${endpoint.method} ${endpoint.path} ${response.statusCode}`, `${where}: ${response.body}`);
        if (response.statusCode === 400 && response.json().message === "error.validation") {
          sent.refused++;
          const { rows } = await test.app.db.query<{ count: string }>(
            "select count(*) as count from es_events where metadata->>'correlationId' = $1",
            [String(response.headers["x-request-id"])],
          );
          if (Number(rows[0]?.count) > 0)
            faults.set(`${endpoint.method} ${endpoint.path} stored`, `${where} stored events`);
        }
      }),
      { numRuns: REQUESTS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
    console.info(
      `API fuzz: ${sent.requests} requests (${sent.refused} refused by their schema) over ${endpoints.length} operations in ${Math.round((Date.now() - started) / 1000)} s, by status ${JSON.stringify(Object.fromEntries(sent.byStatus))}`,
    );
    expect([...faults.values()].join("\n")).toBe("");
    expect(sent.requests).toBeGreaterThan(500);
  }, 150_000);
});
