import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import { INVALID_COUPON, MIN_TOTAL_CENTS } from "./coupon-views";

/**
 * A discount coupon (stream `coupon-{id}`, spec sections 3, 5 and 7): a percentage or a fixed amount off an
 * order, optionally for one package and for one student, for `quantity` uses in all. A purchase takes a use
 * in the same append that starts it (`UseCoupon`), and gives it back when it fails or expires
 * (`ReleaseCoupon`), so the stream's version is what makes "20 checkouts, one use left" give one discount.
 */

export const couponErrors = {
  notFound: "error.coupon.notFound",
  exists: "error.coupon.exists",
  code: "error.coupon.code",
  codeTaken: "error.coupon.codeExists",
  quantity: "error.coupon.quantity",
  discount: "error.coupon.discount",
  percentage: "error.coupon.percentage",
  oneStudentOneUse: "error.coupon.oneStudentOneUse",
} as const;

/** What an administrator sets on a coupon. */
export const CouponTerms = z.object({
  /** As typed; unique ignoring case. */
  code: z.string(),
  /** Uses in all, consumed ones included. */
  quantity: z.number().int(),
  percentual: z.boolean(),
  /** A percentage (0–100, up to two decimals) when `percentual`, else whole centavos. */
  discount: z.number(),
  packageId: z.number().int().nullable(),
  studentId: z.number().int().nullable(),
  active: z.boolean(),
});
export type CouponTerms = z.infer<typeof CouponTerms>;

export const couponEventSchemas = {
  CouponCreated: CouponTerms.extend({ id: z.number().int().positive() }),
  CouponChanged: CouponTerms,
  CouponRemoved: z.object({ by: z.string() }),
  CouponUsed: z.object({
    purchaseId: z.number().int(),
    studentId: z.number().int(),
    discountCents: z.number().int(),
  }),
  CouponReleased: z.object({ purchaseId: z.number().int() }),
};

export type CouponEvent = EventOf<typeof couponEventSchemas>;

export const couponStreams = streamKind("coupon", couponEventSchemas, numericKey);

/** One package of an order at its price: a package bought three times is three lines (or one at three times the price). */
export interface OrderLine {
  packageId: number;
  cents: number;
}

export type CreateCoupon = Command<"CreateCoupon", { id: number } & CouponTerms>;
export type ChangeCoupon = Command<"ChangeCoupon", CouponTerms>;
export type RemoveCoupon = Command<"RemoveCoupon", { by: string }>;
export type UseCoupon = Command<"UseCoupon", { purchaseId: number; studentId: number; lines: OrderLine[] }>;
export type ReleaseCoupon = Command<"ReleaseCoupon", { purchaseId: number }>;

export type CouponCommand = CreateCoupon | ChangeCoupon | RemoveCoupon | UseCoupon | ReleaseCoupon;

/** A use a purchase holds until it gives it back. */
export interface CouponUse {
  purchaseId: number;
  studentId: number;
  discountCents: number;
}

export type CouponState =
  | { status: "absent" }
  | ({ status: "offered" | "removed"; id: number; uses: CouponUse[] } & CouponTerms);

const requireValid = (terms: CouponTerms) => {
  if (terms.code.trim() === "") throw invalid(couponErrors.code, "code");
  if (!Number.isInteger(terms.quantity) || terms.quantity < 1) throw invalid(couponErrors.quantity, "quantity");
  if (!Number.isFinite(terms.discount) || terms.discount < 0) throw invalid(couponErrors.discount, "discount");
  if (terms.percentual && terms.discount > 100) throw invalid(couponErrors.percentage, "discount");
  if (!terms.percentual && !Number.isInteger(terms.discount)) throw invalid(couponErrors.discount, "discount");
  // A coupon named for one student is a personal gift: more than one use would be a shared code in disguise.
  if (terms.studentId !== null && terms.quantity > 1) throw invalid(couponErrors.oneStudentOneUse, "user");
};

const termsOf = ({ code, quantity, percentual, discount, packageId, studentId, active }: CouponTerms): CouponTerms => ({
  code: code.trim(),
  quantity,
  percentual,
  discount,
  packageId,
  studentId,
  active,
});

const sameTerms = (a: CouponTerms, b: CouponTerms) =>
  a.code === b.code &&
  a.quantity === b.quantity &&
  a.percentual === b.percentual &&
  a.discount === b.discount &&
  a.packageId === b.packageId &&
  a.studentId === b.studentId &&
  a.active === b.active;

/** What a coupon takes off an order, and what is left to pay. */
export interface CouponPrice {
  discountCents: number;
  totalCents: number;
}

