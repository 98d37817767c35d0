import type { Authority } from "@el/domain/accounts/account";
import { AccountView } from "@el/domain/accounts/user-view";
import type { z } from "zod";
import { api, request, tokenStorage } from "../api";

const profile = {
  firstName: true,
  lastName: true,
  langKey: true,
  balance: true,
  level: true,
  objective: true,
  phone: true,
  imageUrl: true,
} as const;

/**
 * The `GET /api/account` body: who is signed in and what they may do, which a session cannot do without;
 * the profile fields only fill screens, so an answer without them still signs in.
 */
export const Account = AccountView.pick({
  id: true,
  login: true,
  email: true,
  activated: true,
  authorities: true,
  ...profile,
}).partial(profile);
export type Account = z.infer<typeof Account>;

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export const fetchAccount = async (): Promise<Account> => Account.parse(await api.get("api/account"));

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
  return "/";
};
