import type { RecordedEvent } from "@el/domain";
import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../test/accounts-fixtures";
import { createTestApp } from "../../test/app";
import { drivers, type TestDriver } from "../../test/databases";
import { features } from "../features";
import { healthRoutes } from "../http/health";

/** Generous, because the int tests share two CPU cores with everything else that runs. */
import { harnessPerTest, POLL, positionOf, recordingProjector, start } from "./runner-harness";

describe.each(drivers)("projection runner's health on $name", (driver: TestDriver) => {
  const open = harnessPerTest(driver);

  it("reports the database and every projector's state and lag on /management/health", async () => {
    const { db, tick, runner } = await open();
    const events = await tick(1, 10);
    const projectors = [recordingProjector("fine"), recordingProjector("stuck", (event) => event.data.n === 8)];
    const running = await start(runner(projectors, { maxAttempts: 1 }), projectors, db);
    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "stuck")?.state, POLL)
      .toBe("stalled");
    expect(await running.waitFor(positionOf(events.at(-1) as RecordedEvent), ["fine"])).toBe(true);

    const app = Fastify();
    // As the real app does: the health route's response schema is zod.
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("db", db);
    app.decorate("projections", running);
    // Details are an administrator's: the auth plugin's verifyToken, here taking any token for one.
    app.decorate("verifyToken", async () => ({
      id: 1,
      login: "admin",
      firstName: "Admin",
      authorities: ["ROLE_ADMIN"],
    }));
    await app.register(healthRoutes);
    const response = await app.inject({
      method: "GET",
      url: "/management/health",
      headers: { authorization: "Bearer admin" },
    });
    await app.close();

    expect(response.statusCode).toBe(200);
    const failing = events[7] as RecordedEvent;
    expect(response.json()).toMatchObject({
      status: "DEGRADED",
      components: {
        db: { status: "UP", driver: driver.name },
        projections: {
          status: "DEGRADED",
          details: expect.arrayContaining([
            expect.objectContaining({ name: "fine", state: "running", lag: 0 }),
            expect.objectContaining({
              name: "stuck",
              state: "stalled",
              lag: 3,
              error: "cannot project tick 8",
              failedAt: {
                transactionId: failing.transactionId.toString(),
                globalPosition: failing.globalPosition.toString(),
              },
            }),
          ]),
        },
      },
    });
  });

  it("counts the lag once per position, one count at a time, so a scrape does not take the pool", async () => {
    const { db, tick, runner, store } = await open();
    const events = await tick(1, 10);
    let counts = 0;
    let counting = 0;
    let mostAtOnce = 0;
    const source = {
      readAll: store.readAll.bind(store),
      onAppended: store.onAppended.bind(store),
      anyOf: store.anyOf.bind(store),
      countAfter: async (position: Parameters<typeof store.countAfter>[0]) => {
        counts++;
        mostAtOnce = Math.max(mostAtOnce, ++counting);
        try {
          return await store.countAfter(position);
        } finally {
          counting--;
        }
      },
    };
    const fine = ["a", "b", "c", "d"].map((name) => recordingProjector(name));
    const projectors = [...fine, recordingProjector("stuck", (event) => event.data.n === 8)];
    const running = await start(runner(projectors, { maxAttempts: 1, source }), projectors, db);
    const last = positionOf(events.at(-1) as RecordedEvent);
    await expect
      .poll(async () => (await running.status()).find((s) => s.name === "stuck")?.state, POLL)
      .toBe("stalled");
    expect(await running.waitFor(last, ["a", "b", "c", "d"])).toBe(true);

    counts = 0;
    const statuses = await running.status();
    expect(statuses.map((status) => [status.name, status.lag])).toEqual([
      ["a", 0],
      ["b", 0],
      ["c", 0],
      ["d", 0],
      ["stuck", 3],
    ]);
    expect(counts).toBe(2);
    expect(mostAtOnce).toBe(1);
  });
});

describe("health of the whole backend", () => {
  it.each(["pglite", "pg"] as const)("shows the database UP and each projector caught up on %s", async (driver) => {
    const { app, close } = await createTestApp({ driver });
    try {
      const admin = bearer(await adminToken(app));
      const health = async () => {
        const response = await app.inject({ method: "GET", url: "/management/health", headers: admin });
        expect(response.statusCode).toBe(200);
        return response.json();
      };
      const body = await health();
      expect(body.status).toBe("UP");
      const { connections, ...db } = body.components.db;
      expect(db).toEqual({ status: "UP", driver });
      // On PostgreSQL, the sessions it keeps for itself are listed and up; PGlite has none to lose.
      if (driver === "pg")
        expect(connections).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ name: "pool", status: "UP", lost: 0 }),
            expect.objectContaining({ name: "listen es_events", status: "UP", lost: 0 }),
            expect.objectContaining({ name: "lock projection:users", status: "UP", lost: 0 }),
          ]),
        );
      else expect(connections).toBeUndefined();
      // Whatever the features seeded at start is projected shortly after.
      const details = (await health()).components.projections.details as { name: string; lag: unknown }[];
      expect(details.length).toBeGreaterThan(0);
      for (const detail of details) expect(detail.lag).toEqual(expect.any(Number));
      expect(details.map((detail) => detail.name).sort()).toEqual(
        features.flatMap((feature) => feature.projectors.map((projector) => projector.name)).sort(),
      );
      await expect
        .poll(
          async () =>
            ((await health()).components.projections.details as { state: string; lag: number }[]).filter(
              (detail) => detail.state !== "running" || detail.lag !== 0,
            ),
          { timeout: 10_000 },
        )
        .toEqual([]);
    } finally {
      await close();
    }
  });
});
