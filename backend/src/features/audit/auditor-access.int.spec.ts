import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent, storedEventCount, studentForm } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";

/** An auditor reads the history and changes nothing: every write of the product refuses them. */
describe("an auditor", () => {
  let test: TestApp;
  let auditor: Awaited<ReturnType<typeof givenAuditor>>;
  let student: Awaited<ReturnType<typeof signedUpStudent>>;

  beforeAll(async () => {
    test = await createTestApp();
    auditor = await givenAuditor(test.app);
    student = await signedUpStudent(test.app);
  });
  afterAll(() => test.close());

  const writes = () => [
    { method: "POST" as const, url: "/api/users", payload: { login: "x", email: "x@example.com", password: "senha" } },
    { method: "PUT" as const, url: "/api/users", payload: { id: student.id, firstName: "Mudada" } },
    { method: "DELETE" as const, url: `/api/users/${student.email}` },
    { method: "POST" as const, url: "/api/registerByAdmin", payload: studentForm() },
    { method: "POST" as const, url: `/api/users/${student.email}/credits`, payload: { amount: 5 } },
    { method: "POST" as const, url: "/api/levels", payload: { name: "Nível", description: "x", active: true } },
    { method: "POST" as const, url: "/api/coupons", payload: { code: "AUDIT10", discount: 10 } },
    { method: "POST" as const, url: "/api/schedulings", payload: {} },
    { method: "DELETE" as const, url: "/api/schedulings/1" },
  ];

  it("is refused every write of the back office and the lesson loop, and nothing is stored", async () => {
    const before = await storedEventCount(test.app);
    for (const write of writes()) {
      const response = await test.app.inject({ ...write, headers: auditor.auth });
      expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(403);
    }
    expect(await storedEventCount(test.app)).toBe(before);
  });

  it("is listed with the authority an administrator granted", async () => {
    const admin = await adminToken(test.app);
    const user = await test.app.inject({ method: "GET", url: `/api/users/${auditor.login}`, headers: bearer(admin) });
    expect(user.json().authorities.sort()).toEqual(["ROLE_AUDITOR", "ROLE_USER"]);
    const authorities = await test.app.inject({ method: "GET", url: "/api/users/authorities", headers: bearer(admin) });
    expect(authorities.json()).toContain("ROLE_AUDITOR");
  });
});
