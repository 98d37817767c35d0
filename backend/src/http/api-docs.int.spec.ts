import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { OPENAPI_URL } from "./api-docs";

interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

describe("the OpenAPI document", () => {
  let test: TestApp;
  let document: Document;
  beforeAll(async () => {
    test = await createTestApp();
    const response = await test.app.inject({
      method: "GET",
      url: OPENAPI_URL,
      headers: bearer(await adminToken(test.app)),
    });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => test.close());

  it("describes the checkout from its zod body: the fields, which are required, the answers", () => {
    const checkout = document.paths["/api/purchases/checkout"]?.post;
    const body = checkout?.requestBody?.content["application/json"]?.schema;
    expect(body?.type).toBe("object");
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(["method", "card", "address", "user", "coupon", "packages"]),
    );
    expect(body).toMatchObject({ required: expect.arrayContaining(["address", "user", "packages"]) });
    expect(Object.keys(checkout?.responses ?? {})).toContain("200");
    expect(checkout?.tags).toEqual(["purchases"]);
    expect(checkout?.security).toEqual([{ bearer: [] }]);
  });

  it("lists the product's routes with their parameters, and the management ones", () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/schedulings", "/api/levels", "/management/audits", "/management/health"]),
    );
    expect(document.paths["/api/schedulings"]).toHaveProperty("post");
    expect(document.paths["/management/audits"]?.get?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["page", "size", "fromDate", "toDate"]),
    );
    expect(document.components.securitySchemes).toHaveProperty("bearer");
  });

  it("marks only the routes anyone may call as open", () => {
    expect(document.paths["/management/health/liveness"]?.get?.security).toBeUndefined();
    expect(document.paths["/api/schedulings"]?.post?.security).toEqual([{ bearer: [] }]);
  });

  it("leaves out the web app's files", () => {
    expect(Object.keys(document.paths).filter((path) => !/^\/(api|management|metrics)\b/.test(path))).toEqual([]);
  });

  it("is for administrators only: 401 without a token, 403 for a student", async () => {
    expect((await test.app.inject({ method: "GET", url: OPENAPI_URL })).statusCode).toBe(401);
    const student = await signedUpStudent(test.app);
    expect(
      (await test.app.inject({ method: "GET", url: OPENAPI_URL, headers: bearer(student.token) })).statusCode,
    ).toBe(403);
  });
});
