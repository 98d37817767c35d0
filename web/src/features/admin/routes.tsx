import type { RouteObject } from "react-router-dom";
import { PrivateRoute } from "../../app/session/private-route";
import { AdministratorDeleteModal } from "./administrators/administrator-delete-modal";
import { AdministratorDetailPage } from "./administrators/administrator-detail-page";
import { AdministratorFormPage } from "./administrators/administrator-form-page";
import { AdministratorsPage } from "./administrators/administrators-page";
import { GerenciaHome, GerenciaLayout } from "./gerencia-layout";
import { StudentsPage } from "./students/students-page";
import { TeachersPage } from "./teachers/teachers-page";

/**
 * /gerencia and the user screens. Other features add their /gerencia sections as children of this
 * route (exported as `gerenciaChildren` arrays and listed in app/routes.tsx).
 */
export const adminRoutes = (sections: RouteObject[] = []): RouteObject[] => [
  {
    path: "gerencia",
    element: (
      <PrivateRoute authorities={["ROLE_ADMIN"]}>
        <GerenciaLayout
          sections={["administrador", "professor", "aluno", ...sections.map((section) => section.path)]}
        />
      </PrivateRoute>
    ),
    children: [
      { index: true, element: <GerenciaHome /> },
      {
        path: "administrador",
        element: <AdministratorsPage />,
        children: [{ path: ":login/delete", element: <AdministratorDeleteModal /> }],
      },
      { path: "administrador/new", element: <AdministratorFormPage /> },
      { path: "administrador/:login", element: <AdministratorDetailPage /> },
      { path: "administrador/:login/edit", element: <AdministratorFormPage /> },
      { path: "professor", element: <TeachersPage /> },
      { path: "aluno", element: <StudentsPage /> },
      ...sections,
    ],
  },
];
