import { describe, expect, it } from "vitest";
import { z } from "zod";
import { documentedSchema, errorStatusesOf, withErrorAnswers } from "./api-docs-responses";
import { fileBytes } from "./responses";

describe("the error statuses a route is documented with", () => {
  it("given a public GET without parameters: a refused query, a fault, the server busy", () => {
    expect(errorStatusesOf({ method: "GET", url: "/api/levels" })).toEqual([400, 500, 503]);
  });

  it("given a route no one has seen, guarded for administrators, with a path parameter, that changes something", () => {
    expect(errorStatusesOf({ method: "PUT", url: "/api/things/:id", config: { roles: ["ROLE_ADMIN"] } })).toEqual([
      400, 401, 403, 404, 409, 413, 415, 500, 503,
    ]);
  });

  it("given a route any signed-in user may call: 401 but no 403 from the guard", () => {
    const statuses = errorStatusesOf({ method: "GET", url: "/api/account", config: { roles: "authenticated" } });
    expect(statuses).toContain(401);
    expect(statuses).not.toContain(403);
  });

  it("given a read that may replay the audit log: 404 while the replay is not ready", () => {
    const schema = { querystring: z.object({ replay: z.string().optional() }) };
    expect(errorStatusesOf({ method: "GET", url: "/api/lessons", schema })).toContain(404);
  });

  it("keeps what a route declares for a status over the generic error answer", () => {
    const declared = z.object({ status: z.literal(429), retry: z.number() });
    const responses = withErrorAnswers({ method: "GET", url: "/api/x", schema: { response: { 429: declared } } });
    expect(responses[429]).toBe(declared);
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["400", "429", "500", "503"]));
  });
});

describe("the schema a route is documented with", () => {
  it("lists a file's answer under its media types, without their parameters", () => {
    // As fastify-type-provider-zod converts it, without `$schema`.
    const { $schema, ...file } = z.toJSONSchema(fileBytes("text/csv; charset=utf-8", "application/pdf"));
    const documented = documentedSchema("/api/x", { response: { 200: file } });
    expect(documented.response).toEqual({
      200: {
        description: "the file's bytes",
        content: {
          "text/csv": { schema: { type: "string", format: "binary" } },
          "application/pdf": { schema: { type: "string", format: "binary" } },
        },
      },
    });
  });

  it("leaves out the path parameters a path does not have", () => {
    const params = { type: "object", properties: { id: { type: "integer" } }, required: ["id"] };
    expect(documentedSchema("/api/student-feedbacks", { params })).not.toHaveProperty("params");
    expect(documentedSchema("/api/student-feedbacks/:id", { params }).params).toEqual(params);
  });

  it("takes a body that is one string as JSON or as plain text", () => {
    expect(documentedSchema("/api/x", { body: { type: "string" } }).consumes).toEqual([
      "application/json",
      "text/plain",
    ]);
  });
});
