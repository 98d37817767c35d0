import { z } from "zod";
import { pagingQuery } from "../shared/page-query";

/**
 * The coupons' requests besides the coupon and validation bodies, which sit beside their views
 * (coupon-views.ts): the path, the list's and search's queries, the validation's packages.
 */

/** Ids are PostgreSQL `int`s: a larger number names nothing, and is a 400 rather than a failed query. */
const MAX_ID = 2_147_483_647;

/** `/api/coupons/{id}`. */
export const CouponIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export type CouponIdParams = z.input<typeof CouponIdParams>;

/** What the back office's coupon list may be sorted by. */
export const COUPON_SORT_FIELDS = ["id", "code", "quantity", "discount", "percentual", "active", "used"] as const;

/** `GET /api/coupons`. */
export const CouponListQuery = pagingQuery(COUPON_SORT_FIELDS);
export type CouponListQuery = z.input<typeof CouponListQuery>;

/** `GET /api/_search/coupons`. */
export const CouponSearchQuery = CouponListQuery.extend({ query: z.string().max(100).default("") });
export type CouponSearchQuery = z.input<typeof CouponSearchQuery>;

/**
 * `POST /api/coupons/validate?packages=1,4,4`: package ids, one per package bought (an id twice is two of
 * that package); as many as a pre-order may hold (20 lines of up to 99).
 */
export const CouponValidationQuery = z.object({
  packages: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,1979}$/, "error.coupon.packages")
    .transform((list) => list.split(",").map(Number)),
});
export type CouponValidationQuery = z.input<typeof CouponValidationQuery>;
