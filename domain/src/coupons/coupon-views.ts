import { z } from "zod";

/**
 * The coupons' HTTP contract (spec sections 3, 5 and 7). `discount` is a percentage when
 * `percentual`, else reais off the order; inside, a fixed discount is whole centavos.
 */

export const CouponView = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Uses in all, as the administrator set them; `quantity - used` are left (and `used` can exceed a lowered quantity). */
  quantity: z.number().int(),
  discount: z.number(),
  percentual: z.boolean(),
  /** Only for this package, when set. */
  itemPackage: z.object({ id: z.number().int(), amount: z.number().int() }).nullable(),
  /** Only for this student, when set (allowed only when quantity ≤ 1). */
  user: z.object({ id: z.number().int(), login: z.string() }).nullable(),
  active: z.boolean(),
  /** Uses consumed by paid or pending purchases. */
  used: z.number().int(),
});
export type CouponView = z.infer<typeof CouponView>;

/** `POST`/`PUT api/coupons`: `id` only when updating; a percentage discounts at most 100 %. */
export const CouponBody = z
  .object({
    id: z.number().int().positive().nullish(),
    code: z.string().trim().min(1).max(50),
    quantity: z.number().int().min(1),
    discount: z.number().min(0),
    percentual: z.boolean().default(false),
    itemPackage: z.object({ id: z.number().int().positive() }).nullish(),
    user: z.object({ id: z.number().int().positive() }).nullish(),
    active: z.boolean().default(false),
  })
  .refine((coupon) => !coupon.percentual || coupon.discount <= 100, {
    message: "error.coupon.percentage",
    path: ["discount"],
  })
  // The same rule as JSON Schema says it, for the API document.
  .meta({ anyOf: [{ properties: { percentual: { const: false } } }, { properties: { discount: { maximum: 100 } } }] });
export type CouponBody = z.infer<typeof CouponBody>;

/** `POST api/coupons/validate?packages=1,4 { code }`: the coupon and what the order costs with it (reais). */
export const CouponValidationView = z.object({
  id: z.number().int(),
  code: z.string(),
  discount: z.number(),
  percentual: z.boolean(),
  itemPackage: z.object({ id: z.number().int(), amount: z.number().int() }).nullable(),
  /** List price of the packages asked about, the discount in reais, and the total after it (never below 1). */
  listPrice: z.number(),
  discountValue: z.number(),
  total: z.number(),
});
export type CouponValidationView = z.infer<typeof CouponValidationView>;

export const ValidateCouponBody = z.object({ code: z.string().trim().min(1).max(50) });

export const INVALID_COUPON = "Cupom não é válido.";
/** The discounted total never goes below R$ 1,00. */
export const MIN_TOTAL_CENTS = 100;
