import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";

/** Placeholder until the teacher area lands (owner: web-lessons). */
export const teacherRoutes: RouteObject[] = [
  {
    path: "teacher/*",
    element: (
      <PrivateRoute authorities={["ROLE_TEACHER"]}>
        <div className="page">
          <h1>Área do professor</h1>
        </div>
      </PrivateRoute>
    ),
  },
];
