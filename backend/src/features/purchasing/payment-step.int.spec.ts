import type { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import {
  type CheckoutResult,
  type DebitAuthorizationData,
  NOT_ABANDONABLE,
  type PaymentGatewayView,
  type PurchaseView,
  purchaseMessages,
} from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { buyerAddress, cardOf } from "../../../test/purchase-fixtures";
import { sandboxIssuerAnswer } from "../../integrations/payments/sandbox-gateway";

const GETNET_ENV = { GETNET_CLIENT_ID: "client", GETNET_CLIENT_SECRET: "secret", GETNET_SELLER_ID: "seller" };

const scriptSources = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1]?.trim().split(/\s+/) ?? [];

describe("the steps around paying", () => {
  let test: TestApp;
  let fourLessons: number;
  beforeAll(async () => {
    test = await createTestApp();
    fourLessons = (await listPackages(test.app.db)).find((pack) => pack.amount === 4)?.id ?? 0;
    const coupon = await test.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: bearer(await adminToken(test.app)),
      payload: { code: "UMAVEZ", quantity: 1, discount: 10, percentual: true, active: true },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
  });
  afterAll(() => test.close());

  const aStudent = async () => bearer((await signedUpStudent(test.app)).token);
  const debitCheckout = async (auth: Record<string, string>, coupon?: string) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: auth,
      payload: {
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: fourLessons, quantity: 1 }],
        card: cardOf(undefined, 1, "debit"),
        ...(coupon ? { coupon: { code: coupon } } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutResult>();
  };
  const abandon = (auth: Record<string, string>, id: number) =>
    test.app.inject({ method: "POST", url: `/api/purchases/${id}/abandon`, headers: auth });
  const balanceOf = async (auth: Record<string, string>) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: auth })).json<{ balance: number }>().balance;

  it("tell a signed-in person that the sandbox sells, with no device fingerprint, and nobody else", async () => {
    const gateway = await test.app.inject({ method: "GET", url: "/api/purchases/gateway", headers: await aStudent() });
    expect(gateway.json<PaymentGatewayView>()).toEqual({ sandbox: true, fingerprint: null });
    expect(scriptSources(gateway.headers["content-security-policy"])).toEqual(["'self'"]);
    expect((await test.app.inject({ method: "GET", url: "/api/purchases/gateway" })).statusCode).toBe(401);
  });

  it("while Getnet sells: no sandbox, the fingerprint's tag and organisation, and the CSP lets that one script origin in", async () => {
    const getnet = await createTestApp({ env: GETNET_ENV });
    const production = await createTestApp({
      env: {
        ...GETNET_ENV,
        GETNET_BASE_URL: "https://api.getnet.com.br",
        GETNET_FINGERPRINT_URL: "https://fp.example.com/fp/tags.js",
      },
    });
    try {
      const token = bearer((await signedUpStudent(getnet.app)).token);
      const gateway = await getnet.app.inject({ method: "GET", url: "/api/purchases/gateway", headers: token });
      expect(gateway.json<PaymentGatewayView>()).toEqual({
        sandbox: false,
        fingerprint: { scriptUrl: "https://h.online-metrix.net/fp/tags.js", orgId: "1snn5n9w" },
      });
      expect(scriptSources(gateway.headers["content-security-policy"])).toEqual([
        "'self'",
        "https://h.online-metrix.net",
      ]);
      const other = bearer((await signedUpStudent(production.app)).token);
      const live = await production.app.inject({ method: "GET", url: "/api/purchases/gateway", headers: other });
      expect(live.json<PaymentGatewayView>().fingerprint).toEqual({
        scriptUrl: "https://fp.example.com/fp/tags.js",
        orgId: "k8vif92e",
      });
      expect(scriptSources(live.headers["content-security-policy"])).toEqual(["'self'", "https://fp.example.com"]);
    } finally {
      await getnet.close();
      await production.close();
    }
  });

  it("send the browser to the sandbox's bank page and back by paths, so the debit works at any address the product is served at", async () => {
    const auth = await aStudent();
    const result = await debitCheckout(auth);
    const debit = result.additionalData as DebitAuthorizationData;
    expect(debit.redirect_url).toBe("/api/sandbox/issuer");
    expect(debit.term_url).toBe(`/api/purchases/${result.purchaseId}/debit-return`);
    // The history offers the same step again.
    const history = await test.app.inject({ method: "GET", url: "/api/purchases/authenticatedUser", headers: auth });
    expect(history.json<PurchaseView[]>()[0]?.payment).toEqual(debit);
  });

  it("let a student abandon a debit the bank never answered: cancelled, the coupon's use back, no credits, a late bank answer ignored", async () => {
    const auth = await aStudent();
    const result = await debitCheckout(auth, "UMAVEZ");
    const stranger = await abandon(await aStudent(), result.purchaseId);
    expect(stranger.statusCode).toBe(404);

    const abandoned = await abandon(auth, result.purchaseId);
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect(abandoned.json<PurchaseView>()).toMatchObject({
      status: "FAILED",
      failure: purchaseMessages.abandoned,
      payment: null,
    });
    const again = await abandon(auth, result.purchaseId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: NOT_ABANDONABLE });

    // The bank answers after all: nothing is paid.
    const debit = result.additionalData as DebitAuthorizationData;
    const late = await test.app.inject({
      method: "POST",
      url: debit.term_url,
      payload: new URLSearchParams({
        MD: debit.post_data.issuer_payment_id,
        PaRes: sandboxIssuerAnswer(debit.post_data.payer_authentication_request, true),
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(late.statusCode).toBe(200);
    expect(await balanceOf(auth)).toBe(0);
    // The coupon had one use: given back, another student can use it.
    const next = await debitCheckout(await aStudent(), "UMAVEZ");
    expect(next.status).toBe("AWAIT_AUTHORIZATION");
  });

  it("keep the CPF and address typed at a checkout on the student's record, sealed, for the next checkout and the back office", async () => {
    const student = await signedUpStudent(test.app);
    const auth = bearer(student.token);
    const before = await test.app.inject({ method: "GET", url: "/api/purchases/buyer", headers: auth });
    expect(before.json<BuyerDetailsView>()).toEqual({ cpf: null, address: null });
    expect((await test.app.inject({ method: "GET", url: "/api/purchases/buyer" })).statusCode).toBe(401);

    await debitCheckout(auth);
    const saved = await test.app.inject({ method: "GET", url: "/api/purchases/buyer", headers: auth });
    expect(saved.json<BuyerDetailsView>()).toEqual({ cpf: "529.982.247-25", address: buyerAddress });

    // Stored as the profile's other personal fields are: sealed with the student's key.
    const raw = (
      await test.app.db.query<{ data: unknown }>(
        "select data from es_events where stream_id = $1 and type = 'ProfileChanged'",
        [`student-${student.id}`],
      )
    ).rows.map((row) => JSON.stringify(row.data));
    expect(raw).toHaveLength(1);
    expect(raw[0]).not.toContain("529.982.247-25");
    expect(raw[0]).not.toContain("Avenida Paulista");
    expect(raw[0]).toMatch(/"cpf":"pd1:student-/);
    expect(raw[0]).toMatch(/"street":"pd1:student-/);

    // The same details again change nothing; the back office's student shows them.
    await debitCheckout(auth);
    const again = await test.app.db.query("select 1 from es_events where stream_id = $1 and type = 'ProfileChanged'", [
      `student-${student.id}`,
    ]);
    expect(again.rows).toHaveLength(1);
    const admin = bearer(await adminToken(test.app));
    const shown = await test.app.inject({ method: "GET", url: `/api/users/${student.email}`, headers: admin });
    expect(shown.json()).toMatchObject({ cpf: "529.982.247-25", street: "Avenida Paulista", cep: "01310-100" });
  });

  it("refuse to abandon what is not a debit waiting for the bank", async () => {
    const auth = await aStudent();
    const pix = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: auth,
      payload: {
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: fourLessons, quantity: 1 }],
        method: "PIX",
      },
    });
    const { purchaseId } = pix.json<CheckoutResult>();
    const refused = await abandon(auth, purchaseId);
    expect(refused.statusCode).toBe(409);
    const [purchase] = (
      await test.app.inject({ method: "GET", url: "/api/purchases/authenticatedUser", headers: auth })
    ).json<PurchaseView[]>();
    expect(purchase?.status).toBe("AWAIT_PAYMENT");
  });
});
