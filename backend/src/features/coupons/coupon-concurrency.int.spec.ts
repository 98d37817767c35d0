import { DomainError } from "@el/domain";
import { couponDecider, couponStreams, INVALID_COUPON } from "@el/domain/coupons/index";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAdmin } from "../../../test/catalog-fixtures";
import { createTestDatabaseUrl } from "../../../test/databases";
import { givenStudent, type Person } from "../../../test/lesson-fixtures";
import { executeOnStates } from "../../commands/execute";
import { couponState } from "./coupon-commands";

/**
 * Checkouts racing for a coupon on real PostgreSQL, from two processes on one database, so that commands
 * truly overlap at the store rather than take turns inside one process.
 */
let first: TestApp;
let second: TestApp;
let admin: Person;
let student: Person;
beforeAll(async () => {
  const databaseUrl = await createTestDatabaseUrl();
  first = await createTestApp({ databaseUrl });
  second = await createTestApp({ databaseUrl });
  admin = await givenAdmin(first.app);
  student = await givenStudent(first.app);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** What the purchase side does to take a use: UseCoupon on the coupon's stream, in its own executeOnStates. */
const useCoupon = (app: FastifyInstance, couponId: number, purchaseId: number) =>
  executeOnStates(app, { coupon: couponState(couponId) }, ({ coupon }) => ({
    appends: [
      {
        streamId: couponStreams.id(couponId),
        events: couponDecider.decide(
          { type: "UseCoupon", purchaseId, studentId: student.id, lines: [{ packageId: 2, cents: 180_00 }] },
          coupon,
        ),
      },
    ],
    result: purchaseId,
  }));

const storedUses = async (couponId: number) => {
  const events = await first.app.eventStore.readStream(couponStreams.id(couponId));
  return events.filter((event) => event.type === "CouponUsed");
};

describe("coupon races on PostgreSQL", () => {
  it("20 checkouts at once with a coupon of one use: exactly one gets the discount, the others are told it is not valid", async () => {
    const created = await first.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin.auth,
      payload: { code: "UMAVEZ", quantity: 1, discount: 20, percentual: true, active: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const couponId: number = created.json().id;

    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        useCoupon(index % 2 === 0 ? first.app : second.app, couponId, 700_000 + index),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(refusals).toHaveLength(19);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).messageKey).toBe(INVALID_COUPON);
    }
    const uses = await storedUses(couponId);
    expect(uses).toHaveLength(1);
    expect(uses[0]?.data).toEqual({ purchaseId: expect.any(Number), studentId: student.id, discountCents: 36_00 });

    const shown = await first.app.inject({ method: "GET", url: `/api/coupons/${couponId}`, headers: admin.auth });
    expect(shown.json()).toMatchObject({ quantity: 1, used: 1 });
  });

  it("two coupons created at once with one code in different case: exactly one keeps it", async () => {
    const responses = await Promise.all(
      ["Corrida", "CORRIDA"].map((code, index) =>
        (index === 0 ? first : second).app.inject({
          method: "POST",
          url: "/api/coupons",
          headers: admin.auth,
          payload: { code, quantity: 5, discount: 5, percentual: true, active: true },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const { rows } = await first.db.query("select id from coupons where lower(code) = 'corrida'");
    expect(rows).toHaveLength(1);
  });
});

// PostgreSQL only: a projector held inside its transaction would hold PGlite's single connection.
describe("a coupon written while the coupons read model lags", () => {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  let slow: TestApp;
  let slowAdmin: Person;
  beforeAll(async () => {
    slow = await createTestApp({
      driver: "pg",
      env: { PROJECTION_WAIT_MS: "300" },
      overrides: {
        projectors: (projectors) =>
          projectors.map((projector) =>
            projector.name === "coupons"
              ? {
                  ...projector,
                  evolve: async (events, tx, context) => {
                    await opened;
                    return projector.evolve(events, tx, context);
                  },
                }
              : projector,
          ),
      },
    });
    slowAdmin = await givenAdmin(slow.app);
  });
  afterAll(async () => {
    open();
    await slow?.close();
  });

  it("answers 202 with where to read it and the alert, and shows it there once the read model caught up", async () => {
    opened = new Promise((resolve) => {
      open = resolve;
    });
    const response = await slow.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: slowAdmin.auth,
      payload: { code: "DEVAGAR", quantity: 2, discount: 5, percentual: true, active: true },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers["x-app-alert"]).toBe("coupons.coupon.created");
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/api\/coupons\/\d+$/);
    expect(response.json()).toEqual({ location });

    open();
    await expect
      .poll(async () => (await slow.app.inject({ method: "GET", url: location, headers: slowAdmin.auth })).statusCode, {
        timeout: 15_000,
      })
      .toBe(200);
    const shown = await slow.app.inject({ method: "GET", url: location, headers: slowAdmin.auth });
    expect(shown.json()).toMatchObject({ code: "DEVAGAR", quantity: 2, used: 0 });
  });
});
