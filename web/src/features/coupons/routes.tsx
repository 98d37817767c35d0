import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";

const CouponsPage = lazyPage(() => import("./coupons-page").then((m) => m.CouponsPage));
const CouponDeleteModal = lazyPage(() => import("./coupon-delete-modal").then((m) => m.CouponDeleteModal));
const CouponDetailPage = lazyPage(() => import("./coupon-detail-page").then((m) => m.CouponDetailPage));
const CouponFormPage = lazyPage(() => import("./coupon-form-page").then((m) => m.CouponFormPage));

/** The coupons section of /gerencia, handed to `adminRoutes`, with its English name (spec section 2). */
export const couponSections: RouteObject[] = [
  {
    path: "cupom",
    element: <CouponsPage />,
    children: [{ path: ":id/delete", element: <CouponDeleteModal /> }],
  },
  { path: "cupom/new", element: <CouponFormPage /> },
  { path: "cupom/:id", element: <CouponDetailPage /> },
  { path: "cupom/:id/edit", element: <CouponFormPage /> },
  { path: "coupon/*", element: <RenamedPath from="/gerencia/coupon" to="/gerencia/cupom" /> },
];

/**
 * The top-level route for the slash-less reading of spec section 2 (`/gerenciacoupon`), a likely defect
 * of the original that links may still carry; it leads into /gerencia, which checks the role.
 */
export const couponRenamedPaths: RouteObject[] = [
  { path: "gerenciacoupon/*", element: <RenamedPath from="/gerenciacoupon" to="/gerencia/cupom" /> },
];
