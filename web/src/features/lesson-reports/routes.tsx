import { Navigate, type RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const StudentReportPage = lazyPage(() => import("./student-report-page").then((m) => m.StudentReportPage));
const ProgressPage = lazyPage(() => import("./progress-page").then((m) => m.ProgressPage));

/** A lesson's report and the progress page, children of the student area (put together in app/routes.tsx). */
export const lessonReportStudentRoutes: RouteObject[] = [
  { path: "aulas/:id/relatorio", element: <StudentReportPage /> },
  { path: "progresso", element: <ProgressPage /> },
];

/** `/progresso`, the page's short address, leads to the student area's. */
export const progressShortPath: RouteObject[] = [
  { path: "progresso", element: <Navigate to="/student/progresso" replace /> },
];
