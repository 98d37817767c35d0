import type { CheckoutResult, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { buyerAddress } from "../../../test/purchase-fixtures";
import { PIX_EXPIRES_IN_SECONDS } from "./checkout";
import { sweepDuePurchases } from "./payment-settlement";

describe("an unpaid Pix on the business clock", () => {
  const clock = movableClock();
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ overrides: { clock } });
  });
  afterAll(() => test.close());

  it("stays open until the clock passes its expiry, and the sweep expires it then", async () => {
    const auth = bearer((await signedUpStudent(test.app)).token);
    const packages = await listPackages(test.app.db);
    const checkout = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: auth,
      payload: {
        method: "PIX",
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: packages[0]?.id, quantity: 1 }],
      },
    });
    expect(checkout.json<CheckoutResult>().status).toBe("AWAIT_PAYMENT");
    const status = async () =>
      (await test.app.inject({ method: "GET", url: "/api/purchases/authenticatedUser", headers: auth })).json<
        PurchaseView[]
      >()[0]?.status;

    clock.moveBy(PIX_EXPIRES_IN_SECONDS * 1000 - 60_000);
    await sweepDuePurchases(test.app);
    expect(await status()).toBe("AWAIT_PAYMENT");

    clock.moveBy(2 * 60_000);
    await sweepDuePurchases(test.app);
    expect(await status()).toBe("EXPIRED");
  });
});
