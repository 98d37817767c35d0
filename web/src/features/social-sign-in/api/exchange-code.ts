import type { SocialProvider } from "@el/domain/accounts/account";
import { z } from "zod";
import { api } from "../../../lib/api";

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

/** `GET api/{provider}/code?code=&state=`: signed in, or how the sign-up or the link goes on. */
export const exchangeCode = async (provider: SocialProvider, code: string, state: string) =>
  ReturnOutcome.parse(await api.get(`api/${provider}/code`, { code, state }));
