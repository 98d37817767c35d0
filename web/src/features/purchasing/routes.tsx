import type { ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";
import { LiveFeedProvider } from "../../lib/socket";

const BuyLessonsPage = lazyPage(() => import("./buy/buy-lessons-page").then((m) => m.BuyLessonsPage));
const CheckoutPage = lazyPage(() => import("./checkout-page").then((m) => m.CheckoutPage));
const DebitConfirmationPage = lazyPage(() => import("./debit-confirmation-page").then((m) => m.DebitConfirmationPage));

/** Contratar aulas, a child of the student area (which brings the live feed). */
export const purchasingStudentRoutes: RouteObject[] = [{ path: "contratar-aulas", element: <BuyLessonsPage /> }];

/** Outside the student area: a signed-in student only, with the purchase's pushes. */
const forStudent = (page: ReactNode) => (
  <PrivateRoute authorities={["ROLE_STUDENT"]}>
    <LiveFeedProvider>{page}</LiveFeedProvider>
  </PrivateRoute>
);

/** `/checkout` (the purchase for a deep link) and `/debit/confirmation` (the bank's 3-D Secure step). */
export const purchasingRoutes: RouteObject[] = [
  { path: "checkout", element: forStudent(<CheckoutPage />) },
  { path: "debit/confirmation", element: forStudent(<DebitConfirmationPage />) },
];
