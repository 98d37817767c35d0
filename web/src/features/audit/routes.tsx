import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const TimelinePage = lazyPage(() => import("./timeline/timeline-page").then((m) => m.TimelinePage));
const StreamPage = lazyPage(() => import("./stream/stream-page").then((m) => m.StreamPage));
const ReplaysPage = lazyPage(() => import("./replays/replays-page").then((m) => m.ReplaysPage));
const ReplayLessonsPage = lazyPage(() => import("./replays/replay-lessons-page").then((m) => m.ReplayLessonsPage));

/**
 * /auditoria (the events in global order), /auditoria/fluxos/{stream} (one stream at any instant) and
 * /auditoria/replays (read models replayed to a moment, /auditoria/replays/{id} its lesson control): auditors and administrators.
 */
export const auditRoutes: RouteObject[] = [
  {
    path: "auditoria",
    element: <PrivateRoute authorities={["ROLE_AUDITOR", "ROLE_ADMIN"]} />,
    children: [
      { index: true, element: <TimelinePage /> },
      { path: "fluxos/:stream", element: <StreamPage /> },
      { path: "replays", element: <ReplaysPage /> },
      { path: "replays/:id", element: <ReplayLessonsPage /> },
    ],
  },
];
