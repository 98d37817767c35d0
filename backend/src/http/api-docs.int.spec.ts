import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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
  let webDist: string;
  beforeAll(async () => {
    // With the built web app, whose files are routes too.
    webDist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
    await mkdir(path.join(webDist, "assets"));
    await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>English Lessons</title>");
    await writeFile(path.join(webDist, "assets", "app.js"), "console.log('app');");
    test = await createTestApp({ env: { WEB_DIST: webDist } });
    const response = await test.app.inject({
      method: "GET",
      url: OPENAPI_URL,
      headers: bearer(await adminToken(test.app)),
    });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await test.close();
    await rm(webDist, { recursive: true, force: true });
  });

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
    expect(test.routes.map((route) => route.url)).toContain("/assets/app.js");
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
