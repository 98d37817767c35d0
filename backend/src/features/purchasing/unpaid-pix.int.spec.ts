import type { CheckoutResult, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { buyerAddress as address } from "../../../test/purchase-fixtures";
import { createSandboxGateway } from "../../integrations/payments/sandbox-gateway";
import { sweepDuePurchases } from "./payment-settlement";

describe("an unpaid Pix", () => {
  let test: TestApp;
  beforeAll(async () => {
    const sandbox = createSandboxGateway({ baseUrl: "http://localhost:8080" });
    // Its QR code was valid for a moment only: the expiry job finds it due at once.
    const shortLived = {
      ...sandbox,
      name: sandbox.name,
      pay: sandbox.pay,
      createPix: async (...args: Parameters<typeof sandbox.createPix>) => ({
        ...(await sandbox.createPix(...args)),
        expiresAt: new Date(Date.now() - 1_000),
      }),
    };
    test = await createTestApp({ overrides: { payments: shortLived } });
  });
  afterAll(() => test.close());

  it("expires once its time is over, tells the student, and gives the coupon's use back", async () => {
    const admin = bearer(await adminToken(test.app));
    await test.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin,
      payload: { code: "PIXRAPIDO", quantity: 1, discount: 5, percentual: false, active: true },
    });
    const student = await signedUpStudent(test.app);
    const auth = bearer(student.token);
    const packages = await listPackages(test.app.db);
    const result = (
      await test.app.inject({
        method: "POST",
        url: "/api/purchases/checkout",
        headers: auth,
        payload: {
          method: "PIX",
          address,
          user: { cpf: "529.982.247-25" },
          coupon: { code: "PIXRAPIDO" },
          packages: [{ id: packages[0]?.id, quantity: 1 }],
        },
      })
    ).json<CheckoutResult>();
    expect(result.status).toBe("AWAIT_PAYMENT");
    const pushed: unknown[] = [];
    test.app.pushes.on("push", (pushes) => pushed.push(...pushes.filter((push) => push.event === "purchase:updated")));

    await sweepDuePurchases(test.app);
    const [purchase] = (
      await test.app.inject({ method: "GET", url: "/api/purchases/authenticatedUser", headers: auth })
    ).json<PurchaseView[]>();
    expect(purchase?.status).toBe("EXPIRED");
    expect(pushed).toContainEqual(
      expect.objectContaining({ payload: { purchaseId: result.purchaseId, status: "EXPIRED" } }),
    );
    const coupon = await test.app.inject({
      method: "GET",
      url: "/api/_search/coupons?query=PIXRAPIDO",
      headers: admin,
    });
    expect(coupon.json<{ used: number }[]>()[0]?.used).toBe(0);
  });
});
