import type { CheckoutResult } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { checkoutBody } from "../../../test/purchase-fixtures";

const body = (packageId: number, coupon?: string) =>
  checkoutBody(packageId, coupon ? { coupon: { code: coupon } } : {});

/** Races on real PostgreSQL, two processes of the product on one database, as in production. */
describe("purchases racing", () => {
  let first: TestApp;
  let second: TestApp;
  let packageId: number;
  beforeAll(async () => {
    first = await createTestApp({ driver: "pg", env: { MAX_IN_FLIGHT: "1000" } });
    second = await createTestApp({ databaseUrl: first.app.config.databaseUrl, env: { MAX_IN_FLIGHT: "1000" } });
    packageId = (await listPackages(first.app.db)).find((pack) => pack.amount === 4)?.id ?? 0;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("gives a coupon of one use to exactly one of 20 students checking out at once; the others are told it is not valid", async () => {
    const admin = bearer(await adminToken(first.app));
    const created = await first.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin,
      payload: { code: "SOUMUM", quantity: 1, discount: 50, percentual: true, active: true },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const students = await Promise.all(Array.from({ length: 20 }, () => signedUpStudent(first.app)));
    const answers = await Promise.all(
      students.map((student, index) =>
        (index % 2 ? second : first).app.inject({
          method: "POST",
          url: "/api/purchases/checkout",
          headers: bearer(student.token),
          payload: body(packageId, "SOUMUM"),
        }),
      ),
    );
    const approved = answers.filter((answer) => answer.statusCode === 200);
    expect(approved).toHaveLength(1);
    expect(approved[0]?.json<CheckoutResult>().status).toBe("APPROVED");
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(refused).toHaveLength(19);
    expect(refused.every((answer) => answer.body.includes("Cupom não é válido."))).toBe(true);
    const { rows } = await first.app.db.query<{ count: string }>(
      "select count(*) as count from es_events where type = 'CouponUsed'",
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it("charges a checkout once when the same Idempotency-Key reaches both processes at once", async () => {
    const student = await signedUpStudent(first.app);
    const auth = bearer(student.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? second : first).app.inject({
          method: "POST",
          url: "/api/purchases/checkout",
          headers: { ...auth, "idempotency-key": "double-click-1" },
          payload: body(packageId),
        }),
      ),
    );
    const results = answers.map((answer) => answer.json<CheckoutResult>());
    expect(results.map((result) => result.status)).toEqual(Array(6).fill("APPROVED"));
    expect(new Set(results.map((result) => result.purchaseId)).size).toBe(1);
    const account = await second.app.inject({ method: "GET", url: "/api/account", headers: auth });
    expect(account.json<{ balance: number }>().balance).toBe(4);
    const { rows } = await first.app.db.query<{ count: string }>(
      "select count(*) as count from es_events where type = 'PurchaseStarted' and data->'student'->>'id' = $1",
      [String(student.id)],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it("credits a Pix once when its notification reaches both processes many times at once", async () => {
    const student = await signedUpStudent(first.app);
    const auth = bearer(student.token);
    const result = (
      await first.app.inject({
        method: "POST",
        url: "/api/purchases/checkout",
        headers: auth,
        payload: { ...body(packageId), card: null, method: "PIX" },
      })
    ).json<CheckoutResult>();
    const { rows } = await first.app.db.query<{ payment_id: string }>(
      "select payment_id from purchases where id = $1",
      [result.purchaseId],
    );
    const paymentId = rows[0]?.payment_id ?? "";
    // Each process has its own sandbox: both are told the payer paid, as the real gateway would answer both.
    await first.app.payments.pay?.(paymentId);
    await second.app.payments.pay?.(paymentId);
    const url = `/api/purchases/notifications?payment_id=${paymentId}&order_id=${result.purchaseId}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? second : first).app.inject({ method: "GET", url })),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
    const account = await first.app.inject({ method: "GET", url: "/api/account", headers: auth });
    expect(account.json<{ balance: number }>().balance).toBe(4);
    const granted = await first.app.db.query<{ count: string }>(
      "select count(*) as count from es_events where type = 'CreditsGranted' and stream_id = $1",
      [`student-${student.id}`],
    );
    expect(Number(granted.rows[0]?.count)).toBe(1);
  });
});
