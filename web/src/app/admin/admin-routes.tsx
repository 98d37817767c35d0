import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const AdministratorDeleteModal = lazyPage(() =>
  import("../../features/accounts/administrators/administrator-delete-modal").then((m) => m.AdministratorDeleteModal),
);
const AdministratorDetailPage = lazyPage(() =>
  import("../../features/accounts/administrators/administrator-detail-page").then((m) => m.AdministratorDetailPage),
);
const AdministratorFormPage = lazyPage(() =>
  import("../../features/accounts/administrators/administrator-form-page").then((m) => m.AdministratorFormPage),
);
const AdministratorsPage = lazyPage(() =>
  import("../../features/accounts/administrators/administrators-page").then((m) => m.AdministratorsPage),
);
const GerenciaHome = lazyPage(() => import("./gerencia-layout").then((m) => m.GerenciaHome));
const GerenciaGate = lazyPage(() => import("./gerencia-layout").then((m) => m.GerenciaGate));
const ManagedUserDetailPage = lazyPage(() =>
  import("../../features/accounts/users/managed-user-detail-page").then((m) => m.ManagedUserDetailPage),
);
const ManagedUserFormPage = lazyPage(() =>
  import("../../features/accounts/users/managed-user-form-page").then((m) => m.ManagedUserFormPage),
);
const TeacherDetailPage = lazyPage(() => import("./teacher-detail-page").then((m) => m.TeacherDetailPage));
const StudentsPage = lazyPage(() =>
  import("../../features/accounts/students/students-page").then((m) => m.StudentsPage),
);
const TeachersPage = lazyPage(() =>
  import("../../features/accounts/teachers/teachers-page").then((m) => m.TeachersPage),
);

/**
 * /gerencia and the user screens. Other features add their /gerencia sections as children of this
 * route (exported as `gerenciaChildren` arrays and listed in app/routes.tsx), and name in `areas` their
 * administrators' pages outside /gerencia for the menu to link to.
 */
export const adminRoutes = (sections: RouteObject[] = [], areas: readonly string[] = []): RouteObject[] => [
  {
    path: "gerencia",
    // Administrators; auditors too on a list read from a replay (`?replay=<id>`), see GerenciaGate.
    element: (
      <GerenciaGate
        sections={["administrador", "professor", "aluno", ...sections.map((section) => section.path)]}
        areas={areas}
      />
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
      { path: "professor/new", element: <ManagedUserFormPage kind="teacher" /> },
      { path: "professor/:login", element: <TeacherDetailPage /> },
      { path: "professor/:login/edit", element: <ManagedUserFormPage kind="teacher" /> },
      { path: "aluno", element: <StudentsPage /> },
      { path: "aluno/new", element: <ManagedUserFormPage kind="student" /> },
      { path: "aluno/:login", element: <ManagedUserDetailPage kind="student" /> },
      { path: "aluno/:login/edit", element: <ManagedUserFormPage kind="student" /> },
      ...sections,
    ],
  },
];
