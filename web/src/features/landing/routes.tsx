import type { RouteObject } from "react-router-dom";

/** Placeholder until the landing page lands (owner: web-lessons). */
export const landingRoutes: RouteObject[] = [{ index: true, element: <div className="page">English Lessons</div> }];
