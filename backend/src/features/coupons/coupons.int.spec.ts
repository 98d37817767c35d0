import { couponDecider, INVALID_COUPON } from "@el/domain/coupons/index";
import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";
import { givenStudent } from "../../../test/lesson-fixtures";
import { executeOnStates } from "../../commands/execute";
import { couponState } from "./coupon-commands";

/** The seeded packages: 1 = 1 lesson at R$ 47, 2 = 4 lessons at R$ 180, 3 = 8 lessons at R$ 340. */
const world = useCatalogWorld();

let codes = 0;
const uniqueCode = (prefix = "CUPOM") => `${prefix}${++codes}`;

const couponForm = (overrides: Record<string, unknown> = {}) => ({
  code: uniqueCode(),
  quantity: 10,
  discount: 10,
  percentual: true,
  active: true,
  ...overrides,
});

const create = (payload: Record<string, unknown>, headers: Record<string, string> = world.admin.auth) =>
  world.app.inject({ method: "POST", url: "/api/coupons", headers, payload });

const created = async (overrides: Record<string, unknown> = {}) => {
  const response = await create(couponForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; code: string }>();
};

const validate = (code: string, packages: string, headers: Record<string, string> = world.student.auth) =>
  world.app.inject({ method: "POST", url: `/api/coupons/validate?packages=${packages}`, headers, payload: { code } });

/** A purchase taking a use, as the purchase side does: UseCoupon on the coupon's stream. */
const takeUse = (couponId: number, purchaseId: number, studentId = world.student.id) =>
  executeOnStates(world.app, { coupon: couponState(couponId) }, ({ coupon }) => ({
    appends: [
      {
        streamId: couponState(couponId).streamId,
        events: couponDecider.decide(
          { type: "UseCoupon", purchaseId, studentId, lines: [{ packageId: 2, cents: 180_00 }] },
          coupon,
        ),
      },
    ],
    result: null,
  }));

