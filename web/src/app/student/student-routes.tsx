import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const StudentHome = lazyPage(() => import("./student-home-page").then((m) => m.StudentHomePage));
const StudentProfile = lazyPage(() =>
  import("../../features/accounts/student-profile/student-profile").then((m) => m.StudentProfile),
);
const StudentArea = lazyPage(() => import("./student-area").then((m) => m.StudentArea));
const StudentTrails = lazyPage(() =>
  import("../../features/catalog/student-trails/student-trails").then((m) => m.StudentTrails),
);

/**
 * /student and its pages. Other features add their pages as children (purchasing's "contratar-aulas"),
 * put together in app/routes.tsx: features do not import each other.
 */
export const studentRoutes = (pages: RouteObject[] = []): RouteObject[] => [
  {
    path: "student",
    element: (
      <PrivateRoute authorities={["ROLE_STUDENT"]}>
        <StudentArea />
      </PrivateRoute>
    ),
    children: [
      { index: true, element: <StudentHome /> },
      { path: "perfil", element: <StudentProfile /> },
      { path: "trilhas", element: <StudentTrails /> },
      ...pages,
    ],
  },
];
