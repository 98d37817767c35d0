import type { SocialProvider } from "@el/domain/accounts/account";
import { z } from "zod";
import { api } from "../../../../lib/api";

export const ReturnOutcome = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("signedIn"), id_token: z.string().min(1) }),
  z.object({
    outcome: z.literal("registration"),
    ticket: z.string().min(1),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  z.object({ outcome: z.literal("passwordRequired"), ticket: z.string().min(1), email: z.string() }),
]);
export type ReturnOutcome = z.infer<typeof ReturnOutcome>;

/**
 * Each return asked once per page load: the server takes a state only once, so a second exchange (React's
 * development double mount starts the page's machine twice) would be refused and hide the first's answer.
 */
const exchanges = new Map<string, Promise<ReturnOutcome>>();

/** `GET api/{provider}/code?code=&state=`: signed in, or how the sign-up or the link goes on. */
export const exchangeCode = (provider: SocialProvider, code: string, state: string) => {
  const key = `${provider} ${state} ${code}`;
  const asked =
    exchanges.get(key) ??
    api.get(`api/${provider}/code`, { code, state }).then((answer) => ReturnOutcome.parse(answer));
  exchanges.set(key, asked);
  return asked;
};
