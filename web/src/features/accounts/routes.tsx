import type { RouteObject } from "react-router-dom";
import { LoginModal } from "./login/login-modal";
import { LogoutPage } from "./logout/logout-page";
import { PrivacyPolicyPage } from "./privacy-policy/privacy-policy-page";
import { StudentStepOnePage } from "./register/student-step-one-page";
import { StudentStepTwoPage } from "./register/student-step-two-page";
import { TeacherApplicationPage } from "./register/teacher-application-page";
import { ResetFinishPage } from "./reset/reset-finish-page";
import { ResetRequestPage } from "./reset/reset-request-page";

export const accountsRoutes: RouteObject[] = [
  { path: "login", element: <LoginModal /> },
  { path: "logout", element: <LogoutPage /> },
  { path: "account/reset/request", element: <ResetRequestPage /> },
  { path: "account/reset/finish/:key?", element: <ResetFinishPage /> },
  { path: "registro/aluno", element: <StudentStepOnePage /> },
  { path: "registro/finalizar", element: <StudentStepTwoPage /> },
  { path: "registro/professor", element: <TeacherApplicationPage /> },
  { path: "privacypolicy", element: <PrivacyPolicyPage /> },
];
