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
const TeacherLessons = lazyPage(() =>
  import("../../features/lessons/teacher-lessons/teacher-lessons").then((m) => m.TeacherLessons),
);
const TeacherProfilePage = lazyPage(() =>
  import("../../features/teachers/profile/teacher-profile-page").then((m) => m.TeacherProfilePage),
);
const TeacherArea = lazyPage(() => import("./teacher-area").then((m) => m.TeacherArea));

export const teacherRoutes: RouteObject[] = [
  {
    path: "teacher",
    element: (
      <PrivateRoute authorities={["ROLE_TEACHER"]}>
        <TeacherArea />
      </PrivateRoute>
    ),
    children: [
      { index: true, element: <TeacherLessons /> },
      { path: "aceitar-aulas", element: <AcceptLessons /> },
      { path: "trilhas", element: <TrailsByLevel /> },
      { path: "financeiro", element: <TeacherFinance /> },
      { path: "perfil", element: <TeacherProfilePage /> },
    ],
  },
];
