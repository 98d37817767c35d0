import type { ReplayView } from "@el/domain/audit/replays";
import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenAuditor } from "../../../test/audit-fixtures";
import { APPROVED_CARD, buyerAddress, cardOf } from "../../../test/purchase-fixtures";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The back office's users and purchases lists, read from a replay to a moment with `replay=<id>`. */
describe("the back-office lists read from a replay", () => {
  let test: TestApp;
  let auditor: Awaited<ReturnType<typeof givenAuditor>>;
  let admin: Record<string, string>;

  const get = (url: string, headers: Record<string, string> = auditor.auth) =>
    test.app.inject({ method: "GET", url, headers });

  /** Asks for a replay and waits until it is done. */
  const replayOf = async (projection: string, at: string) => {
    const started = await test.app.inject({
      method: "POST",
      url: "/api/audit/replays",
      headers: auditor.auth,
      payload: { projection, at },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<ReplayView>();
    for (let waited = 0; waited < 30_000; waited += 50) {
      const replay = (await get(`/api/audit/replays/${id}`)).json<ReplayView>();
      if (replay.status !== "running") {
        expect(replay.status, replay.error ?? "").toBe("done");
        return replay;
      }
      await sleep(50);
    }
    throw new Error(`replay ${id} still running`);
  };

  /** An instant between what happened before it and what happens after. */
  const aMoment = async () => {
    await sleep(20);
    const at = new Date().toISOString();
    await sleep(20);
    return at;
  };

  const logins = async (url: string, headers?: Record<string, string>) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ login: string }[]>().map((user) => user.login);
  };

  beforeAll(async () => {
    test = await createTestApp();
    auditor = await givenAuditor(test.app);
    admin = bearer(await adminToken(test.app));
  });
  afterAll(() => test.close());

  it("lists the students as they stood at the replay's moment: a student who registered later is not in it", async () => {
    const earlier = await signedUpStudent(test.app);
    const at = await aMoment();
    const later = await signedUpStudent(test.app);

    const replay = await replayOf("users", at);
    expect(replay.screens).toEqual([`/gerencia/aluno?replay=${replay.id}`, `/gerencia/professor?replay=${replay.id}`]);

    const replayed = await logins(`/api/users/student?page=0&size=99999&sort=id,asc&replay=${replay.id}`);
    expect(replayed).toContain(earlier.email);
    expect(replayed).not.toContain(later.email);
    // Administrators read it too, and today's list, as before, has both.
    expect(await logins(`/api/users/student?size=99999&replay=${replay.id}`, admin)).toEqual(replayed);
    const today = await logins("/api/users/student?size=99999", admin);
    expect(today).toEqual(expect.arrayContaining([earlier.email, later.email]));
  });

  it("keeps today's lists for administrators: an auditor without a replay and a student with one are refused (403)", async () => {
    const student = await signedUpStudent(test.app);
    const replay = await replayOf("users", new Date().toISOString());
    for (const url of ["/api/users/student", "/api/users/teacher", "/api/purchases", "/api/purchases/totalAmount"]) {
      expect((await get(url)).statusCode, url).toBe(403);
    }
    for (const url of [`/api/users/student?replay=${replay.id}`, `/api/purchases?replay=${replay.id}`]) {
      expect((await get(url, bearer(student.token))).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });

  it("lists the purchases and what they paid as they stood at the moment, not one bought later", async () => {
    const fourLessons = (await listPackages(test.app.db)).find((pack) => pack.amount === 4)?.id;
    const buy = async () => {
      const student = await signedUpStudent(test.app);
      const bought = await test.app.inject({
        method: "POST",
        url: "/api/purchases/checkout",
        headers: bearer(student.token),
        payload: {
          address: buyerAddress,
          user: { cpf: "529.982.247-25" },
          packages: [{ id: fourLessons, quantity: 1 }],
          card: cardOf(APPROVED_CARD, 1, "credit"),
        },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      return student.id;
    };
    const before = await buy();
    // The purchase's read model has caught up with the payment before the moment is taken.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const live = (await get("/api/purchases?size=1000", admin)).json<PurchaseView[]>();
      if (live.some((purchase) => purchase.student.id === before && purchase.status === "PAID")) break;
      await sleep(50);
    }
    const totalThen = (await get("/api/purchases/totalAmount", admin)).json<{ count: number }>();
    const at = await aMoment();
    const after = await buy();

    const replay = await replayOf("purchases", at);
    expect(replay.screens).toEqual([`/gerencia/compra?replay=${replay.id}`]);
    const listed = await get(`/api/purchases?size=1000&replay=${replay.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const students = listed.json<PurchaseView[]>().map((purchase) => purchase.student.id);
    expect(students).toContain(before);
    expect(students).not.toContain(after);
    const total = await get(`/api/purchases/totalAmount?replay=${replay.id}`);
    expect(total.json<{ count: number }>().count).toBe(totalThen.count);
  });

  it("says which screens read a replay, none for a read model without a read view, and refuses a replay of another one", async () => {
    const at = new Date().toISOString();
    const coupons = await replayOf("coupons", at);
    expect(coupons.screens).toEqual([]);
    const lessons = await replayOf("lesson-schedulings", at);
    expect(lessons.screens).toEqual([`/auditoria/replays/${lessons.id}`]);
    const listed = (await get("/api/audit/replays")).json<ReplayView[]>();
    expect(listed.find((replay) => replay.id === coupons.id)?.screens).toEqual([]);

    // The users list cannot be read from a replay of the lesson control, nor lesson control from one of coupons.
    const users = await get(`/api/users/student?replay=${lessons.id}`);
    expect(users.statusCode).toBe(400);
    expect(users.json()).toMatchObject({ message: "audit.replays.error.otherProjection" });
    expect((await get(`/api/lessons?replay=${coupons.id}`)).statusCode).toBe(400);
    expect((await get(`/api/lessons?replay=${lessons.id}`)).statusCode).toBe(200);
  });
});
