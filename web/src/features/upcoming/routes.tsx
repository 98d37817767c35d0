import type { RouteObject } from "react-router-dom";
import { ComingSoon } from "./coming-soon";

/**
 * Public routes of spec section 2 whose flows arrive with later work (calendar authorisation). Each
 * says what it will be instead of "page not found".
 */
export const upcomingRoutes: RouteObject[] = [{ path: "calendar", element: <ComingSoon what="calendar" /> }];
