import type { EventMetadata } from "@el/domain";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent, studentForm } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { buyerAddress, cardOf } from "../../../test/purchase-fixtures";
import { createSandboxGateway } from "../../integrations/payments/sandbox-gateway";

interface Row {
  stream_id: string;
  type: string;
  event_id: string;
  metadata: EventMetadata;
}

const eventsAfter = async (test: TestApp, position: number) =>
  (
    await test.db.query<Row>(
      "select stream_id, type, event_id, metadata from es_events where global_position > $1 order by global_position",
      [position],
    )
  ).rows;
const lastPosition = async (test: TestApp) =>
  Number(
    (await test.db.query<{ last: string | null }>("select max(global_position) as last from es_events")).rows[0]
      ?.last ?? 0,
  );

/** Every new event says who caused it, when, the request or job it came from, and what caused it. */
describe("the metadata of new events", () => {
  let test: TestApp;
  beforeAll(async () => {
    const sandbox = createSandboxGateway({ baseUrl: "http://localhost:8080" });
    // A Pix whose time is already over, so the expiry job (every 100 ms here) expires it.
    const shortLivedPix = {
      ...sandbox,
      name: sandbox.name,
      pay: sandbox.pay,
      createPix: async (...args: Parameters<typeof sandbox.createPix>) => ({
        ...(await sandbox.createPix(...args)),
        expiresAt: new Date(Date.now() - 1_000),
      }),
    };
    test = await createTestApp({
      env: { PURCHASE_EXPIRY_INTERVAL_MS: "100" },
      overrides: { payments: shortLivedPix },
    });
  });
  afterAll(() => test.close());

  it("records the seeds as the system's, with a correlation id", async () => {
    const { rows } = await test.db.query<Row>(
      "select stream_id, type, event_id, metadata from es_events where type in ('LevelCreated', 'AdministratorRegistered')",
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.metadata.userId, row.type).toBe("system");
      expect(row.metadata.correlationId, row.type).toMatch(/^seed-/);
    }
  });

  it("records a sign-up as anonymous and an administrator's grant as theirs, each with its request's id", async () => {
    const before = await lastPosition(test);
    const form = studentForm();
    const signUp = await test.app.inject({
      method: "POST",
      url: "/api/register",
      payload: form,
      headers: { "x-request-id": "sign-up-request-1" },
    });
    expect(signUp.statusCode).toBe(201);
    const admin = await adminToken(test.app);
    const me = (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(admin) })).json();
    const grant = await test.app.inject({
      method: "POST",
      url: `/api/users/${form.email}/credits`,
      payload: { amount: 2 },
      headers: { ...bearer(admin), "x-request-id": "grant-request-1" },
    });
    expect(grant.statusCode, grant.body).toBe(200);

    const events = await eventsAfter(test, before);
    const registered = events.filter((event) => event.metadata.correlationId === "sign-up-request-1");
    expect(registered.map((event) => event.type)).toEqual(
      expect.arrayContaining(["StudentRegistered", "ReservationMade"]),
    );
    for (const event of registered) expect(event.metadata.userId).toBe("anonymous");
    const granted = events.find((event) => event.type === "CreditsGranted");
    expect(granted?.metadata).toMatchObject({ userId: String(me.id), correlationId: "grant-request-1" });
    for (const event of events) expect(Date.parse(event.metadata.occurredAt)).not.toBeNaN();
  });

  it("records the credits of a confirmed payment as caused by the confirmation", async () => {
    const student = await signedUpStudent(test.app);
    const packages = await listPackages(test.app.db);
    const before = await lastPosition(test);
    const checkout = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: { ...bearer(student.token), "x-request-id": "checkout-request-1" },
      payload: {
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: packages[0]?.id, quantity: 1 }],
        card: cardOf(),
      },
    });
    expect(checkout.statusCode, checkout.body).toBeLessThan(300);
    const events = await eventsAfter(test, before);
    const paid = events.find((event) => event.type === "PurchasePaid");
    const credits = events.find((event) => event.type === "CreditsGranted");
    expect(paid?.metadata).toMatchObject({ userId: String(student.id), correlationId: "checkout-request-1" });
    expect(credits?.metadata).toMatchObject({
      userId: String(student.id),
      correlationId: "checkout-request-1",
      causationId: paid?.event_id,
    });
  });

  it("records an expiry by the scheduled job as the system's", async () => {
    const student = await signedUpStudent(test.app);
    const packages = await listPackages(test.app.db);
    const checkout = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(student.token),
      payload: {
        method: "PIX",
        address: buyerAddress,
        user: { cpf: "529.982.247-25" },
        packages: [{ id: packages[0]?.id, quantity: 1 }],
      },
    });
    expect(checkout.statusCode, checkout.body).toBeLessThan(300);
    const streamId = `purchase-${checkout.json().purchaseId}`;
    let expired: Row | undefined;
    for (let tries = 0; !expired && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expired = (
        await test.db.query<Row>(
          "select stream_id, type, event_id, metadata from es_events where stream_id = $1 and type = 'PurchaseExpired'",
          [streamId],
        )
      ).rows[0];
    }
    expect(expired?.metadata.userId).toBe("system");
    expect(expired?.metadata.correlationId).toMatch(/^purchase-expiry-/);
  });
});
