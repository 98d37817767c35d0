import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";

const PurchasesPage = lazyPage(() => import("./purchases/purchases-page").then((m) => m.PurchasesPage));
const PurchaseDetailPage = lazyPage(() => import("./purchases/purchase-detail-page").then((m) => m.PurchaseDetailPage));
const MarkPaidModal = lazyPage(() => import("./purchases/purchase-confirm-modals").then((m) => m.MarkPaidModal));
const RefundModal = lazyPage(() => import("./purchases/purchase-confirm-modals").then((m) => m.RefundModal));
const CouponsPage = lazyPage(() => import("./coupons/coupons-page").then((m) => m.CouponsPage));
const CouponDeleteModal = lazyPage(() => import("./coupons/coupon-delete-modal").then((m) => m.CouponDeleteModal));
const CouponDetailPage = lazyPage(() => import("./coupons/coupon-detail-page").then((m) => m.CouponDetailPage));
const CouponFormPage = lazyPage(() => import("./coupons/coupon-form-page").then((m) => m.CouponFormPage));
const ItemPackagesPage = lazyPage(() => import("./item-packages/item-packages-page").then((m) => m.ItemPackagesPage));
const ItemPackageDeleteModal = lazyPage(() =>
  import("./item-packages/item-package-delete-modal").then((m) => m.ItemPackageDeleteModal),
);
const ItemPackageDetailPage = lazyPage(() =>
  import("./item-packages/item-package-detail-page").then((m) => m.ItemPackageDetailPage),
);
const ItemPackageFormPage = lazyPage(() =>
  import("./item-packages/item-package-form-page").then((m) => m.ItemPackageFormPage),
);

/** Each section's Portuguese path, and the English name spec section 2 also builds it with. */
const SECTIONS = [
  { path: "compra", english: "purchase" },
  { path: "cupom", english: "coupon" },
  { path: "pacote", english: "item-package" },
] as const;

/** The sales sections of /gerencia (purchases, coupons, item packages), handed to `adminRoutes`. */
export const adminPurchasingSections: RouteObject[] = [
  {
    path: "compra",
    element: <PurchasesPage />,
    children: [
      { path: ":id/paid", element: <MarkPaidModal /> },
      { path: ":id/refund", element: <RefundModal /> },
    ],
  },
  { path: "compra/:id", element: <PurchaseDetailPage /> },
  {
    path: "cupom",
    element: <CouponsPage />,
    children: [{ path: ":id/delete", element: <CouponDeleteModal /> }],
  },
  { path: "cupom/new", element: <CouponFormPage /> },
  { path: "cupom/:id", element: <CouponDetailPage /> },
  { path: "cupom/:id/edit", element: <CouponFormPage /> },
  {
    path: "pacote",
    element: <ItemPackagesPage />,
    children: [{ path: ":id/delete", element: <ItemPackageDeleteModal /> }],
  },
  { path: "pacote/new", element: <ItemPackageFormPage /> },
  { path: "pacote/:id", element: <ItemPackageDetailPage /> },
  { path: "pacote/:id/edit", element: <ItemPackageFormPage /> },
  ...SECTIONS.map(({ path, english }) => ({
    path: `${english}/*`,
    element: <RenamedPath from={`/gerencia/${english}`} to={`/gerencia/${path}`} />,
  })),
];

/**
 * Top-level routes for the slash-less reading of spec section 2 (`/gerenciapurchase`), a likely defect
 * of the original that links may still carry; each leads into /gerencia, which checks the role.
 */
export const adminPurchasingRenamedPaths: RouteObject[] = SECTIONS.map(({ path, english }) => ({
  path: `gerencia${english}/*`,
  element: <RenamedPath from={`/gerencia${english}`} to={`/gerencia/${path}`} />,
}));
