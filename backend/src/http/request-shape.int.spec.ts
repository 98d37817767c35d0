import { INVALID_COUPON } from "@el/domain/coupons/index";
import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAdmin } from "../../test/catalog-fixtures";
import { givenStudent, type Person } from "../../test/lesson-fixtures";

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

  /** Only printable ASCII: what a header may carry, whatever a browser or a proxy then does with it. */
  const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

  it.each([
    ["a non-ASCII key holding a NUL", { "\u0436": "\u0000" }, "\u0436"],
    ["a key with a line break", { "a\nb": "\u0000" }, "a\nb"],
  ])("refuses %s with a 400 whose X-app-params names it percent-encoded", async (_name, payload, field) => {
    for (const [url, headers] of [
      ["/api/levels", admin.auth],
      ["/api/register", {}],
    ] as const) {
      const response = await app.inject({ method: "POST", url, headers, payload });
      expect(response.statusCode).toBe(400);
      const params = String(response.headers["x-app-params"]);
      expect(params).toMatch(PRINTABLE_ASCII);
      expect(decodeURIComponent(params)).toBe(field);
      expect(response.json().fieldErrors).toEqual([{ field, message: "Texto com caractere inválido." }]);
    }
  });

  it("sends a refusal's message with accents percent-encoded in X-app-error, as it is in the body", async () => {
    const student = await givenStudent(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/coupons/validate?packages=1",
      headers: student.auth,
      payload: { code: "NO-SUCH-COUPON" },
    });
    expect(response.statusCode).toBe(400);
    const header = String(response.headers["x-app-error"]);
    expect(header).toMatch(PRINTABLE_ASCII);
    expect(decodeURIComponent(header)).toBe(INVALID_COUPON);
    expect(response.json().message).toBe(INVALID_COUPON);
  });
});
