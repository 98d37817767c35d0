import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import type { CouponEvent, CouponState } from "./coupon";
import { couponDecider, couponErrors } from "./coupon";
import { codeClaimsOf, couponCodeDecider, couponCodeStreams } from "./coupon-code";

const given = specFor(couponCodeDecider);
const claimed = (couponId: number) => ({ type: "CouponCodeClaimed", data: { couponId } }) as const;
const releasedCode = (couponId: number) => ({ type: "CouponCodeReleased", data: { couponId } }) as const;

const couponCreated: CouponEvent = {
  type: "CouponCreated",
  data: {
    id: 7,
    code: "BemVindo10",
    quantity: 5,
    percentual: true,
    discount: 10,
    packageId: null,
    studentId: null,
    active: true,
  },
};
const coupon: CouponState = couponDecider.evolve(couponDecider.initialState(), couponCreated);
const renamed = (code: string): CouponEvent => {
  if (coupon.status === "absent") throw new Error("the coupon exists");
  const { status: _status, id: _id, uses: _uses, ...terms } = coupon;
  return { type: "CouponChanged", data: { ...terms, code } };
};

describe("coupon codes", () => {
  it("name one claim stream per code, whatever its case", () => {
    expect(couponCodeStreams.id(" BemVindo10 ")).toBe("coupon-code-bemvindo10");
    expect(couponCodeStreams.id("bemvindo10")).toBe(couponCodeStreams.id("BEMVINDO10"));
  });

  it("give a free code to the first coupon that asks, and refuse it to any other", () => {
    given([])
      .when({ type: "ClaimCode", couponId: 7 })
      .then([claimed(7)]);
    given([claimed(7)])
      .when({ type: "ClaimCode", couponId: 8 })
      .thenThrows(couponErrors.codeTaken, "validation");
    given([claimed(7)])
      .when({ type: "ClaimCode", couponId: 7 })
      .then([]);
  });

  it("free a code only when its holder gives it back", () => {
    given([claimed(7)])
      .when({ type: "ReleaseCode", couponId: 8 })
      .then([]);
    given([claimed(7)])
      .when({ type: "ReleaseCode", couponId: 7 })
      .then([releasedCode(7)]);
    given([claimed(7), releasedCode(7)])
      .when({ type: "ClaimCode", couponId: 8 })
      .then([claimed(8)]);
  });

  it("are claimed by a new coupon, moved by a rename and given back by a removal", () => {
    expect(codeClaimsOf(couponDecider.initialState(), [couponCreated])).toEqual([
      { code: "BemVindo10", command: { type: "ClaimCode", couponId: 7 } },
    ]);
    expect(codeClaimsOf(coupon, [renamed("NATAL")])).toEqual([
      { code: "BemVindo10", command: { type: "ReleaseCode", couponId: 7 } },
      { code: "NATAL", command: { type: "ClaimCode", couponId: 7 } },
    ]);
    expect(codeClaimsOf(coupon, [{ type: "CouponRemoved", data: { by: "admin" } }])).toEqual([
      { code: "BemVindo10", command: { type: "ReleaseCode", couponId: 7 } },
    ]);
  });

  it("stay put when a coupon only changes the case of its code or its other terms", () => {
    expect(codeClaimsOf(coupon, [renamed("BEMVINDO10")])).toEqual([]);
    expect(
      codeClaimsOf(coupon, [{ type: "CouponUsed", data: { purchaseId: 1, studentId: 2, discountCents: 3 } }]),
    ).toEqual([]);
  });
});
