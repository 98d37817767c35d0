import { studentStreams } from "@el/domain/accounts/index";
import { purchaseMessages, purchaseStreams, reconciliationReasons } from "@el/domain/purchasing/index";
import { listPackages } from "@el/projections/catalog/index";
import { findPurchase } from "@el/projections/purchasing/index";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { movableClock } from "../../../test/clock";
import { type FakeGetnet, startFakeGetnet } from "../../../test/fake-getnet";
import { APPROVED_CARD, buyerAddress, cardOf } from "../../../test/purchase-fixtures";
import { connect, connected, listen, next } from "../../../test/sockets";
import { sweepPurchasesToReconcile } from "./reconciliation";

const MINUTE = 60_000;

/**
 * Getnet's answer to a card charge never comes (a timeout, a 5xx): the card may have been charged, so the checkout
 * records no failure. It answers PENDING, the purchase keeps its coupon's use, and the reconciliation sweep settles
 * it once the grace has passed, from the charge Getnet holds for the order id.
 */
describe("a card checkout whose charge outcome Getnet never answered", () => {
  let fake: FakeGetnet;
  let test: TestApp;
  let admin: Record<string, string>;
  let url: string;
  let fourLessons: number;
  const clock = movableClock();

  beforeAll(async () => {
    fake = await startFakeGetnet();
    test = await createTestApp({
      env: {
        GETNET_CLIENT_ID: fake.credentials.clientId,
        GETNET_CLIENT_SECRET: fake.credentials.clientSecret,
        GETNET_SELLER_ID: fake.credentials.sellerId,
        GETNET_BASE_URL: fake.baseUrl,
        GETNET_TIMEOUT_MS: "3000",
        // The sweep is run by the spec, at the moments it chooses.
        PURCHASE_EXPIRY_INTERVAL_MS: String(60 * MINUTE),
      },
      overrides: { clock },
    });
    url = await listen(test.app);
    admin = bearer(await adminToken(test.app));
    fourLessons = (await listPackages(test.app.db)).find((pack) => pack.amount === 4)?.id ?? 0;
  });
  afterEach(() => {
    fake.onCardCharge = undefined;
    fake.failChargesWith = undefined;
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
  const couponValid = async (token: string, code: string) =>
    (
      await test.app.inject({
        method: "POST",
        url: `/api/coupons/validate?packages=${fourLessons}`,
        headers: bearer(token),
        payload: { code },
      })
    ).statusCode === 200;
  const checkout = (token: string, coupon: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(token),
      payload: {
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: fourLessons, quantity: 1 }],
        card: cardOf(APPROVED_CARD),
        coupon: { code: coupon },
      },
    });
  const eventsOf = async (streamId: string) =>
    (
      await test.app.db.query<{ type: string }>(
        "select type from es_events where stream_id = $1 order by stream_version",
        [streamId],
      )
    ).rows.map((row) => row.type);
  const pastTheGrace = async (purchaseId: number) => {
    const startedAt = Date.parse((await findPurchase(test.db, purchaseId))?.startedAt ?? "");
    clock.moveBy(Math.max(0, startedAt + 3 * MINUTE - clock.now().getTime()));
  };
  const balanceOf = async (token: string) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) })).json<{ balance: number }>()
      .balance;
  /** The checkout's answer: PENDING, with the words that say the payment is being confirmed, and nothing failed. */
  const leftPending = async (answer: Awaited<ReturnType<typeof checkout>>) => {
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{ purchaseId: number; status: string; message: string }>();
    expect(result).toMatchObject({ status: "PENDING", message: purchaseMessages.confirming });
    expect(await eventsOf(purchaseStreams.id(result.purchaseId))).toEqual(["PurchaseStarted"]);
    expect(await findPurchase(test.db, result.purchaseId)).toMatchObject({ status: "PENDING" });
    return result.purchaseId;
  };

  it("answers PENDING when Getnet charged but answered too late, then credits the charge once after the grace", async () => {
    const student = await signedUpStudent(test.app);
    await aCoupon("DEMOROU-APROVADO");
    let charged: string | undefined;
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Getnet charges, and holds its answer past the adapter's timeout.
    fake.onCardCharge = async (paymentId) => {
      charged = paymentId;
      await answered;
    };
    const answer = await checkout(student.token, "DEMOROU-APROVADO");
    release();
    const purchaseId = await leftPending(answer);
    expect(fake.charges().get(charged ?? "")).toMatchObject({ status: "APPROVED", orderId: String(purchaseId) });
    // The coupon's one use stays with the purchase while its outcome is unknown.
    expect(await couponValid(student.token, "DEMOROU-APROVADO")).toBe(false);

    // Within the time a checkout takes, the sweep decides nothing.
    await sweepPurchasesToReconcile(test.app);
    expect(await eventsOf(purchaseStreams.id(purchaseId))).toEqual(["PurchaseStarted"]);

    // The checkout page watches the purchase: the sweep's outcome reaches it live.
    const socket = connect(url, student.token);
    await connected(socket);
    const told = next(socket, "purchase:updated", (push) => push.purchaseId === purchaseId, 15_000);
    await pastTheGrace(purchaseId);
    await Promise.all([sweepPurchasesToReconcile(test.app), sweepPurchasesToReconcile(test.app)]);
    await sweepPurchasesToReconcile(test.app);
    expect((await told).status).toBe("PAID");
    socket.disconnect();
    expect(await eventsOf(purchaseStreams.id(purchaseId))).toEqual([
      "PurchaseStarted",
      "PurchaseReconciled",
      "PurchasePaid",
    ]);
    const granted = (await eventsOf(studentStreams.id(student.id))).filter((type) => type === "CreditsGranted");
    expect(granted).toHaveLength(1);
    expect(await balanceOf(student.token)).toBe(4);
    expect(await findPurchase(test.db, purchaseId)).toMatchObject({ status: "PAID", reconciled: true });
  });

  it("answers PENDING on Getnet's 5xx to the charge, then fails it with the coupon's use back when Getnet has no charge", async () => {
    const student = await signedUpStudent(test.app);
    await aCoupon("DEU-500");
    fake.failChargesWith = 503;
    const purchaseId = await leftPending(await checkout(student.token, "DEU-500"));
    expect([...fake.charges().values()].filter((charge) => charge.orderId === String(purchaseId))).toEqual([]);
    expect(await couponValid(student.token, "DEU-500")).toBe(false);

    await pastTheGrace(purchaseId);
    await sweepPurchasesToReconcile(test.app);
    expect(await findPurchase(test.db, purchaseId)).toMatchObject({
      status: "FAILED",
      failure: reconciliationReasons.notCharged,
      reconciled: true,
    });
    expect(await balanceOf(student.token)).toBe(0);
    expect(await couponValid(student.token, "DEU-500")).toBe(true);
  });

  it("still fails at once, as before, a charge Getnet declined", async () => {
    const student = await signedUpStudent(test.app);
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(student.token),
      payload: {
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: fourLessons, quantity: 1 }],
        card: cardOf("4000 0000 0000 0002"),
      },
    });
    const result = answer.json<{ purchaseId: number; status: string; message: string }>();
    expect(result).toMatchObject({ status: "ERROR", message: "Transação não autorizada" });
    expect(await eventsOf(purchaseStreams.id(result.purchaseId))).toEqual(["PurchaseStarted", "PurchaseFailed"]);
  });
});
