import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";

const SeriesPage = lazyPage(() => import("./series/series-page").then((m) => m.SeriesPage));

/** The weekly series, a /gerencia section handed to `adminRoutes`. */
export const seriesSections: RouteObject[] = [{ path: "series", element: <SeriesPage /> }];
