import { type StudentEvent, studentStreams } from "@el/domain/accounts/index";
import { packageStreams } from "@el/domain/catalog/index";
import { type CouponEvent, type CouponTerms, couponStreams } from "@el/domain/coupons/index";
import { afterAll, describe, expect, it } from "vitest";
import { usersProjector } from "../accounts/users/users-projector";
import { catalogPackagesProjector } from "../catalog/catalog-packages";
import { on, projectionSpec } from "../testing/projection-spec";
import { couponsProjector, findCoupon, findCouponIdByCode, pageCoupons } from "./coupons";

const coupon = (id: number, event: CouponEvent) => on(couponStreams.id(id), event);
const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: "BEMVINDO10",
  quantity: 10,
  percentual: true,
  discount: 10,
  packageId: null,
  studentId: null,
  active: true,
  ...overrides,
});
const created = (id: number, overrides: Partial<CouponTerms> = {}) =>
  coupon(id, { type: "CouponCreated", data: { id, ...terms(overrides) } });
const used = (id: number, purchaseId: number) =>
  coupon(id, { type: "CouponUsed", data: { purchaseId, studentId: 30, discountCents: 18_00 } });
const released = (id: number, purchaseId: number) => coupon(id, { type: "CouponReleased", data: { purchaseId } });

const fourLessonPack = on(packageStreams.id(2), {
  type: "ItemPackageCreated",
  data: { id: 2, amount: 4, valueCents: 180_00 },
});
const ana: StudentEvent = {
  type: "StudentRegistered",
  data: {
    id: 30,
    login: "ana@example.com",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Souza",
    phone: "11 98888-7777",
    level: 2,
    objective: "TRAVEL",
    seen: "FRIENDS",
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    registeredAt: "2026-03-01T10:00:00.000Z",
  },
};
const page = (sort: string[] = [], size = 20, number = 0) => ({ page: number, size, sort });

describe("coupons read model", () => {
  const spec = projectionSpec(couponsProjector, catalogPackagesProjector, usersProjector);
  afterAll(() => spec.close());

  it("shows a coupon's terms with its package's lessons and its student's login", () =>
    spec
      .given(fourLessonPack, on(studentStreams.id(30), ana))
      .when(created(7, { packageId: 2, studentId: 30, quantity: 1, percentual: false, discount: 25_00 }))
      .then(async ({ sql }) =>
        expect(await findCoupon(sql, 7)).toEqual({
          id: 7,
          code: "BEMVINDO10",
          quantity: 1,
          percentual: false,
          discount: 25_00,
          itemPackage: { id: 2, amount: 4 },
          user: { id: 30, login: "ana@example.com" },
          active: true,
          used: 0,
        }),
      ));

  it("counts the uses purchases hold, less those given back", () =>
    spec
      .given(created(7))
      .when(used(7, 100), used(7, 101), used(7, 102), released(7, 101))
      .then(async ({ sql }) => expect((await findCoupon(sql, 7))?.used).toBe(2)));

  it("keeps the uses when the administrator changes the terms", () =>
    spec
      .given(created(7), used(7, 100))
      .when(coupon(7, { type: "CouponChanged", data: terms({ code: "NATAL", discount: 15, active: false }) }))
      .then(async ({ sql }) =>
        expect(await findCoupon(sql, 7)).toMatchObject({ code: "NATAL", discount: 15, active: false, used: 1 }),
      ));

  it("finds the coupon a student typed whatever its case, and no longer once removed", () =>
    spec
      .given(created(7, { code: "BemVindo10" }), created(8, { code: "NATAL" }))
      .when(coupon(8, { type: "CouponRemoved", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect(await findCouponIdByCode(sql, " bemvindo10 ")).toBe(7);
        expect(await findCouponIdByCode(sql, "BEMVINDO")).toBeUndefined();
        expect(await findCouponIdByCode(sql, "natal")).toBeUndefined();
        expect(await findCoupon(sql, 8)).toBeUndefined();
      }));

  it("lists coupons a page at a time, sorted as asked, with the total", () =>
    spec
      .given()
      .when(created(7, { code: "b" }), created(8, { code: "C" }), created(9, { code: "a" }), used(8, 100))
      .then(async ({ sql }) => {
        const byCode = await pageCoupons(sql, {}, page(["code,asc"], 2));
        expect(byCode.items.map((found) => found.code)).toEqual(["a", "b"]);
        expect(byCode.total).toBe(3);
        expect((await pageCoupons(sql, {}, page(["code,asc"], 2, 1))).items.map((found) => found.code)).toEqual(["C"]);
        expect((await pageCoupons(sql, {}, page(["used,desc"]))).items[0]?.id).toBe(8);
        expect((await pageCoupons(sql, {}, page())).items.map((found) => found.id)).toEqual([7, 8, 9]);
      }));

  it("searches codes by a piece of them, any case, taking % and _ literally", () =>
    spec
      .given()
      .when(created(7, { code: "BEMVINDO10" }), created(8, { code: "NATAL_50" }), created(9, { code: "NATAL250" }))
      .then(async ({ sql }) => {
        const natal = await pageCoupons(sql, { query: "natal" }, page());
        expect(natal.items.map((found) => found.id)).toEqual([8, 9]);
        expect(natal.total).toBe(2);
        expect((await pageCoupons(sql, { query: "l_5" }, page())).items.map((found) => found.id)).toEqual([8]);
        expect((await pageCoupons(sql, { query: "%" }, page())).total).toBe(0);
      }));
});
