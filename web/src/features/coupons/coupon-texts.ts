import type { CouponView } from "@el/domain/coupons/coupon-views";
import type { TFunction } from "i18next";
import { formatReais } from "../../lib/money";

const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

/** '10%' for a percentage, 'R$ 5,00' for a fixed discount. */
export const discountText = (coupon: Pick<CouponView, "discount" | "percentual">) =>
  coupon.percentual ? `${percent.format(coupon.discount)}%` : formatReais(coupon.discount);

/** Uses left of all the uses set ('7/10'); never below 0 when the quantity was lowered under the uses made. */
export const usesText = (t: TFunction, coupon: Pick<CouponView, "quantity" | "used">) =>
  t("adminPurchasing.coupons.usesLeft", {
    left: Math.max(0, coupon.quantity - coupon.used),
    quantity: coupon.quantity,
  });

export const packageText = (t: TFunction, coupon: Pick<CouponView, "itemPackage">) =>
  coupon.itemPackage
    ? t("adminPurchasing.coupons.packageOf", { count: coupon.itemPackage.amount })
    : t("adminPurchasing.coupons.anyPackage");

export const studentText = (t: TFunction, coupon: Pick<CouponView, "user">) =>
  coupon.user?.login ?? t("adminPurchasing.coupons.anyStudent");
