import type { CouponBody, CouponView } from "@el/domain/coupons/coupon-views";
import type { z } from "zod";
import { api } from "../../../lib/api";

/** What the form decided, as `POST`/`PUT api/coupons` take it. */
export type CouponInput = Omit<z.input<typeof CouponBody>, "id">;

export const createCoupon = (input: CouponInput) => api.post<CouponView | undefined>("api/coupons", input);

/** `previous`: the coupon as the screen showed it, to tell when a 202's `Location` shows the change. */
export const updateCoupon = (previous: CouponView, input: CouponInput) =>
  api.put<CouponView | undefined>("api/coupons", { ...input, id: previous.id } satisfies z.input<typeof CouponBody>, {
    previous,
  });

/** The coupon as it is, with only its active flag turned: the list's Ativo/Inativo badge. */
export const toggleCoupon = (coupon: CouponView) =>
  updateCoupon(coupon, {
    code: coupon.code,
    quantity: coupon.quantity,
    discount: coupon.discount,
    percentual: coupon.percentual,
    itemPackage: coupon.itemPackage ? { id: coupon.itemPackage.id } : null,
    user: coupon.user ? { id: coupon.user.id } : null,
    active: !coupon.active,
  });
