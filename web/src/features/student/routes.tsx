import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";
import { BuyLessons } from "./buy-lessons";
import { StudentHome } from "./home/student-home";
import { StudentProfile } from "./profile/student-profile";
import { StudentArea } from "./student-area";
import { StudentTrails } from "./student-trails";

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
