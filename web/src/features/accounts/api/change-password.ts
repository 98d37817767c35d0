import type { PasswordChangeBody } from "@el/domain/accounts/account-requests";
import { api } from "../../../lib/api";
import { keepSession } from "./session-token";

/**
 * `POST api/account/change-password`: the signed-in user's own password; its answer's alert says it worked.
 * A new password ends every session, so this one goes on with the token the answer carries.
 */
export const changePassword = async (change: PasswordChangeBody) =>
  keepSession(await api.post<unknown>("api/account/change-password", change));
