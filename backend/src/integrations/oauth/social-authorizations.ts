import { createHash, randomBytes } from "node:crypto";
import type { SocialProvider } from "@el/domain/accounts/index";
import type { Sql } from "@el/projections";
import { generateCodeVerifier, generateState } from "arctic";

/**
 * Sign-ins sent to a provider and not yet back: their state, PKCE verifier and nonce, kept server-side
 * (any backend instance may receive the return) for `AUTHORIZATION_LIFETIME_MS`. Each is taken once, by
 * a delete that only one of two racing returns can win, so a state forged or played again finds nothing.
 * The browser that started it holds a random binding in an httpOnly cookie; only its digest is kept, so
 * a state copied into another browser's return is refused too. Not a read model: no event makes these.
 */
export const AUTHORIZATION_LIFETIME_MS = 10 * 60_000;

/** What an authorisation is for: a sign-in with a provider, or a teacher connecting their Google Calendar. */
export type AuthorizationFlow = SocialProvider | "google-calendar";

const digestOf = (value: string) => createHash("sha256").update(value).digest("hex");

export interface StartedAuthorization {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Goes to the browser only, in the cookie. */
  binding: string;
}

/**
 * `binding` ties the return to who started it: by default a random value for the browser's cookie; a signed-in
 * teacher connecting their calendar is bound to their account instead (the return needs their token).
 */
export const startAuthorization = async (
  sql: Sql,
  provider: AuthorizationFlow,
  now = new Date(),
  binding = randomBytes(24).toString("base64url"),
) => {
  const started: StartedAuthorization = {
    state: generateState(),
    codeVerifier: generateCodeVerifier(),
    nonce: randomBytes(24).toString("base64url"),
    binding,
  };
  // Sign-ins abandoned at the provider are forgotten as new ones start.
  await sql.query("delete from social_authorizations where expires_at < $1", [now]);
  await sql.query(
    `insert into social_authorizations (state, provider, code_verifier, nonce, binding_digest, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      started.state,
      provider,
      started.codeVerifier,
      started.nonce,
      digestOf(started.binding),
      new Date(now.getTime() + AUTHORIZATION_LIFETIME_MS),
    ],
  );
  return started;
};

/** The sign-in this return belongs to, taken so it cannot be used again; undefined when it does not hold. */
export const takeAuthorization = async (
  sql: Sql,
  provider: AuthorizationFlow,
  state: string,
  binding: string | undefined,
  now = new Date(),
) => {
  const { rows } = await sql.query<{
    provider: string;
    code_verifier: string;
    nonce: string;
    binding_digest: string;
    expires_at: Date | string;
  }>("delete from social_authorizations where state = $1 returning *", [state]);
  const taken = rows[0];
  if (!taken || taken.provider !== provider || binding === undefined) return undefined;
  if (taken.binding_digest !== digestOf(binding) || new Date(taken.expires_at).getTime() <= now.getTime())
    return undefined;
  return { codeVerifier: taken.code_verifier, nonce: taken.nonce };
};
