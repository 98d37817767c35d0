import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const PlacementPage = lazyPage(() => import("./placement-page").then((m) => m.PlacementPage));

/** Teste de nível, a child of the student area (put together in app/routes.tsx). */
export const placementStudentRoutes: RouteObject[] = [{ path: "teste-de-nivel", element: <PlacementPage /> }];
