import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const AdminToolsLayout = lazyPage(() => import("./admin-tools-layout").then((m) => m.AdminToolsLayout));
const AdministrationPage = lazyPage(() =>
  import("../../features/operations/administration/administration-page").then((m) => m.AdministrationPage),
);
const ApiDocsPage = lazyPage(() => import("../../features/operations/docs/api-docs-page").then((m) => m.ApiDocsPage));

/** /admin (health, projections, audits) and /admin/docs (the API's OpenAPI document): ROLE_ADMIN (spec section 2). */
export const operationsRoutes: RouteObject[] = [
  {
    path: "admin",
    element: (
      <PrivateRoute authorities={["ROLE_ADMIN"]}>
        <AdminToolsLayout />
      </PrivateRoute>
    ),
    children: [
      { index: true, element: <AdministrationPage /> },
      { path: "docs", element: <ApiDocsPage /> },
    ],
  },
];

/** Where the /gerencia menu links to these pages. */
export const operationsMenuPaths = ["/admin", "/admin/docs"];
