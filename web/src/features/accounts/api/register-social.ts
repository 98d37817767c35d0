import type { SocialRegistration } from "@el/domain/accounts/account-requests";
import { z } from "zod";
import { interfaceLanguage } from "../../../i18n/i18n";
import { api } from "../../../lib/api";

const IdToken = z.object({ id_token: z.string().min(1) });

/** `POST api/register/social`: the account, linked to the provider, and the token it is signed in with. */
export const registerSocial = async (registration: SocialRegistration) =>
  IdToken.parse(await api.post("api/register/social", { langKey: interfaceLanguage(), ...registration })).id_token;
