import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const ApplicationsPage = lazyPage(() => import("./applications-page").then((m) => m.ApplicationsPage));

/** The review queue of teacher applications, a /gerencia section handed to `adminRoutes`. */
export const applicationSections: RouteObject[] = [{ path: "candidaturas", element: <ApplicationsPage /> }];
