import { studentStreams } from "@el/domain/accounts/index";
import { purchaseStreams, reconciliationReasons } from "@el/domain/purchasing/index";
import { listPackages } from "@el/projections/catalog/index";
import { findCouponIdByCode } from "@el/projections/coupons/index";
import { findPurchase } from "@el/projections/purchasing/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { createTestDatabaseUrl } from "../../../test/databases";
import { type FakeGetnet, startFakeGetnet } from "../../../test/fake-getnet";
import { freePort, spawnProduct } from "../../../test/product-process";
import { APPROVED_CARD, buyerAddress, cardOf, DECLINED_CARD } from "../../../test/purchase-fixtures";
import { connect, connected, listen, next } from "../../../test/sockets";
import { startPurchaseCommand } from "./purchase-commands";
import { sweepPurchasesToReconcile } from "./reconciliation";

const MINUTE = 60_000;
const JWT_SECRET = "test-secret-test-secret-test-secret";

/**
 * A backend killed (SIGKILL) after Getnet made a card charge and before the checkout recorded it leaves a purchase
 * holding only `PurchaseStarted`. Another process's sweep settles it by asking Getnet for the charge of its order
 * id: credited once, or failed with the coupon's use back, never left pending.
 */
describe("reconciling purchases whose checkout died before recording the gateway's answer", () => {
  let fake: FakeGetnet;
  let databaseUrl: string;
  let test: TestApp;
  let url: string;
  let admin: Record<string, string>;
  let fourLessons: number;
  const clock = movableClock();
  const getnetEnv = () => ({
    GETNET_CLIENT_ID: fake.credentials.clientId,
    GETNET_CLIENT_SECRET: fake.credentials.clientSecret,
    GETNET_SELLER_ID: fake.credentials.sellerId,
    GETNET_BASE_URL: fake.baseUrl,
  });

  beforeAll(async () => {
    fake = await startFakeGetnet();
    databaseUrl = await createTestDatabaseUrl();
    test = await createTestApp({
      databaseUrl,
      // The sweep is run by the spec, at the moments it chooses.
      env: { ...getnetEnv(), PURCHASE_EXPIRY_INTERVAL_MS: String(60 * MINUTE) },
      overrides: { clock },
    });
    url = await listen(test.app);
    admin = bearer(await adminToken(test.app));
    fourLessons = (await listPackages(test.app.db)).find((pack) => pack.amount === 4)?.id ?? 0;
  });
  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });

  const aCoupon = async (code: string) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin,
      payload: { code, quantity: 1, discount: 10, percentual: true, active: true },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const checkoutBody = (card: string, coupon: string) => ({
    address: buyerAddress,
    user: { cpf: "529.982.247-25" },
    packages: [{ id: fourLessons, quantity: 1 }],
    card: cardOf(card),
    coupon: { code: coupon },
  });
  const eventsOf = async (streamId: string) =>
    (
      await test.app.db.query<{ type: string }>(
        "select type from es_events where stream_id = $1 order by stream_version",
        [streamId],
      )
    ).rows.map((row) => row.type);
  /** Business time moves to 3 minutes after the purchase started: past the time any checkout takes. */
  const pastTheGrace = async (purchaseId: number) => {
    const startedAt = Date.parse((await findPurchase(test.db, purchaseId))?.startedAt ?? "");
    clock.moveBy(Math.max(0, startedAt + 3 * MINUTE - clock.now().getTime()));
  };
  const balanceOf = async (token: string) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).json<{ balance: number }>()
      .balance;

  /** A product process checks out by card; Getnet records the charge, and the process is killed before its answer. */
  const checkoutKilledAfterTheCharge = async (
    login: { email: string; password: string },
    card: string,
    coupon: string,
  ) => {
    const port = await freePort();
    const productUrl = `http://127.0.0.1:${port}`;
    const product = spawnProduct({
      ...process.env,
      ...getnetEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      BASE_URL: productUrl,
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
    });
    const exited = new Promise((resolve) => product.child.once("exit", resolve));
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (product.child.exitCode !== null) throw new Error(`the product exited at start:\n${product.output()}`);
        const ready = await fetch(`${productUrl}/management/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`the product did not start in time:\n${product.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const signIn = await fetch(`${productUrl}/api/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: login.email, password: login.password, rememberMe: false }),
      });
      const { id_token: token } = (await signIn.json()) as { id_token: string };
      let charged: string | undefined;
      fake.onCardCharge = async (paymentId) => {
        charged = paymentId;
        product.child.kill("SIGKILL");
        await exited;
      };
      const answer = await fetch(`${productUrl}/api/purchases/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(checkoutBody(card, coupon)),
      }).then(
        (response) => `answered ${response.status}`,
        () => "no answer",
      );
      expect(answer).toBe("no answer");
      const charge = fake.charges().get(charged ?? "");
      if (charge === undefined) throw new Error("Getnet recorded no charge");
      return { purchaseId: Number(charge.orderId), paymentId: charged ?? "", status: charge.status };
    } finally {
      fake.onCardCharge = undefined;
      if (product.child.exitCode === null && product.child.signalCode === null) {
        product.child.kill("SIGKILL");
        await exited;
      }
    }
  };

  it("credits, once, a card charge Getnet approved whose checkout was killed before recording it, and tells the student", async () => {
    const student = await signedUpStudent(test.app);
    await aCoupon("CAIU-APROVADO");
    const crashed = await checkoutKilledAfterTheCharge(student, APPROVED_CARD, "CAIU-APROVADO");
    expect(crashed.status).toBe("APPROVED");
    expect(await eventsOf(purchaseStreams.id(crashed.purchaseId))).toEqual(["PurchaseStarted"]);

    // Within the time a checkout takes, nothing is decided for it.
    await sweepPurchasesToReconcile(test.app);
    expect(await eventsOf(purchaseStreams.id(crashed.purchaseId))).toEqual(["PurchaseStarted"]);

    const socket = connect(url, student.token);
    await connected(socket);
    const told = next(socket, "purchase:updated", (push) => push.purchaseId === crashed.purchaseId, 15_000);
    await pastTheGrace(crashed.purchaseId);
    await Promise.all([sweepPurchasesToReconcile(test.app), sweepPurchasesToReconcile(test.app)]);
    await sweepPurchasesToReconcile(test.app);
    expect((await told).status).toBe("PAID");
    socket.disconnect();

    expect(await eventsOf(purchaseStreams.id(crashed.purchaseId))).toEqual([
      "PurchaseStarted",
      "PurchaseReconciled",
      "PurchasePaid",
    ]);
    const granted = (await eventsOf(studentStreams.id(student.id))).filter((type) => type === "CreditsGranted");
    expect(granted).toHaveLength(1);
    expect(await balanceOf(student.token)).toBe(4);
    expect(fake.charges().get(crashed.paymentId)?.status).toBe("APPROVED");
    expect(await findPurchase(test.db, crashed.purchaseId)).toMatchObject({ status: "PAID", reconciled: true });
    // The back office's list says which purchases needed it.
    const listed = await test.app.inject({
      method: "GET",
      url: `/api/purchases?studentId=${student.id}`,
      headers: admin,
    });
    expect(listed.json<{ id: number; status: string; reconciled: boolean }[]>()).toEqual([
      expect.objectContaining({ id: crashed.purchaseId, status: "PAID", reconciled: true }),
    ]);
  }, 180_000);

  it("fails a charge Getnet declined whose checkout was killed before recording it, and gives the coupon's use back", async () => {
    const student = await signedUpStudent(test.app);
    await aCoupon("CAIU-RECUSADO");
    const crashed = await checkoutKilledAfterTheCharge(student, DECLINED_CARD, "CAIU-RECUSADO");
    expect(crashed.status).toBe("DENIED");
    await pastTheGrace(crashed.purchaseId);
    await sweepPurchasesToReconcile(test.app);

    expect(await findPurchase(test.db, crashed.purchaseId)).toMatchObject({
      status: "FAILED",
      failure: "Transação não autorizada",
      reconciled: true,
    });
    expect(await balanceOf(student.token)).toBe(0);
    // The coupon's one use came back: the student buys with it, by a card Getnet approves.
    const again = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(student.token),
      payload: checkoutBody(APPROVED_CARD, "CAIU-RECUSADO"),
    });
    expect(again.json<{ status: string }>().status, again.body).toBe("APPROVED");
  }, 180_000);

  it("cancels at Getnet an approved charge whose student was erased before it could be credited", async () => {
    const student = await signedUpStudent(test.app);
    await aCoupon("CAIU-APAGADO");
    // The state a crash leaves: the purchase started (the coupon's use taken), Getnet charged its order id.
    const started = await startPurchaseCommand(
      test.app,
      {
        studentId: student.id,
        login: student.email,
        orders: [{ packageId: fourLessons, amount: 4, unitCents: 180_00, quantity: 1 }],
        coupon: { id: (await findCouponIdByCode(test.db, "CAIU-APAGADO")) ?? 0, code: "CAIU-APAGADO" },
        method: "CREDIT",
        installments: 1,
        card: { brand: "Visa", last4: "1111" },
        sessionId: "session-erased",
      },
      {},
    );
    const charge = await test.app.payments.chargeCard(
      {
        orderId: String(started.purchaseId),
        amountCents: started.totalCents,
        deviceId: "session-erased",
        buyer: {
          customerId: String(student.id),
          name: "Ana",
          email: student.email,
          cpf: "52998224725",
          address: { ...buyerAddress, cep: "01310100" },
        },
      },
      { number: "4111111111111111", holderName: "ANA SOUZA", expiryMonth: "12", expiryYear: "2030", cvc: "123" },
      1,
    );
    expect(charge.status).toBe("APPROVED");
    const erased = await test.app.inject({ method: "DELETE", url: `/api/users/${student.email}`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);

    await pastTheGrace(started.purchaseId);
    await sweepPurchasesToReconcile(test.app);
    expect(fake.charges().get(charge.paymentId ?? "")?.status).toBe("CANCELED");
    expect(await findPurchase(test.db, started.purchaseId)).toMatchObject({
      status: "FAILED",
      failure: reconciliationReasons.cancelled,
      reconciled: true,
    });
    expect(await eventsOf(purchaseStreams.id(started.purchaseId))).toEqual([
      "PurchaseStarted",
      "PurchaseReconciled",
      "PurchaseFailed",
    ]);
  });
});
