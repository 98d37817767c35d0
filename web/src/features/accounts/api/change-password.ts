import { api } from "../../../lib/api";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** `POST api/account/change-password`: the signed-in user's own password; its answer's alert says it worked. */
export const changePassword = (change: PasswordChange) => api.post<void>("api/account/change-password", change);
