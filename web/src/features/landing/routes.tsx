import type { RouteObject } from "react-router-dom";
import { LandingPage } from "./landing-page";

export const landingRoutes: RouteObject[] = [{ index: true, element: <LandingPage /> }];
