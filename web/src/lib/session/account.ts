import type { Authority } from "@el/domain/accounts/account";
import { request, tokenStorage } from "../api";
import type { Account } from "./get-account";

export type { Account } from "./get-account";

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** Signs in and keeps the token where `rememberMe` says (spec section 7). */
export const authenticate = async (credentials: Credentials): Promise<void> => {
  const response = await request<{ id_token?: string }>("POST", "api/authenticate", { body: credentials });
  const bearer = response.headers.get("Authorization")?.replace(/^Bearer /, "");
  const token = response.data?.id_token ?? bearer;
  if (!token) throw new Error("The sign-in answer carried no token");
  tokenStorage.set(token, credentials.rememberMe);
};

export const hasAnyAuthority = (account: Account | undefined, authorities: readonly Authority[]) =>
  !!account && (authorities.length === 0 || authorities.some((authority) => account.authorities.includes(authority)));

/** Where a user goes after signing in when no page asked for the sign-in (spec section 6). */
export const homeOf = (account: Account) => {
  if (account.authorities.includes("ROLE_ADMIN")) return "/gerencia";
  if (account.authorities.includes("ROLE_TEACHER")) return "/teacher";
  if (account.authorities.includes("ROLE_STUDENT")) return "/student";
  if (account.authorities.includes("ROLE_AUDITOR")) return "/auditoria";
  return "/";
};
