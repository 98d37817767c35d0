import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { givenAdmin } from "../../test/catalog-fixtures";
import { givenStudent } from "../../test/lesson-fixtures";

describe("health", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pglite" });
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: "GET", url, headers });

  /** The database failing as a dropped connection does, with its error text, until `restore` is called. */
  const databaseDown = () => {
    const { db } = test.app;
    const query = db.query;
    db.query = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 (user "el_owner")');
    };
    return () => {
      db.query = query;
    };
  };

  it("tells anyone, a student included, UP or DOWN and nothing else", async () => {
    const student = await givenStudent(test.app);
    for (const headers of [{}, student.auth, { authorization: "Bearer not-a-token" }]) {
      const response = await get("/management/health", headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "UP" });
    }
    const restore = databaseDown();
    try {
      const down = await get("/management/health");
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "DOWN" });
      expect(down.body).not.toContain("ECONNREFUSED");
    } finally {
      restore();
    }
  });

  it("shows an administrator the database and every projector's state, position and lag", async () => {
    const admin = await givenAdmin(test.app);
    const response = await get("/management/health", admin.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: "UP", components: { db: { status: "UP", driver: "pglite" } } });
    expect(body.components.projections.details.length).toBeGreaterThan(0);
    expect(body.components.projections.details[0]).toMatchObject({
      name: expect.any(String),
      position: { transactionId: expect.any(String), globalPosition: expect.any(String) },
      lag: expect.any(Number),
    });
  });

  it("answers the orchestrator's probes: liveness while the process runs, readiness while the database answers", async () => {
    expect((await get("/management/health/liveness")).json()).toEqual({ status: "UP" });
    expect((await get("/management/health/readiness")).json()).toEqual({ status: "UP" });
    const restore = databaseDown();
    try {
      const live = await get("/management/health/liveness");
      expect([live.statusCode, live.json()]).toEqual([200, { status: "UP" }]);
      const ready = await get("/management/health/readiness");
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: "DOWN" }]);
    } finally {
      restore();
    }
    expect((await get("/management/health/readiness")).statusCode).toBe(200);
  });
});
