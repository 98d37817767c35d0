import type { RouteObject } from "react-router-dom";
import { LoginModal } from "./login/login-modal";
import { LogoutPage } from "./logout/logout-page";

export const accountsRoutes: RouteObject[] = [
  { path: "login", element: <LoginModal /> },
  { path: "logout", element: <LogoutPage /> },
];
