import type { RouteObject } from "react-router-dom";
import { PageNotFound } from "../components/page-not-found";

/** Every feature exports its own route objects; this is the only place they are put together. */
export const routes: RouteObject[] = [{ path: "*", element: <PageNotFound /> }];
