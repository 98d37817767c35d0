import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signedUpStudent } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";

/** With room for two API requests at a time, a burst of forty: the rest are refused at once, not queued. */
describe("shedding load past what the server can take", () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp({ env: { MAX_IN_FLIGHT: "2" } });
    token = (await signedUpStudent(test.app)).token;
  });
  afterAll(() => test.close());

  const burst = (count: number, url: string, headers: Record<string, string> = bearer(token)) =>
    Promise.all(Array.from({ length: count }, () => test.app.inject({ method: "GET", url, headers })));

  it("answers the requests past the limit 503 with Retry-After, the others as usual", async () => {
    const responses = await burst(40, "/api/account");
    const refused = responses.filter((response) => response.statusCode === 503);
    const served = responses.filter((response) => response.statusCode === 200);
    expect(refused.length + served.length).toBe(40);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toEqual({ status: 503, message: "error.http.503" });
    }
  });

  it("refuses before anything else: an anonymous request past the limit gets 503, not 401", async () => {
    const responses = await burst(40, "/api/account", {});
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([401, 503]));
  });

  it("frees its room as answers go out, and never refuses a health check", async () => {
    const [health] = await Promise.all([
      test.app.inject({ method: "GET", url: "/management/health" }),
      burst(40, "/api/account"),
    ]);
    expect(health.statusCode).toBe(200);
    for (let request = 0; request < 5; request++) {
      expect((await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).statusCode).toBe(
        200,
      );
    }
  });
});
