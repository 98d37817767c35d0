import type { PasswordResetFinishBody } from "@el/domain/accounts/account-requests";
import { api, request } from "../../../lib/api";

/** `POST api/account/reset-password/init`: the body is the e-mail as plain text (spec section 7). */
export const requestPasswordReset = (email: string) =>
  // The page replaces its form with the same confirmation, so no toast repeats it.
  request<void>("POST", "api/account/reset-password/init", { raw: email, successAlert: false });

/** `POST api/account/reset-password/finish`: the key from the e-mailed link and the new password. */
export const finishPasswordReset = (key: string, newPassword: string) =>
  api.post<void>("api/account/reset-password/finish", { key, newPassword } satisfies PasswordResetFinishBody);
