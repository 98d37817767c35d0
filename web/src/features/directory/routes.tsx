import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const TeacherDirectoryPage = lazyPage(() =>
  import("./teacher-directory/teacher-directory-page").then((m) => m.TeacherDirectoryPage),
);
const TeacherPage = lazyPage(() => import("./teacher-page/teacher-page").then((m) => m.TeacherPage));
const SeriesPage = lazyPage(() => import("./series/series-page").then((m) => m.SeriesPage));

/** /professores and a teacher's public profile, for anyone signed in or not. */
export const directoryRoutes: RouteObject[] = [
  { path: "professores", element: <TeacherDirectoryPage /> },
  { path: "professores/:id", element: <TeacherPage /> },
];

/** The student's weekly series, a child of the student area (which brings the live feed). */
export const directoryStudentRoutes: RouteObject[] = [{ path: "aulas-semanais", element: <SeriesPage /> }];
