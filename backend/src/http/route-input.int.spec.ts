import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAdmin } from "../../test/catalog-fixtures";
import { givenStudent, givenTeacher, type Person } from "../../test/lesson-fixtures";

/**
 * A value the route's schema takes, with `text` in every string (and 1 for numbers, the first of an enum…):
 * so the input gets past the schema into the handler, where a NUL once reached PostgreSQL as a 500.
 */
const sampleOf = (schema: unknown, text: unknown): unknown => {
  const { def } = (schema as z.core.$ZodTypes)._zod;
  switch (def.type) {
    case "string":
    case "template_literal":
    case "any":
    case "unknown":
    case "custom":
      return text;
    case "number":
    case "bigint":
      return 1;
    case "boolean":
      return true;
    case "date":
      return new Date().toISOString();
    case "literal":
      return def.values[0];
    case "enum":
      return Object.values(def.entries)[0];
    case "object":
      return Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, sampleOf(value, text)]));
    case "record":
      return { key: sampleOf(def.valueType, text) };
    case "array":
      return [sampleOf(def.element, text)];
    case "tuple":
      return def.items.map((item) => sampleOf(item, text));
    case "union":
      return sampleOf(def.options[0], text);
    case "intersection":
      return { ...(sampleOf(def.left, text) as object), ...(sampleOf(def.right, text) as object) };
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return sampleOf(def.innerType, text);
    case "pipe":
      return sampleOf(def.in, text);
    case "lazy":
      return sampleOf(def.getter(), text);
    default:
      return text;
  }
};

const isStaticFile = (route: RouteOptions) => route.schema?.hide === true;
const methodsOf = (route: RouteOptions) => [route.method].flat() as HTTPMethods[];
const nameOf = (route: RouteOptions) => `${methodsOf(route).join(",")} ${route.url}`;
const hasBody = (method: HTTPMethods) => !["GET", "HEAD", "DELETE"].includes(method);

/**
 * Percent-encoded, as a client puts a value in a path or a query. A lone surrogate has no UTF-8: a client can
 * only send the bytes of one (CESU-8), which the router refuses in a path and the query parser leaves as they are.
 */
const encoded = (value: unknown) =>
  [...String(value)]
    .map((character) => (/[\uD800-\uDFFF]/.test(character) ? "%ED%A0%80" : encodeURIComponent(character)))
    .join("");

/** Whether `text` is somewhere in a sampled value. */
const holds = (value: unknown, text: string): boolean =>
  value === text ||
  (typeof value === "object" && value !== null && Object.values(value).some((item) => holds(item, text)));

/** A request to the route with `text` in each string it takes, and whether that reached its path or body. */
const requestOf = (route: RouteOptions, method: HTTPMethods, text: string) => {
  const params = sampleOf(route.schema?.params ?? z.object({}), text) as Record<string, unknown>;
  const query = sampleOf(route.schema?.querystring ?? z.object({}), text) as Record<string, unknown>;
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encoded(params[name] ?? text));
  const search = Object.entries({ ...query, extra: text })
    .map(([key, value]) => `${key}=${encoded(typeof value === "object" ? JSON.stringify(value) : value)}`)
    .join("&");
  const body = hasBody(method) ? sampleOf(route.schema?.body ?? z.object({ text: z.string() }), text) : undefined;
  return {
    method,
    url: `${path}?${search}`,
    // The one route taking a bare string takes it as text/plain.
    headers: typeof body === "string" ? { "content-type": "text/plain" } : {},
    payload: body as InjectOptions["payload"],
    inPathOrBody:
      holds(body, text) ||
      Object.entries(params).some(([name, value]) => value === text && route.url.includes(`:${name}`)),
  };
};

interface Caller {
  person: Person;
  authorities: string[];
}

/** Someone allowed to call the route, so it is the input that is refused, not the caller. */
const callerFor = (route: RouteOptions, callers: Caller[]) => {
  const roles = route.config?.roles;
  if (!roles) return undefined;
  return callers.find(
    ({ authorities }) =>
      roles === "authenticated" || authorities.some((authority) => roles.some((role) => role === authority)),
  )?.person;
};

