import { AccountView } from "@el/domain/accounts/user-view";
import type { z } from "zod";
import { api } from "../api";

const profile = {
  firstName: true,
  lastName: true,
  langKey: true,
  balance: true,
  trialCredits: true,
  level: true,
  objective: true,
  phone: true,
  imageUrl: true,
} as const;

/**
 * The `GET /api/account` body: who is signed in and what they may do, which a session cannot do without;
 * the profile fields only fill screens, so an answer without them still signs in. Only the session
 * machine parses it, so zod is not in the landing page's download (account.ts is).
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

export const fetchAccount = async (): Promise<Account> => Account.parse(await api.get("api/account"));
