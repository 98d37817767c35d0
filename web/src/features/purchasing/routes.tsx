import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

// The live feed (socket.io and the pushes' schemas) comes with the pages' own chunks: the landing page
// loads this file, and must not download either.
const BuyLessonsPage = lazyPage(() => import("./buy/buy-lessons-page").then((m) => m.BuyLessonsPage));
const CheckoutPage = lazyPage(() => import("./checkout-page").then((m) => m.CheckoutPage));
const DebitConfirmationPage = lazyPage(() => import("./debit-confirmation-page").then((m) => m.DebitConfirmationPage));
const PurchasesPage = lazyPage(() => import("./purchases/purchases-page").then((m) => m.PurchasesPage));
const PurchaseDetailPage = lazyPage(() => import("./purchases/purchase-detail-page").then((m) => m.PurchaseDetailPage));
const MarkPaidModal = lazyPage(() => import("./purchases/purchase-confirm-modals").then((m) => m.MarkPaidModal));
const RefundModal = lazyPage(() => import("./purchases/purchase-confirm-modals").then((m) => m.RefundModal));

/** Contratar aulas, a child of the student area (which brings the live feed). */
export const purchasingStudentRoutes: RouteObject[] = [{ path: "contratar-aulas", element: <BuyLessonsPage /> }];

/** `/checkout` (the purchase for a deep link) and `/debit/confirmation` (the bank's 3-D Secure step), for a student. */
export const purchasingRoutes: RouteObject[] = [
  {
    path: "checkout",
    element: (
      <PrivateRoute authorities={["ROLE_STUDENT"]}>
        <CheckoutPage />
      </PrivateRoute>
    ),
  },
  {
    path: "debit/confirmation",
    element: (
      <PrivateRoute authorities={["ROLE_STUDENT"]}>
        <DebitConfirmationPage />
      </PrivateRoute>
    ),
  },
];

/** The purchases section of /gerencia, handed to `adminRoutes`, with its English name (spec section 2). */
export const purchaseSections: RouteObject[] = [
  {
    path: "compra",
    element: <PurchasesPage />,
    children: [
      { path: ":id/paid", element: <MarkPaidModal /> },
      { path: ":id/refund", element: <RefundModal /> },
    ],
  },
  { path: "compra/:id", element: <PurchaseDetailPage /> },
  { path: "purchase/*", element: <RenamedPath from="/gerencia/purchase" to="/gerencia/compra" /> },
];

/**
 * The top-level route for the slash-less reading of spec section 2 (`/gerenciapurchase`), a likely defect
 * of the original that links may still carry; it leads into /gerencia, which checks the role.
 */
export const purchaseRenamedPaths: RouteObject[] = [
  { path: "gerenciapurchase/*", element: <RenamedPath from="/gerenciapurchase" to="/gerencia/compra" /> },
];
