import { describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors";
import { specFor } from "../shared/spec";
import {
  type CouponCommand,
  type CouponEvent,
  type CouponState,
  type CouponTerms,
  couponDecider,
  couponDiscount,
  couponErrors,
  couponStreams,
} from "./coupon";
import { INVALID_COUPON } from "./coupon-views";

const given = specFor(couponDecider);

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
const created = (overrides: Partial<CouponTerms> = {}): CouponEvent => ({
  type: "CouponCreated",
  data: { id: 7, ...terms(overrides) },
});
const create = (overrides: Partial<CouponTerms> = {}): CouponCommand => ({
  type: "CreateCoupon",
  id: 7,
  ...terms(overrides),
});
const change = (overrides: Partial<CouponTerms> = {}): CouponCommand => ({ type: "ChangeCoupon", ...terms(overrides) });
const removed: CouponEvent = { type: "CouponRemoved", data: { by: "admin" } };

/** Package 2 is the 4-lesson pack at R$ 180,00, package 1 the single lesson at R$ 47,00. */
const fourLessons = { packageId: 2, cents: 180_00 };
const oneLesson = { packageId: 1, cents: 47_00 };
const use = (purchaseId: number, studentId = 30, lines = [fourLessons]): CouponCommand => ({
  type: "UseCoupon",
  purchaseId,
  studentId,
  lines,
});
const used = (purchaseId: number, discountCents = 18_00, studentId = 30): CouponEvent => ({
  type: "CouponUsed",
  data: { purchaseId, studentId, discountCents },
});
const released = (purchaseId: number): CouponEvent => ({ type: "CouponReleased", data: { purchaseId } });

const stateOf = (...events: CouponEvent[]): CouponState =>
  events.reduce(couponDecider.evolve, couponDecider.initialState());
const priced = (events: CouponEvent[], lines: { packageId: number; cents: number }[], studentId = 30) =>
  couponDiscount(stateOf(...events), { studentId, lines });

describe("coupon, as the administrator keeps it", () => {
  it("lives in its own stream, named by its id", () => {
    expect(couponStreams.id(7)).toBe("coupon-7");
    expect(couponStreams.holds("coupon-code-bemvindo10")).toBe(false);
  });

  it("creates a coupon with its code trimmed", () => {
    given([])
      .when(create({ code: "  BEMVINDO10 " }))
      .then([created()]);
  });

  it("keeps a fixed discount in whole centavos and refuses a fraction of a centavo", () => {
    given([])
      .when(create({ percentual: false, discount: 25_00 }))
      .then([created({ percentual: false, discount: 25_00 })]);
    given([])
      .when(create({ percentual: false, discount: 25.5 }))
      .thenThrows(couponErrors.discount, "validation");
  });

  it("refuses a coupon without a code, without uses or with a negative discount", () => {
    given([])
      .when(create({ code: "  " }))
      .thenThrows(couponErrors.code, "validation");
    given([])
      .when(create({ quantity: 0 }))
      .thenThrows(couponErrors.quantity, "validation");
    given([])
      .when(create({ discount: -1 }))
      .thenThrows(couponErrors.discount, "validation");
  });

  it("refuses a percentage above 100 but takes exactly 100 and a free coupon of 0", () => {
    given([])
      .when(create({ discount: 100.01 }))
      .thenThrows(couponErrors.percentage, "validation");
    given([])
      .when(create({ discount: 100 }))
      .then([created({ discount: 100 })]);
    given([])
      .when(create({ discount: 0 }))
      .then([created({ discount: 0 })]);
  });

  it("names a student only on a coupon of at most one use", () => {
    given([])
      .when(create({ studentId: 30, quantity: 2 }))
      .thenThrows(couponErrors.oneStudentOneUse, "validation");
    given([])
      .when(create({ studentId: 30, quantity: 1 }))
      .then([created({ studentId: 30, quantity: 1 })]);
    given([created({ studentId: 30, quantity: 1 })])
      .when(change({ studentId: 30, quantity: 3 }))
      .thenThrows(couponErrors.oneStudentOneUse, "validation");
  });

  it("does not create the same coupon twice", () => {
    given([created()]).when(create()).thenThrows(couponErrors.exists, "conflict");
  });

  it("changes a coupon's terms, and records nothing when nothing changed", () => {
    given([created()])
      .when(change({ discount: 15, active: false }))
      .then([{ type: "CouponChanged", data: terms({ discount: 15, active: false }) }]);
    given([created()]).when(change()).then([]);
  });

  it("removes a coupon once; a removed coupon can no longer be changed", () => {
    given([created()]).when({ type: "RemoveCoupon", by: "admin" }).then([removed]);
    given([created(), removed]).when({ type: "RemoveCoupon", by: "admin" }).then([]);
    given([created(), removed]).when(change()).thenThrows(couponErrors.notFound, "not_found");
    given([]).when({ type: "RemoveCoupon", by: "admin" }).thenThrows(couponErrors.notFound, "not_found");
    given([]).when(change()).thenThrows(couponErrors.notFound, "not_found");
  });
});

describe("coupon, as a purchase uses it", () => {
  it("gives a purchase a use with the discount it takes off the order", () => {
    given([created()])
      .when(use(100))
      .then([used(100, 18_00)]);
  });

  it("keeps one use for a purchase that asks again", () => {
    given([created(), used(100)])
      .when(use(100))
      .then([]);
    given([created({ quantity: 1 }), used(100)])
      .when(use(100))
      .then([]);
  });

  it("refuses a coupon that does not exist, was removed or is inactive", () => {
    given([]).when(use(100)).thenThrows(INVALID_COUPON, "validation");
    given([created(), removed]).when(use(100)).thenThrows(INVALID_COUPON, "validation");
    given([created({ active: false })])
      .when(use(100))
      .thenThrows(INVALID_COUPON, "validation");
  });

  it("refuses a coupon whose uses are all held by other purchases", () => {
    given([created({ quantity: 2 }), used(100), used(101)])
      .when(use(102))
      .thenThrows(INVALID_COUPON, "validation");
  });

  it("lets a use given back by a failed or expired purchase serve another", () => {
    given([created({ quantity: 1 }), used(100), released(100)])
      .when(use(101))
      .then([used(101)]);
  });

  it("refuses a coupon for another student", () => {
    given([created({ studentId: 30, quantity: 1 })])
      .when(use(100, 31))
      .thenThrows(INVALID_COUPON, "validation");
    given([created({ studentId: 30, quantity: 1 })])
      .when(use(100, 30))
      .then([used(100, 18_00, 30)]);
  });

  it("refuses a coupon for a package the order does not hold", () => {
    given([created({ packageId: 3 })])
      .when(use(100, 30, [fourLessons, oneLesson]))
      .thenThrows(INVALID_COUPON, "validation");
  });

  it("gives back only a use the purchase holds", () => {
    given([created(), used(100)])
      .when({ type: "ReleaseCoupon", purchaseId: 100 })
      .then([released(100)]);
    given([created(), used(100), released(100)])
      .when({ type: "ReleaseCoupon", purchaseId: 100 })
      .then([]);
    given([created(), used(100)])
      .when({ type: "ReleaseCoupon", purchaseId: 101 })
      .then([]);
    given([]).when({ type: "ReleaseCoupon", purchaseId: 100 }).then([]);
  });
});

describe("coupon pricing", () => {
  it("takes a percentage off the whole order", () => {
    expect(priced([created({ discount: 10 })], [fourLessons, oneLesson])).toEqual({
      discountCents: 22_70,
      totalCents: 204_30,
    });
  });

  it("rounds a percentage half up to the centavo", () => {
    expect(priced([created({ discount: 33.33 })], [oneLesson])).toEqual({ discountCents: 15_67, totalCents: 31_33 });
    expect(priced([created({ discount: 12.5 })], [oneLesson]).discountCents).toBe(5_88);
    expect(priced([created({ discount: 50 })], [{ packageId: 1, cents: 3_01 }])).toEqual({
      discountCents: 1_51,
      totalCents: 1_50,
    });
  });

  it("takes a fixed amount off the whole order", () => {
    expect(priced([created({ percentual: false, discount: 30_00 })], [fourLessons, oneLesson])).toEqual({
      discountCents: 30_00,
      totalCents: 197_00,
    });
  });

  it("discounts only the lines of the coupon's package, a fixed amount at most their sum", () => {
    expect(priced([created({ packageId: 1, discount: 50 })], [fourLessons, oneLesson, oneLesson])).toEqual({
      discountCents: 47_00,
      totalCents: 227_00,
    });
    expect(priced([created({ packageId: 1, percentual: false, discount: 100_00 })], [fourLessons, oneLesson])).toEqual({
      discountCents: 47_00,
      totalCents: 180_00,
    });
  });

  it("never lets the total go below R$ 1,00", () => {
    expect(priced([created({ discount: 100 })], [fourLessons])).toEqual({ discountCents: 179_00, totalCents: 1_00 });
    expect(priced([created({ percentual: false, discount: 500_00 })], [oneLesson])).toEqual({
      discountCents: 46_00,
      totalCents: 1_00,
    });
    expect(priced([created({ discount: 100 })], [{ packageId: 1, cents: 80 }])).toEqual({
      discountCents: 0,
      totalCents: 80,
    });
  });

  it("refuses, with the message the student sees, an order the coupon cannot discount", () => {
    const refusal = (events: CouponEvent[], lines = [fourLessons], studentId = 30) => {
      try {
        priced(events, lines, studentId);
      } catch (error) {
        return error instanceof DomainError ? [error.messageKey, error.field] : error;
      }
      return "priced";
    };
    const invalidCode = [INVALID_COUPON, "code"];
    expect(refusal([])).toEqual(invalidCode);
    expect(refusal([created({ active: false })])).toEqual(invalidCode);
    expect(refusal([created({ quantity: 1 }), used(100)])).toEqual(invalidCode);
    expect(refusal([created({ packageId: 1 })])).toEqual(invalidCode);
    expect(refusal([created({ studentId: 31, quantity: 1 })])).toEqual(invalidCode);
    expect(refusal([created()])).toBe("priced");
  });
});