/**
 * The price of an order with a coupon, or the refusal 'Cupom não é válido.' when the coupon cannot be used
 * on it: removed or never created, inactive, used up, for another student, or for a package the order does
 * not hold. A coupon for one package discounts only that package's lines (a percentage of their sum, or the
 * fixed amount up to their sum); any other coupon discounts the whole order. The total never goes below
 * R$ 1,00 (`MIN_TOTAL_CENTS`): the discount shrinks instead (an order that costs less than that is not
 * discounted). A percentage is taken in hundredths of a percent and rounded half up to the centavo
 * (R$ 47,00 at 33.33 % is R$ 15,67 off), so the same order always gets the same discount.
 */
export const couponDiscount = (
  coupon: CouponState,
  order: { studentId: number; lines: readonly OrderLine[] },
): CouponPrice => {
  if (coupon.status !== "offered" || !coupon.active) throw invalid(INVALID_COUPON, "code");
  if (coupon.uses.length >= coupon.quantity) throw invalid(INVALID_COUPON, "code");
  if (coupon.studentId !== null && coupon.studentId !== order.studentId) throw invalid(INVALID_COUPON, "code");
  const discounted =
    coupon.packageId === null ? order.lines : order.lines.filter((line) => line.packageId === coupon.packageId);
  if (discounted.length === 0) throw invalid(INVALID_COUPON, "code");
  const listCents = order.lines.reduce((sum, line) => sum + line.cents, 0);
  const baseCents = discounted.reduce((sum, line) => sum + line.cents, 0);
  const wanted = coupon.percentual
    ? Math.round((baseCents * Math.round(coupon.discount * 100)) / 10_000)
    : Math.min(coupon.discount, baseCents);
  const discountCents = Math.max(0, Math.min(wanted, listCents - MIN_TOTAL_CENTS));
  return { discountCents, totalCents: listCents - discountCents };
};

export const createCoupon = (command: CreateCoupon, state: CouponState): CouponEvent[] => {
  if (state.status !== "absent") throw conflict(couponErrors.exists);
  const terms = termsOf(command);
  requireValid(terms);
  return [{ type: "CouponCreated", data: { id: command.id, ...terms } }];
};

export const changeCoupon = (command: ChangeCoupon, state: CouponState): CouponEvent[] => {
  if (state.status !== "offered") throw notFound(couponErrors.notFound);
  const terms = termsOf(command);
  requireValid(terms);
  return sameTerms(terms, state) ? [] : [{ type: "CouponChanged", data: terms }];
};

export const removeCoupon = (command: RemoveCoupon, state: CouponState): CouponEvent[] => {
  if (state.status === "absent") throw notFound(couponErrors.notFound);
  return state.status === "removed" ? [] : [{ type: "CouponRemoved", data: { by: command.by } }];
};

export const useCoupon = (command: UseCoupon, state: CouponState): CouponEvent[] => {
  // A purchase retried (the same checkout sent twice) keeps the one use it already holds.
  if (state.status !== "absent" && state.uses.some((use) => use.purchaseId === command.purchaseId)) return [];
  const { discountCents } = couponDiscount(state, command);
  return [
    {
      type: "CouponUsed",
      data: { purchaseId: command.purchaseId, studentId: command.studentId, discountCents },
    },
  ];
};

export const releaseCoupon = (command: ReleaseCoupon, state: CouponState): CouponEvent[] => {
  if (state.status === "absent" || !state.uses.some((use) => use.purchaseId === command.purchaseId)) return [];
  return [{ type: "CouponReleased", data: { purchaseId: command.purchaseId } }];
};

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  initialState: () => ({ status: "absent" }),

  evolve: (state, event) => {
    switch (event.type) {
      case "CouponCreated":
        return { status: "offered", uses: [], ...event.data };
      case "CouponChanged":
        return state.status === "absent" ? state : { ...state, ...event.data };
      case "CouponRemoved":
        return state.status === "absent" ? state : { ...state, status: "removed" };
      case "CouponUsed":
        return state.status === "absent" ? state : { ...state, uses: [...state.uses, event.data] };
      case "CouponReleased":
        return state.status === "absent"
          ? state
          : { ...state, uses: state.uses.filter((use) => use.purchaseId !== event.data.purchaseId) };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "CreateCoupon":
        return createCoupon(command, state);
      case "ChangeCoupon":
        return changeCoupon(command, state);
      case "RemoveCoupon":
        return removeCoupon(command, state);
      case "UseCoupon":
        return useCoupon(command, state);
      case "ReleaseCoupon":
        return releaseCoupon(command, state);
      default:
        return assertNever(command);
    }
  },
};
