import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../../lib/lazy-page";

const SocialReturnPage = lazyPage(() => import("./social-return-page").then((m) => m.SocialReturnPage));

/** Spec section 2: the social sign-in return pages. */
export const socialSignInRoutes: RouteObject[] = [
  { path: "google", element: <SocialReturnPage provider="google" /> },
  { path: "facebook", element: <SocialReturnPage provider="facebook" /> },
];
