import type { SocialProvider } from "@el/domain/accounts/account";
import { z } from "zod";
import { api } from "../../../../lib/api";

const IdToken = z.object({ id_token: z.string().min(1) });

/** `POST api/{provider}/link`: the password of the account with the provider's e-mail links the two. */
export const linkAccount = async (provider: SocialProvider, ticket: string, password: string) =>
  IdToken.parse(await api.post(`api/${provider}/link`, { ticket, password })).id_token;
