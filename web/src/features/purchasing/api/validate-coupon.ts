import { CouponValidationView } from "@el/domain/coupons/coupon-views";
import type { PackageLine } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/** The cart as the validation's query lists it: each package's id once per unit (`1,1,4`). */
export const packageIdsOf = (lines: readonly PackageLine[]) =>
  lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.id)).join(",");

/** `POST api/coupons/validate?packages=1,1,4 { code }`: the coupon and the cart's total with it; 400 'Cupom não é válido.'. */
export const validateCoupon = async (code: string, lines: readonly PackageLine[]): Promise<CouponValidationView> =>
  CouponValidationView.parse(
    await api.post(`api/coupons/validate?packages=${packageIdsOf(lines)}`, { code }, { successAlert: false }),
  );
