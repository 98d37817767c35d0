import { SocialProvider } from "@el/domain/accounts/account";
import { z } from "zod";
import { api } from "../../../../lib/api";

const Providers = z.object({ providers: z.array(SocialProvider) });

/** `GET api/social/providers`: the providers the server is configured for (none: no buttons). */
export const getSocialProviders = async () => Providers.parse(await api.get("api/social/providers")).providers;

/** Where a button sends the browser: the server starts the flow and redirects to the provider. */
export const authorizeUrl = (provider: SocialProvider) => `/api/${provider}/authorize`;
