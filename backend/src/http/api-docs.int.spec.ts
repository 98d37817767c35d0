import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { OPENAPI_URL } from "./api-docs";

interface Response {
  content?: Record<string, { schema: unknown }>;
}

interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }> };
  parameters?: { name: string; in: string; description?: string; schema?: unknown }[];
  responses: Record<string, unknown>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
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
    expect(document.openapi).toBe("3.0.3");
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

  it("lists every error status a route can answer, each with the error body", () => {
    const schedule = document.paths["/api/schedulings"]?.post?.responses ?? {};
    expect(Object.keys(schedule)).toEqual(
      expect.arrayContaining(["400", "401", "403", "404", "409", "413", "415", "500", "503"]),
    );
    // The error body is one component every error status refers to.
    expect(schedule["400"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorAnswer" } } },
    });
    expect(document.components.schemas?.ErrorAnswer).toMatchObject({
      properties: { status: {}, message: {}, fieldErrors: {} },
      required: ["status", "message"],
    });
    expect(Object.keys(document.paths["/api/lessons/{id}"]?.get?.responses ?? {})).toContain("404");
    const levels = Object.keys(document.paths["/api/levels"]?.get?.responses ?? {});
    expect(levels).toEqual(expect.arrayContaining(["200", "400", "503"]));
    expect(levels).not.toContain("401");
    expect(Object.keys(document.paths["/api/account/hasUser"]?.get?.responses ?? {})).toContain("429");
  });

  it("documents the media types the routes really answer, and /metrics as guarded", () => {
    const mediaTypes = (path: string, method = "get") =>
      Object.keys((document.paths[path]?.[method]?.responses["200"] as Response | undefined)?.content ?? {});
    expect(mediaTypes("/api/lessons/export")).toEqual([
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(mediaTypes("/api/feedbacks/download")).toContain("text/csv");
    expect(mediaTypes("/api/audit/export")).toEqual(["application/x-ndjson"]);
    expect(mediaTypes("/api/boletos/{paymentId}")).toEqual(["application/pdf"]);
    expect(mediaTypes("/api/calendar/{file}")).toEqual(["text/calendar"]);
    expect(mediaTypes("/api/teacher-photos/{photo}/{size}")).toEqual(["image/webp"]);
    expect(mediaTypes("/api/sandbox/issuer")).toEqual(["text/html"]);
    expect(mediaTypes("/metrics")).toEqual(["text/plain"]);
    expect(Object.keys(document.paths["/api/purchases/{id}/debit-return"]?.post?.requestBody?.content ?? {})).toEqual([
      "application/x-www-form-urlencoded",
      "application/json",
    ]);
    expect(document.paths["/metrics"]?.get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(document.paths["/metrics"]?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(["401", "403"]),
    );
  });

  it("declares only the path parameters a path has", () => {
    const pathParameters = (path: string) =>
      (document.paths[path]?.put?.parameters ?? []).filter((parameter) => parameter.in === "path");
    expect(pathParameters("/api/student-feedbacks")).toEqual([]);
    expect(pathParameters("/api/teacher-feedbacks")).toEqual([]);
    expect(pathParameters("/api/student-feedbacks/{id}").map((parameter) => parameter.name)).toEqual(["id"]);
  });

  it("states the rules the server enforces: e-mail format, a percentage's maximum, positive ids, the export's scope", () => {
    const body = (path: string) => document.paths[path]?.post?.requestBody?.content["application/json"]?.schema;
    expect(JSON.stringify(body("/api/register"))).toContain('"format":"email"');
    expect(body("/api/coupons")).toMatchObject({
      anyOf: [{ properties: { percentual: { enum: [false] } } }, { properties: { discount: { maximum: 100 } } }],
    });
    for (const [path, method] of [
      ["/api/lessons/{id}", "get"],
      ["/api/payments/{id}", "get"],
    ] as const) {
      const id = document.paths[path]?.[method]?.parameters?.find((parameter) => parameter.name === "id");
      expect(id, path).toMatchObject({ schema: { minimum: 0, exclusiveMinimum: true } });
    }
    const stream = document.paths["/api/audit/export"]?.get?.parameters?.find(
      (parameter) => parameter.name === "stream",
    );
    expect(stream).toMatchObject({ description: expect.stringMatching(/required unless `from` and `to`/) });
    expect(Object.keys(document.paths["/api/account/reset-password/init"]?.post?.requestBody?.content ?? {})).toEqual([
      "application/json",
      "text/plain",
    ]);
  });

  it("takes a reset request's e-mail as a JSON string or as plain text, as documented", async () => {
    for (const [contentType, payload] of [
      ["application/json", JSON.stringify("ninguem@example.com")],
      ["text/plain", "ninguem@example.com"],
    ]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/account/reset-password/init",
        headers: { "content-type": contentType as string },
        payload,
      });
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(200);
    }
  });

  it("is for administrators only: 401 without a token, 403 for a student", async () => {
    expect((await test.app.inject({ method: "GET", url: OPENAPI_URL })).statusCode).toBe(401);
    const student = await signedUpStudent(test.app);
    expect(
      (await test.app.inject({ method: "GET", url: OPENAPI_URL, headers: bearer(student.token) })).statusCode,
    ).toBe(403);
  });
});
