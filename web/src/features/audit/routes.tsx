import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const TimelinePage = lazyPage(() => import("./timeline/timeline-page").then((m) => m.TimelinePage));
const StreamPage = lazyPage(() => import("./stream/stream-page").then((m) => m.StreamPage));

/** /auditoria (the events in global order) and /auditoria/fluxos/{stream} (one stream at any instant): auditors and administrators. */
export const auditRoutes: RouteObject[] = [
  {
    path: "auditoria",
    element: <PrivateRoute authorities={["ROLE_AUDITOR", "ROLE_ADMIN"]} />,
    children: [
      { index: true, element: <TimelinePage /> },
      { path: "fluxos/:stream", element: <StreamPage /> },
    ],
  },
];
