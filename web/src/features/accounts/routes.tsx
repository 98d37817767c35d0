import type { ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const ChangePasswordPage = lazyPage(() => import("./password/change-password-page").then((m) => m.ChangePasswordPage));
const LoginModal = lazyPage(() => import("./login/login-modal").then((m) => m.LoginModal));
const LogoutPage = lazyPage(() => import("./logout/logout-page").then((m) => m.LogoutPage));
const PrivacyPolicyPage = lazyPage(() =>
  import("./privacy-policy/privacy-policy-page").then((m) => m.PrivacyPolicyPage),
);
const StudentStepOnePage = lazyPage(() => import("./register/student-step-one-page").then((m) => m.StudentStepOnePage));
const StudentStepTwoPage = lazyPage(() => import("./register/student-step-two-page").then((m) => m.StudentStepTwoPage));
const TeacherApplicationPage = lazyPage(() =>
  import("./register/teacher-application-page").then((m) => m.TeacherApplicationPage),
);
const SocialReturnPage = lazyPage(() => import("./social-sign-in/social-return-page").then((m) => m.SocialReturnPage));
const ResetFinishPage = lazyPage(() => import("./reset/reset-finish-page").then((m) => m.ResetFinishPage));
const ResetRequestPage = lazyPage(() => import("./reset/reset-request-page").then((m) => m.ResetRequestPage));

/** `signInOptions`: other ways in (Google, Facebook), shown on the login modal and the sign-up page. */
export const accountsRoutes = (signInOptions?: ReactNode): RouteObject[] => [
  { path: "login", element: <LoginModal signInOptions={signInOptions} /> },
  { path: "logout", element: <LogoutPage /> },
  {
    // Spec section 2: /account needs ADMIN or USER, and every signed-in user holds ROLE_USER.
    path: "account/password",
    element: (
      <PrivateRoute authorities={["ROLE_ADMIN", "ROLE_USER"]}>
        <ChangePasswordPage />
      </PrivateRoute>
    ),
  },
  { path: "account/reset/request", element: <ResetRequestPage /> },
  { path: "account/reset/finish/:key?", element: <ResetFinishPage /> },
  { path: "registro/aluno", element: <StudentStepOnePage signInOptions={signInOptions} /> },
  { path: "registro/finalizar", element: <StudentStepTwoPage /> },
  { path: "registro/professor", element: <TeacherApplicationPage /> },
  { path: "privacypolicy", element: <PrivacyPolicyPage /> },
];

/** Spec section 2: the social sign-in return pages. */
export const socialSignInRoutes: RouteObject[] = [
  { path: "google", element: <SocialReturnPage provider="google" /> },
  { path: "facebook", element: <SocialReturnPage provider="facebook" /> },
];
