import { CouponView } from "@el/domain/coupons/coupon-views";
import { api } from "../../../lib/api";

export const getCoupon = async (id: number) => CouponView.parse(await api.get(`api/coupons/${id}`));
