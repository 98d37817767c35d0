import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";

export const adminRoutes: RouteObject[] = [
  {
    path: "gerencia",
    element: <PrivateRoute authorities={["ROLE_ADMIN"]} />,
    children: [],
  },
];
