import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../../lib/lazy-page";

const BoardPage = lazyPage(() => import("./board-page").then((m) => m.BoardPage));

/** The live lesson board, a /gerencia section handed to `adminRoutes`. */
export const adminBoardSections: RouteObject[] = [{ path: "quadro", element: <BoardPage /> }];
