import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAdmin } from "../../test/catalog-fixtures";
import type { Person } from "../../test/lesson-fixtures";

const nested = (depth: number, open: string, close: string, inner = "1") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

const methodsOf = (route: RouteOptions) => [route.method].flat() as HTTPMethods[];
const takesBody = (method: HTTPMethods) => !["GET", "HEAD", "DELETE", "OPTIONS"].includes(method);

describe("a request body of any shape", () => {
  let test: TestApp;
  let app: FastifyInstance;
  let admin: Person;
  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    admin = await givenAdmin(app);
  });
  afterAll(() => test.close());

  it.each([
    ["an object nested 8,000 deep", nested(8_000, '{"a":', "}")],
    ["an array nested 10,000 deep", nested(10_000, "[", "]")],
  ])("refuses %s with a 400 in the documented format, on every route, signed in or not", async (_name, body) => {
    const answers: string[] = [];
    for (const route of test.routes.filter((candidate) => candidate.schema?.hide !== true)) {
      for (const method of methodsOf(route).filter(takesBody)) {
        for (const headers of [{}, admin.auth]) {
          const response = await app.inject({
            method,
            url: route.url.replace(/:(\w+)/g, "1"),
            headers: { ...headers, "content-type": "application/json" },
            payload: body,
          });
          if (response.statusCode >= 500)
            answers.push(`${method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(answers).toEqual([]);

    const anonymous = await app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "content-type": "application/json" },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.headers["x-app-error"]).toBe("error.validation");
    expect(anonymous.json()).toMatchObject({ status: 400, message: "error.validation" });
    expect(anonymous.json().fieldErrors).toHaveLength(1);
  });
});
