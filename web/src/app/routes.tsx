import { lazy, Suspense } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { Layout } from "../components/layout/layout";
import { PageNotFound } from "../components/page-not-found";
import { RouteError } from "../components/route-error";
import { accountsRoutes, socialSignInRoutes } from "../features/accounts/routes";
import { applicationSections } from "../features/applications/routes";
import { auditRoutes } from "../features/audit/routes";
import { seriesSections } from "../features/availability/routes";
import { catalogRenamedPaths, catalogSections, itemPackageSections, trailSections } from "../features/catalog/routes";
import { couponRenamedPaths, couponSections } from "../features/coupons/routes";
import { directoryRoutes, directoryStudentRoutes } from "../features/directory/routes";
import { disputeAreaRoutes, disputeRoutes, disputeSections } from "../features/disputes/routes";
import { landingRoutes } from "../features/landing/routes";
import { lessonReportStudentRoutes, progressShortPath } from "../features/lesson-reports/routes";
import {
  boardSections,
  lessonControlSections,
  lessonRecordRenamedPaths,
  lessonRecordSections,
  pendingLessonSections,
} from "../features/lessons/routes";
import { meetingRoutes } from "../features/meetings/routes";
import { messageRoutes, messageSections, UnreadMessagesLink } from "../features/messages/routes";
import { placementStudentRoutes } from "../features/placement/routes";
import {
  purchaseRenamedPaths,
  purchaseSections,
  purchasingRoutes,
  purchasingStudentRoutes,
} from "../features/purchasing/routes";
import { adminRoutes } from "./admin/admin-routes";
import { operationsMenuPaths, operationsRoutes } from "./admin/admin-tools-routes";
import { studentRoutes } from "./student/student-routes";
import { teacherRoutes } from "./teacher/teacher-routes";

/** Loaded when a sign-in or sign-up form shows them: their parsing (zod) stays out of the landing page. */
const SocialSignInButtons = lazy(() =>
  import("../features/accounts/social-sign-in/social-sign-in-buttons").then((module) => ({
    default: module.SocialSignInButtons,
  })),
);

/**
 * Every feature exports its own route objects; this is the only place they are put together. A page
 * that throws shows the error text inside the layout; the layout itself is guarded too.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteError>
        <Layout signedInLinks={<UnreadMessagesLink />} />
      </RouteError>
    ),
    children: [
      {
        element: (
          <RouteError>
            <Outlet />
          </RouteError>
        ),
        children: [
          ...landingRoutes,
          ...accountsRoutes(
            <Suspense fallback={null}>
              <SocialSignInButtons />
            </Suspense>,
          ),
          ...socialSignInRoutes,
          ...meetingRoutes,
          ...messageRoutes,
          ...directoryRoutes,
          ...disputeRoutes,
          ...studentRoutes([
            ...purchasingStudentRoutes,
            ...placementStudentRoutes,
            ...directoryStudentRoutes,
            ...lessonReportStudentRoutes,
            ...disputeAreaRoutes,
          ]),
          ...progressShortPath,
          ...teacherRoutes(disputeAreaRoutes),
          ...adminRoutes(
            [
              ...lessonControlSections,
              ...pendingLessonSections,
              ...catalogSections,
              ...purchaseSections,
              ...couponSections,
              ...itemPackageSections,
              ...boardSections,
              ...lessonRecordSections,
              ...trailSections,
              ...applicationSections,
              ...seriesSections,
              ...messageSections,
              ...disputeSections,
            ],
            operationsMenuPaths,
          ),
          ...operationsRoutes,
          ...auditRoutes,
          ...purchaseRenamedPaths,
          ...couponRenamedPaths,
          ...catalogRenamedPaths,
          ...lessonRecordRenamedPaths,
          ...purchasingRoutes,
          { path: "*", element: <PageNotFound /> },
        ],
      },
    ],
  },
];
