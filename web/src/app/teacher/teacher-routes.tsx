import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const TrailsByLevel = lazyPage(() => import("../../components/trails/trails-by-level").then((m) => m.TrailsByLevel));
const AcceptLessons = lazyPage(() =>
  import("../../features/lessons/accept/accept-lessons").then((m) => m.AcceptLessons),
);
const TeacherFinance = lazyPage(() =>
  import("../../features/lessons/finance/teacher-finance").then((m) => m.TeacherFinance),
);
const TeacherHome = lazyPage(() => import("./teacher-home").then((m) => m.TeacherHome));
const TeacherProfilePage = lazyPage(() =>
  import("../../features/teachers/profile/teacher-profile-page").then((m) => m.TeacherProfilePage),
);
const OwnAvailabilityPage = lazyPage(() =>
  import("../../features/availability/editor/own-availability-page").then((m) => m.OwnAvailabilityPage),
);
const TeacherReportPage = lazyPage(() =>
  import("../../features/lesson-reports/teacher-report-page").then((m) => m.TeacherReportPage),
);
const TeacherArea = lazyPage(() => import("./teacher-area").then((m) => m.TeacherArea));

/** /teacher and its pages; other features add theirs as children (disputes' "relatos"), put together in app/routes.tsx. */
export const teacherRoutes = (pages: RouteObject[] = []): RouteObject[] => [
  {
    path: "teacher",
    element: (
      <PrivateRoute authorities={["ROLE_TEACHER"]}>
        <TeacherArea />
      </PrivateRoute>
    ),
    children: [
      { index: true, element: <TeacherHome /> },
      { path: "aceitar-aulas", element: <AcceptLessons /> },
      { path: "trilhas", element: <TrailsByLevel /> },
      { path: "disponibilidade", element: <OwnAvailabilityPage /> },
      { path: "financeiro", element: <TeacherFinance /> },
      { path: "perfil", element: <TeacherProfilePage /> },
      { path: "aulas/:id/relatorio", element: <TeacherReportPage /> },
      ...pages,
    ],
  },
];
