import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent, tokenOf } from "../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabaseUrl } from "../test/databases";
import { aTrail, saoPauloTime } from "../test/lesson-fixtures";
import { checkoutBody } from "../test/purchase-fixtures";

const run = promisify(execFile);
const scripts = path.resolve(import.meta.dirname, "../scripts");

/**
 * docs/operations.md's backup and restore, done as the runbook says: the event store backed up with
 * backup.sh, restored into a new database with restore.sh, the product started on it: every read model is
 * rebuilt from the events and answers what it answered before, and the product goes on taking commands.
 */
describe("backing up and restoring the event store", () => {
  let folder: string;
  let original: TestApp;
  let restored: TestApp | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "el-backup-"));
    original = await createTestApp({ driver: "pg" });
  });
  afterAll(async () => {
    await restored?.close();
    await original.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("rebuilds every read model from the restored events, with the same answers, and keeps working", async () => {
    const admin = bearer(await adminToken(original.app));
    const student = await signedUpStudent(original.app);
    const studentAuth = bearer(student.token);
    await original.app.inject({
      method: "POST",
      url: `/api/users/${student.email}/credits`,
      headers: admin,
      payload: { amount: 3 },
    });
    const trail = await aTrail(original.app);
    const scheduled = await original.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: studentAuth,
      payload: { trail: { id: trail.id }, date: saoPauloTime(2, 10), objective: "TRAVEL" },
    });
    expect(scheduled.statusCode).toBe(201);
    await original.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin,
      payload: { code: "VOLTEI", quantity: 3, discount: 10, percentual: true, active: true },
    });
    const packages = (await original.app.inject({ method: "GET", url: "/api/item-packages" })).json<{ id: number }[]>();
    const checkout = await original.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: studentAuth,
      payload: checkoutBody(packages[0]?.id, { coupon: { code: "VOLTEI" } }),
    });
    expect(checkout.json<{ status: string }>().status).toBe("APPROVED");

    const answers = async (test: TestApp, adminAuth: Record<string, string>, auth: Record<string, string>) => {
      const get = async (url: string, headers: Record<string, string>) => {
        const response = await test.app.inject({ method: "GET", url, headers });
        return { url, status: response.statusCode, body: response.json() as unknown };
      };
      return Promise.all([
        get("/api/account", auth),
        get("/api/schedulings/authenticatedUser", auth),
        get("/api/lessons/authenticatedUser?period=upcoming", auth),
        get("/api/purchases/authenticatedUser", auth),
        get(`/api/users/${student.email}`, adminAuth),
        get("/api/users/student?page=0&size=50", adminAuth),
        get("/api/coupons", adminAuth),
        get("/api/purchases?size=50", adminAuth),
        get("/api/purchases/totalAmount", adminAuth),
        get("/api/levels?size=999", adminAuth),
        get("/api/trails", adminAuth),
        get("/management/audits?page=0&size=100", adminAuth),
      ]);
    };
    const before = await answers(original, admin, studentAuth);

    const backup = path.join(folder, "backup.dump");
    const sourceUrl = original.app.config.databaseUrl ?? "";
    await run(path.join(scripts, "backup.sh"), [sourceUrl, backup]);
    const targetUrl = await createTestDatabaseUrl();
    await run(path.join(scripts, "restore.sh"), [targetUrl, backup]);

    restored = await createTestApp({ databaseUrl: targetUrl });
    const app = restored.app;
    await expect
      .poll(async () => (await app.projections.status()).every((projector) => projector.lag === 0), { timeout: 30_000 })
      .toBe(true);
    const restoredAdmin = bearer(await tokenOf(app, "admin@englishlessons.test", "admin-password"));
    const restoredStudent = bearer(await tokenOf(app, student.email, student.password));
    const after = await answers(restored, restoredAdmin, restoredStudent);
    // Signing in again is itself audited: compare the audit trail up to what the original held.
    const audits = (answer: { body: unknown }) => (answer.body as unknown[]).length;
    expect(audits(after[11] ?? { body: [] })).toBeGreaterThanOrEqual(audits(before[11] ?? { body: [] }));
    expect(after.slice(0, 11)).toEqual(before.slice(0, 11));

    // New work goes on in the restored database, after what was there.
    const again = await app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: restoredStudent,
      payload: { trail: { id: trail.id }, date: saoPauloTime(3, 11), objective: "TRAVEL" },
    });
    expect(again.statusCode, again.body).toBe(201);
    const lessons = await app.inject({
      method: "GET",
      url: "/api/schedulings/authenticatedUser",
      headers: restoredStudent,
    });
    expect(lessons.json<unknown[]>()).toHaveLength(2);

    // The audit chain came back with the events and goes on after them: every event, old and new, linked once.
    const verify = await app.inject({ method: "GET", url: "/api/audit/verify", headers: restoredAdmin });
    expect(verify.json()).toMatchObject({ ok: true, brokenAt: null, unchained: 0 });
    const { rows } = await app.db.query<{ events: string; links: string }>(
      `select (select count(*) from es_events) as events,
              (select count(distinct p) from es_audit_chain, unnest(positions) as p) as links`,
    );
    expect(Number(rows[0]?.links)).toBe(Number(rows[0]?.events));
  });
});
