import { createHmac, timingSafeEqual } from "node:crypto";
import { SocialProvider } from "@el/domain/accounts/index";
import { z } from "zod";

/**
 * What the provider vouched for, carried by the browser from the return page to the step that needs it
 * (finishing the sign-up, or confirming the password of the account with that e-mail): signed with a key
 * of its own derived from the JWT secret, so it can be neither altered nor used as a session token, and
 * good for `TICKET_LIFETIME_MS`.
 */
export const TICKET_LIFETIME_MS = 15 * 60_000;

export const SocialTicket = z.object({
  provider: SocialProvider,
  subject: z.string().min(1).max(255),
  email: z.string().max(254),
  firstName: z.string().max(50).nullable(),
  lastName: z.string().max(50).nullable(),
  imageUrl: z.string().max(256).nullable(),
  expiresAt: z.number(),
});
export type SocialTicket = z.infer<typeof SocialTicket>;

const keyOf = (secret: string) => createHmac("sha256", secret).update("social-sign-in ticket").digest();
const sign = (secret: string, body: string) => createHmac("sha256", keyOf(secret)).update(body).digest("base64url");

export const issueTicket = (secret: string, ticket: Omit<SocialTicket, "expiresAt">, now = Date.now()) => {
  const body = Buffer.from(JSON.stringify({ ...ticket, expiresAt: now + TICKET_LIFETIME_MS })).toString("base64url");
  return `${body}.${sign(secret, body)}`;
};

/** The ticket's contents, or undefined when it was altered, signed with another key, or is too old. */
export const readTicket = (secret: string, ticket: string, now = Date.now()): SocialTicket | undefined => {
  const [body, signature, ...rest] = ticket.split(".");
  if (!body || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = SocialTicket.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success && parsed.data.expiresAt > now ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};
