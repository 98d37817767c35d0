import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const DisputesArea = lazyPage(() => import("./party/disputes-area").then((m) => m.DisputesArea));
const ReportDisputePage = lazyPage(() => import("./party/report-dispute-page").then((m) => m.ReportDisputePage));
const DisputePage = lazyPage(() => import("./party/dispute-page").then((m) => m.DisputePage));
const MyDisputesPage = lazyPage(() => import("./party/my-disputes-page").then((m) => m.MyDisputesPage));
const DisputesQueuePage = lazyPage(() => import("./admin/disputes-queue-page").then((m) => m.DisputesQueuePage));
const ResolveDisputePage = lazyPage(() => import("./admin/resolve-dispute-page").then((m) => m.ResolveDisputePage));

const disputePages: RouteObject[] = [
  { index: true, element: <MyDisputesPage /> },
  { path: "relatar/:lessonId", element: <ReportDisputePage /> },
  { path: ":id", element: <DisputePage /> },
];

/**
 * /disputas: a lesson's student and teacher report it did not happen ("Relatar problema" on their lesson
 * lists links to /disputas/relatar/{lessonId}), read the report and answer it; the live feed brings the
 * other side's answer and the decision.
 */
export const disputeRoutes: RouteObject[] = [
  {
    path: "disputas",
    element: (
      <PrivateRoute authorities={["ROLE_STUDENT", "ROLE_TEACHER"]}>
        <DisputesArea />
      </PrivateRoute>
    ),
    children: disputePages,
  },
];

/**
 * The same pages as "relatos" in the student's and the teacher's areas (their menus' "Meus relatos"), under the
 * area's header, menu and live feed; their links are relative, so they stay in whichever place they were opened.
 */
export const disputeAreaRoutes: RouteObject[] = [{ path: "relatos", children: disputePages }];

/** The back office's queue, /gerencia/disputas, handed to `adminRoutes`. */
export const disputeSections: RouteObject[] = [
  { path: "disputas", element: <DisputesQueuePage /> },
  { path: "disputas/:id", element: <ResolveDisputePage /> },
];
