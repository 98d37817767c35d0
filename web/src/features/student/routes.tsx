import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const BuyLessons = lazyPage(() => import("./buy-lessons").then((m) => m.BuyLessons));
const StudentHome = lazyPage(() => import("./home/student-home").then((m) => m.StudentHome));
const StudentProfile = lazyPage(() => import("./profile/student-profile").then((m) => m.StudentProfile));
const StudentArea = lazyPage(() => import("./student-area").then((m) => m.StudentArea));
const StudentTrails = lazyPage(() => import("./student-trails").then((m) => m.StudentTrails));

export const studentRoutes: RouteObject[] = [
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
      { path: "contratar-aulas", element: <BuyLessons /> },
    ],
  },
];
