import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";
import { TrailsByLevel } from "../../components/trails/trails-by-level";
import { AcceptLessons } from "./accept/accept-lessons";
import { TeacherFinance } from "./finance/teacher-finance";
import { TeacherLessons } from "./lessons/teacher-lessons";
import { TeacherArea } from "./teacher-area";

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
    ],
  },
];
