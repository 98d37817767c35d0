import { CouponView } from "@el/domain/coupons/coupon-views";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "../../../lib/page-query";

/** `GET api/coupons?page&size&sort`, or `GET api/_search/coupons?query=` with the same paging when searching. */
export const getCoupons = async (search: string, query: PageQuery) =>
  pageOf(
    search
      ? await api.getWithHeaders<unknown>("api/_search/coupons", { query: search, ...query })
      : await api.getWithHeaders<unknown>("api/coupons", { ...query }),
    CouponView,
  );
