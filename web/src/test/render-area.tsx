import { Outlet, type RouteObject } from "react-router-dom";
import { adminRoutes } from "../app/admin/admin-routes";
import { operationsRoutes } from "../app/admin/admin-tools-routes";
import { studentRoutes } from "../app/student/student-routes";
import { teacherRoutes } from "../app/teacher/teacher-routes";
import { catalogRenamedPaths, catalogSections, itemPackageSections, trailSections } from "../features/catalog/routes";
import { couponRenamedPaths, couponSections } from "../features/coupons/routes";
import { directoryStudentRoutes } from "../features/directory/routes";
import { lessonReportStudentRoutes } from "../features/lesson-reports/routes";
import {
  boardSections,
  lessonControlSections,
  lessonRecordRenamedPaths,
  lessonRecordSections,
  pendingLessonSections,
} from "../features/lessons/routes";
import { placementStudentRoutes } from "../features/placement/routes";
import { purchaseRenamedPaths, purchaseSections, purchasingStudentRoutes } from "../features/purchasing/routes";
import { LiveFeedProvider } from "../lib/socket";
import { createManualFeed } from "./manual-feed";
import { renderRoutes } from "./render";

/** /gerencia and its user screens, and /admin with its pages (app/admin composes them), for the specs of the pages they hold. */
export { adminRoutes, operationsRoutes };

/** Paul, the teacher the teacher-area specs sign in as, as `api/account` answers him. */
export const TEACHER = {
  id: 7,
  login: "paul@example.com",
  email: "paul@example.com",
  firstName: "Paul",
  lastName: "Smith",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_TEACHER"],
};

/** Ana, the student the student-area specs sign in as, as `api/account` answers her: 3 lessons, Intermediário, Viagem. */
export const student = (changes: { balance?: number; level?: number; phone?: string } = {}) => ({
  id: 5,
  login: "ana@example.com",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
  balance: 3,
  level: 2,
  objective: "TRAVEL",
  ...changes,
});

/** Renders an area's routes at `path` under a live feed the test drives by hand, and returns that feed. */
const renderArea = (routes: RouteObject[], path: string) => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={live.feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: routes,
      },
    ],
    path,
  );
  return live;
};

/** Renders the teacher area at `path` (e.g. "/teacher/trilhas"); returns its live feed. */
export const renderTeacherArea = (path: string) => renderArea(teacherRoutes(), path);

/** Renders the student area at `path` (e.g. "/student/perfil"); returns its live feed. */
export const renderStudentArea = (path: string) => renderArea(studentArea, path);

/** /student with the purchase pages, the level test, the weekly series, lesson reports and progress, put together as app/routes.tsx does. */
export const studentArea = studentRoutes([
  ...purchasingStudentRoutes,
  ...placementStudentRoutes,
  ...directoryStudentRoutes,
  ...lessonReportStudentRoutes,
]);

/** /gerencia with pending lessons, levels and materials, put together as app/routes.tsx does: features do not import each other. */
export const adminArea = adminRoutes([...pendingLessonSections, ...catalogSections]);

/** /gerencia with lesson control (/gerencia/aula, its form and its delete confirmation). */
export const adminLessonsArea = adminRoutes(lessonControlSections);

/** /gerencia with the sales sections (purchases, coupons, item packages) and their English and slash-less paths. */
export const adminPurchasingArea = [
  ...purchaseRenamedPaths,
  ...couponRenamedPaths,
  ...catalogRenamedPaths,
  ...adminRoutes([...purchaseSections, ...couponSections, ...itemPackageSections]),
];

/** /gerencia with pending lessons, levels, materials and the lesson board, under a feed the test drives; returns the feed. */
export const renderLiveAdminArea = (path: string) =>
  renderArea(adminRoutes([...pendingLessonSections, ...catalogSections, ...boardSections]), path);

/** /gerencia with the other sections (history, payments, trails, feedback) and their English and slash-less paths. */
export const adminSectionsArea = [
  ...lessonRecordRenamedPaths,
  ...catalogRenamedPaths,
  ...adminRoutes([...lessonRecordSections, ...trailSections]),
];
