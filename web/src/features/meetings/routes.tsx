import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const CalendarReturnPage = lazyPage(() => import("./calendar-return-page").then((m) => m.CalendarReturnPage));

/** Spec section 2: /calendar, the calendar-authorisation return page (a teacher connecting Google Calendar). */
export const meetingRoutes: RouteObject[] = [
  {
    path: "calendar",
    element: (
      <PrivateRoute authorities={["ROLE_TEACHER"]}>
        <CalendarReturnPage />
      </PrivateRoute>
    ),
  },
];
