import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

// The live feed (socket.io and the pushes' schemas) comes with the pages' own chunks: the landing page
// loads this file, and must not download either.
const BuyLessonsPage = lazyPage(() => import("./buy/buy-lessons-page").then((m) => m.BuyLessonsPage));
const CheckoutPage = lazyPage(() => import("./checkout-page").then((m) => m.CheckoutPage));
const DebitConfirmationPage = lazyPage(() => import("./debit-confirmation-page").then((m) => m.DebitConfirmationPage));

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