describe("coupons, for administrators", () => {
  it("creates a coupon, answers it with its alert and shows it by id", async () => {
    const response = await create(couponForm({ code: "BEMVINDO", itemPackage: { id: 2 }, discount: 12.5 }));
    expect(response.statusCode).toBe(201);
    const coupon = response.json();
    expect(coupon).toEqual({
      id: expect.any(Number),
      code: "BEMVINDO",
      quantity: 10,
      discount: 12.5,
      percentual: true,
      itemPackage: { id: 2, amount: 4 },
      user: null,
      active: true,
      used: 0,
    });
    expect(response.headers["x-app-alert"]).toBe("coupons.coupon.created");
    expect(response.headers["x-app-params"]).toBe(String(coupon.id));
    expect(response.headers.location).toBe(`/api/coupons/${coupon.id}`);
    const read = await world.app.inject({ method: "GET", url: `/api/coupons/${coupon.id}`, headers: world.admin.auth });
    expect(read.json()).toEqual(coupon);
  });

  it("keeps a fixed discount in reais on the API and whole centavos inside", async () => {
    const coupon = await created({ percentual: false, discount: 25.9 });
    expect(coupon).toMatchObject({ discount: 25.9, percentual: false });
    const { rows } = await world.db.query<{ discount: number }>("select discount from coupons where id = $1", [
      coupon.id,
    ]);
    expect(Number(rows[0]?.discount)).toBe(25_90);
  });

  it("offers a coupon for one student, shown with their login, only with a single use", async () => {
    const student = await givenStudent(world.app);
    const personal = await created({ quantity: 1, user: { id: student.id } });
    expect(personal).toMatchObject({ user: { id: student.id, login: student.login } });
    const shared = await create(couponForm({ quantity: 2, user: { id: student.id } }));
    expect(shared.statusCode).toBe(400);
    expect(shared.json().fieldErrors).toEqual([{ field: "user", message: "error.coupon.oneStudentOneUse" }]);
  });

  it("refuses a coupon for a package not on sale or for someone who is not a student", async () => {
    const noPackage = await create(couponForm({ itemPackage: { id: 999_999 } }));
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().fieldErrors).toEqual([{ field: "itemPackage", message: "error.coupon.itemPackage" }]);
    const huge = await create(couponForm({ itemPackage: { id: 3_000_000_000 } }));
    expect(huge.json().fieldErrors).toEqual([{ field: "itemPackage", message: "error.coupon.itemPackage" }]);
    const teacher = await create(couponForm({ quantity: 1, user: { id: world.teacher.id } }));
    expect(teacher.json().fieldErrors).toEqual([{ field: "user", message: "error.coupon.user" }]);
  });

  it("refuses a percentage above 100, no uses, a negative discount and an id on creation", async () => {
    expect((await create(couponForm({ discount: 150 }))).json().fieldErrors).toEqual([
      { field: "discount", message: "error.coupon.percentage" },
    ]);
    expect((await create(couponForm({ quantity: 0 }))).json().fieldErrors).toEqual([
      expect.objectContaining({ field: "quantity" }),
    ]);
    expect((await create(couponForm({ discount: -1 }))).json().fieldErrors).toEqual([
      expect.objectContaining({ field: "discount" }),
    ]);
    expect((await create(couponForm({ id: 5 }))).json().fieldErrors).toEqual([
      { field: "id", message: "error.idexists" },
    ]);
  });

  it("keeps codes unique ignoring case, and frees a code when its coupon is renamed or removed", async () => {
    const natal = await created({ code: "Natal2026" });
    const again = await create(couponForm({ code: "NATAL2026" }));
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual([{ field: "code", message: "error.coupon.codeExists" }]);

    const renamed = await world.app.inject({
      method: "PUT",
      url: `/api/coupons/${natal.id}`,
      headers: world.admin.auth,
      payload: couponForm({ id: natal.id, code: "NATAL-2026" }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const reused = await created({ code: "natal2026" });
    expect((await create(couponForm({ code: "natal-2026" }))).statusCode).toBe(400);

    const removed = await world.app.inject({
      method: "DELETE",
      url: `/api/coupons/${reused.id}`,
      headers: world.admin.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect((await create(couponForm({ code: "NATAL2026" }))).statusCode).toBe(201);
  });

  it("changes a coupon by the id in the body or in the path, keeping its code when only its case changes", async () => {
    const coupon = await created({ code: "pascoa" });
    const byBody = await world.app.inject({
      method: "PUT",
      url: "/api/coupons",
      headers: world.admin.auth,
      payload: couponForm({ id: coupon.id, code: "PASCOA", discount: 20, active: false }),
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ id: coupon.id, code: "PASCOA", discount: 20, active: false });
    expect(byBody.headers["x-app-alert"]).toBe("coupons.coupon.updated");

    const byPath = await world.app.inject({
      method: "PUT",
      url: `/api/coupons/${coupon.id}`,
      headers: world.admin.auth,
      payload: couponForm({ code: "Pascoa", quantity: 3, percentual: false, discount: 5 }),
    });
    expect(byPath.json()).toMatchObject({ code: "Pascoa", quantity: 3, percentual: false, discount: 5 });

    const mismatch = await world.app.inject({
      method: "PUT",
      url: `/api/coupons/${coupon.id}`,
      headers: world.admin.auth,
      payload: couponForm({ id: coupon.id + 1 }),
    });
    expect(mismatch.statusCode).toBe(400);
    const unknown = await world.app.inject({
      method: "PUT",
      url: "/api/coupons/999999",
      headers: world.admin.auth,
      payload: couponForm(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("removes a coupon: gone from the list and by id; an unknown one is a 404", async () => {
    const coupon = await created();
    const removed = await world.app.inject({
      method: "DELETE",
      url: `/api/coupons/${coupon.id}`,
      headers: world.admin.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.headers["x-app-alert"]).toBe("coupons.coupon.deleted");
    const read = await world.app.inject({ method: "GET", url: `/api/coupons/${coupon.id}`, headers: world.admin.auth });
    expect(read.statusCode).toBe(404);
    const list = await world.app.inject({ method: "GET", url: "/api/coupons?size=1000", headers: world.admin.auth });
    expect(list.json().map((found: { id: number }) => found.id)).not.toContain(coupon.id);
    const absent = await world.app.inject({ method: "DELETE", url: "/api/coupons/999999", headers: world.admin.auth });
    expect(absent.statusCode).toBe(404);
    const beyond = await world.app.inject({ method: "GET", url: "/api/coupons/3000000000", headers: world.admin.auth });
    expect(beyond.statusCode).toBe(400);
  });

  it("lists coupons a page at a time with the total, and searches by a piece of the code", async () => {
    await created({ code: "LISTA-B" });
    await created({ code: "LISTA-A" });
    await created({ code: "OUTRO" });
    const page = await world.app.inject({
      method: "GET",
      url: "/api/coupons?page=0&size=2&sort=id,desc",
      headers: world.admin.auth,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().map((coupon: { code: string }) => coupon.code)).toEqual(["OUTRO", "LISTA-A"]);
    expect(Number(page.headers["x-total-count"])).toBeGreaterThanOrEqual(3);

    const search = await world.app.inject({
      method: "GET",
      url: "/api/_search/coupons?query=lista&sort=code,asc",
      headers: world.admin.auth,
    });
    expect(search.json().map((coupon: { code: string }) => coupon.code)).toEqual(["LISTA-A", "LISTA-B"]);
    expect(search.headers["x-total-count"]).toBe("2");
    const badSort = await world.app.inject({
      method: "GET",
      url: "/api/coupons?sort=secret",
      headers: world.admin.auth,
    });
    expect(badSort.statusCode).toBe(400);
  });

  it("shows how many uses purchases hold", async () => {
    const coupon = await created({ quantity: 3 });
    await takeUse(coupon.id, 9_000_001);
    await takeUse(coupon.id, 9_000_002);
    const read = await world.app.inject({ method: "GET", url: `/api/coupons/${coupon.id}`, headers: world.admin.auth });
    expect(read.json()).toMatchObject({ quantity: 3, used: 2 });
  });

  it("keeps coupons for administrators: 401 anonymous, 403 for a student", async () => {
    const coupon = await created();
    const adminRoutes = [
      { method: "GET", url: "/api/coupons" },
      { method: "GET", url: "/api/_search/coupons?query=a" },
      { method: "GET", url: `/api/coupons/${coupon.id}` },
      { method: "POST", url: "/api/coupons", payload: couponForm() },
      { method: "PUT", url: "/api/coupons", payload: couponForm({ id: coupon.id }) },
      { method: "PUT", url: `/api/coupons/${coupon.id}`, payload: couponForm() },
      { method: "DELETE", url: `/api/coupons/${coupon.id}` },
    ] as const;
    for (const route of adminRoutes) {
      const anonymous = await world.app.inject({ ...route });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const student = await world.app.inject({ ...route, headers: world.student.auth });
      expect(student.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const still = await world.app.inject({
      method: "GET",
      url: `/api/coupons/${coupon.id}`,
      headers: world.admin.auth,
    });
    expect(still.statusCode).toBe(200);
  });
});

describe("a student checking a coupon before buying", () => {
  it("sees a percentage taken off the whole order, in reais", async () => {
    const coupon = await created({ discount: 10 });
    const response = await validate(coupon.code.toLowerCase(), "2,1");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: coupon.id,
      code: coupon.code,
      discount: 10,
      percentual: true,
      itemPackage: null,
      listPrice: 227,
      discountValue: 22.7,
      total: 204.3,
    });
  });

  it("sees a fixed amount taken off, a package asked twice counting twice", async () => {
    const coupon = await created({ percentual: false, discount: 30.5 });
    expect((await validate(coupon.code, "1,1")).json()).toMatchObject({
      discount: 30.5,
      percentual: false,
      listPrice: 94,
      discountValue: 30.5,
      total: 63.5,
    });
  });

  it("sees a one-package coupon discount only that package", async () => {
    const coupon = await created({ itemPackage: { id: 1 }, discount: 50 });
    expect((await validate(coupon.code, "2,1")).json()).toMatchObject({
      itemPackage: { id: 1, amount: 1 },
      listPrice: 227,
      discountValue: 23.5,
      total: 203.5,
    });
  });

  it("prices a full cart: twenty packs of each size", async () => {
    const coupon = await created({ percentual: false, discount: 100 });
    const cart = ["1", "2", "3", "4", "5"].flatMap((id) => Array(20).fill(id)).join(",");
    expect((await validate(coupon.code, cart)).json()).toMatchObject({
      listPrice: 20 * (47 + 180 + 340 + 480 + 900),
      discountValue: 100,
      total: 20 * (47 + 180 + 340 + 480 + 900) - 100,
    });
  });

  it("never pays less than R$ 1,00", async () => {
    const coupon = await created({ percentual: false, discount: 1000 });
    expect((await validate(coupon.code, "1")).json()).toMatchObject({ listPrice: 47, discountValue: 46, total: 1 });
    const all = await created({ discount: 100 });
    expect((await validate(all.code, "3")).json()).toMatchObject({ listPrice: 340, discountValue: 339, total: 1 });
  });

  it("is told 'Cupom não é válido.' for a code that is unknown, inactive, removed, used up, for another package or another student", async () => {
    const inactive = await created({ active: false });
    const removed = await created();
    await world.app.inject({ method: "DELETE", url: `/api/coupons/${removed.id}`, headers: world.admin.auth });
    const usedUp = await created({ quantity: 1 });
    await takeUse(usedUp.id, 9_000_100);
    const otherPackage = await created({ itemPackage: { id: 3 } });
    const someoneElse = await givenStudent(world.app);
    const personal = await created({ quantity: 1, user: { id: someoneElse.id } });
    for (const code of ["NAO-EXISTE", inactive.code, removed.code, usedUp.code, otherPackage.code, personal.code]) {
      const response = await validate(code, "1,2");
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), code).toMatchObject({
        message: INVALID_COUPON,
        fieldErrors: [{ field: "code", message: INVALID_COUPON }],
      });
    }
    expect((await validate(personal.code, "1", { authorization: `Bearer ${someoneElse.token}` })).statusCode).toBe(200);
  });

  it("is refused packages that are not on sale or not a list of ids", async () => {
    const coupon = await created();
    const unknown = await validate(coupon.code, "1,999999");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual([{ field: "packages", message: "error.itemPackage.notFound" }]);
    expect((await validate(coupon.code, "1;drop")).statusCode).toBe(400);
    expect((await validate(coupon.code, "")).statusCode).toBe(400);
  });

  it("is only for students", async () => {
    const coupon = await created();
    expect((await validate(coupon.code, "1", {})).statusCode).toBe(401);
    expect((await validate(coupon.code, "1", world.teacher.auth)).statusCode).toBe(403);
  });
});