describe("every registered route", () => {
  let test: TestApp;
  let app: FastifyInstance;
  let callers: Caller[];
  let admin: Person;
  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    admin = await givenAdmin(app);
    callers = [
      { person: await givenStudent(app, { credits: 5 }), authorities: ["ROLE_USER", "ROLE_STUDENT"] },
      { person: await givenTeacher(app), authorities: ["ROLE_USER", "ROLE_TEACHER"] },
      { person: admin, authorities: ["ROLE_ADMIN", "ROLE_USER"] },
    ];
  });
  afterAll(() => test.close());

  const apiRoutes = () => test.routes.filter((route) => !isStaticFile(route));

  it.each([
    ["a NUL character", "a\0b", false],
    // Only JSON's \uD800 can carry one: in a path its bytes are a bad URL, in a query plain text.
    ["a lone UTF-16 surrogate", "a\uD800b", true],
  ])(
    "refuses %s in its path, query or body with a 400 naming the field, never a 500",
    async (_name, text, onlyInPathOrBody) => {
      const answers: string[] = [];
      for (const route of apiRoutes()) {
        for (const method of methodsOf(route)) {
          const caller = callerFor(route, callers);
          const { inPathOrBody, ...inject } = requestOf(route, method, text);
          const response = await app.inject({ ...inject, headers: { ...inject.headers, ...caller?.auth } });
          const isJson = String(response.headers["content-type"]).startsWith("application/json");
          const refused =
            response.statusCode === 400 &&
            response.headers["x-app-error"] === "error.validation" &&
            (method === "HEAD" || (isJson && response.json().fieldErrors.length > 0));
          if (!onlyInPathOrBody || inPathOrBody ? !refused : response.statusCode >= 500)
            answers.push(`${method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
      expect(answers).toEqual([]);
    },
  );

  it("names the field that holds the character", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/levels",
      headers: admin.auth,
      payload: { name: "Avançado\0", active: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-app-params"]).toBe("name");
    expect(response.json().fieldErrors).toEqual([{ field: "name", message: "Texto com caractere inválido." }]);
  });

  it("refuses a level or trail id beyond what their tables hold (a 32-bit int) as a bad input, not a 500", async () => {
    const trails = await app.inject({ method: "GET", url: "/api/trails?level=2147483648", headers: admin.auth });
    expect(trails.statusCode).toBe(400);
    expect(trails.headers["x-app-params"]).toBe("level");
    const trail = await app.inject({
      method: "POST",
      url: "/api/trails",
      headers: admin.auth,
      payload: { number: 1, title: "T", level: { id: 2_147_483_648 } },
    });
    expect(trail.statusCode).toBe(400);
  });

  it("answers a path that is no valid percent-encoding, or too long, in the documented error format", async () => {
    const badEncoding = await app.inject({ method: "GET", url: "/api/levels/%zz" });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.headers["x-app-error"]).toBe("error.validation");
    expect(badEncoding.json()).toMatchObject({
      status: 400,
      message: "error.validation",
      fieldErrors: [{ field: "path" }],
    });

    const tooLong = await app.inject({ method: "GET", url: `/api/users/${"a".repeat(1_001)}`, headers: admin.auth });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.headers["x-app-error"]).toBe("error.http.414");
    expect(tooLong.json()).toEqual({ status: 414, message: "error.http.414" });
  });

  it("refuses an anonymous caller of a guarded route with a 401 before reading a bad input", async () => {
    const answers: string[] = [];
    for (const route of apiRoutes().filter((candidate) => candidate.config?.roles)) {
      for (const method of methodsOf(route)) {
        const payloads: InjectOptions["payload"][] = [
          sampleOf(route.schema?.body ?? z.object({}), 5) as object,
          "{not json",
        ];
        for (const payload of payloads) {
          const response = await app.inject({
            method,
            url: route.url.replace(/:(\w+)/g, "%00"),
            ...(hasBody(method) ? { payload, headers: { "content-type": "application/json" } } : {}),
          });
          if (response.statusCode !== 401) answers.push(`${nameOf(route)} ${method} → ${response.statusCode}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });
});
