import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";

/** Placeholder until the student area lands (owner: web-lessons). */
export const studentRoutes: RouteObject[] = [
  {
    path: "student/*",
    element: (
      <PrivateRoute authorities={["ROLE_STUDENT"]}>
        <div className="page">
          <h1>Área do aluno</h1>
        </div>
      </PrivateRoute>
    ),
  },
];
