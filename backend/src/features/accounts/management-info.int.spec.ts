import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

describe("GET /management/info", () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp({ driver: "pglite" });
    token = await adminToken(test.app);
  });
  afterAll(() => test.close());
  afterEach(() => vi.unstubAllEnvs());

  const info = async () => {
    const response = await test.app.inject({ method: "GET", url: "/management/info", headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("names the product, the backend's version from its package.json, the database and how long it has run", async () => {
    const { version } = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8"));
    const body = await info();
    expect(body).toMatchObject({
      build: { name: "english-lessons", version },
      database: "pglite",
      activeProfiles: ["embedded"],
      node: process.version,
    });
    expect(body.build).not.toHaveProperty("commit");
    expect(body.uptime).toBeGreaterThanOrEqual(0);
    expect(body.uptime).toBeLessThanOrEqual(Math.ceil(process.uptime()));
  });

  it("gives the commit the deployment names in GIT_COMMIT", async () => {
    vi.stubEnv("GIT_COMMIT", "fd63684");
    expect((await info()).build.commit).toBe("fd63684");
  });
});
