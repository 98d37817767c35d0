import type { SocialIdentity, SocialProvider } from "@el/domain/accounts/index";
import { CodeChallengeMethod, decodeIdToken, OAuth2Client } from "arctic";
import { z } from "zod";
import type { Config, OAuthProviderConfig } from "../../config";

/** What a provider tells about the person who signed in, as far as a sign-up keeps it. */
export interface ProviderProfile extends SocialIdentity {
  /** Only an address the provider has verified: an unverified one proves nothing about who owns it. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
}

/** The provider refused the code, answered something unreadable, or its ID token does not hold. */
export class ProviderRefused extends Error {}

/**
 * One identity provider, spoken to through arctic's OAuth 2.0 client: the authorisation-code flow with
 * PKCE (S256), and for Google the OpenID Connect ID token with its nonce.
 */
export interface IdentityProvider {
  name: SocialProvider;
  authorizationUrl: (state: string, codeVerifier: string, nonce: string) => URL;
  profileOf: (code: string, codeVerifier: string, nonce: string) => Promise<ProviderProfile>;
}

const GoogleClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().min(1).max(255),
  exp: z.number(),
  nonce: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

const FacebookProfile = z.object({
  id: z.string().min(1).max(255),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});

/** A name field as the account keeps it (at most 50 characters), or null when the provider gave none. */
const nameOf = (value: string | undefined) => value?.trim().slice(0, 50) || null;
/** A photo address the profile can hold (256 characters, https only outside tests' http mock). */
const imageOf = (value: string | undefined) =>
  value && /^https?:\/\//.test(value) && value.length <= 256 ? value : null;
const split = (name: string | undefined) => {
  const [first, ...rest] = (name ?? "").trim().split(/\s+/);
  return { first: first || undefined, last: rest.join(" ") || undefined };
};

const exchange = async (client: OAuth2Client, tokenUrl: string, code: string, codeVerifier: string) => {
  try {
    return await client.validateAuthorizationCode(tokenUrl, code, codeVerifier);
  } catch (error) {
    throw new ProviderRefused("the provider refused the code", { cause: error });
  }
};

const google = (config: OAuthProviderConfig, redirectUri: string): IdentityProvider => {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    name: "google",
    authorizationUrl: (state, codeVerifier, nonce) => {
      const url = client.createAuthorizationURLWithPKCE(
        config.authorizationUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ["openid", "profile", "email"],
      );
      url.searchParams.set("nonce", nonce);
      return url;
    },
    profileOf: async (code, codeVerifier, nonce) => {
      const tokens = await exchange(client, config.tokenUrl, code, codeVerifier);
      // Straight from the token endpoint over TLS, the ID token's issuer is vouched for by the connection
      // (OpenID Connect Core 3.1.3.7); what it says must still be for us, fresh, and of this sign-in.
      let claims: z.infer<typeof GoogleClaims>;
      try {
        claims = GoogleClaims.parse(decodeIdToken(tokens.idToken()));
      } catch (error) {
        throw new ProviderRefused("no readable ID token", { cause: error });
      }
      const audiences = typeof claims.aud === "string" ? [claims.aud] : claims.aud;
      if (claims.iss !== config.issuer) throw new ProviderRefused("ID token of another issuer");
      if (!audiences.includes(config.clientId)) throw new ProviderRefused("ID token for another client");
      if (claims.exp * 1000 < Date.now()) throw new ProviderRefused("expired ID token");
      if (claims.nonce !== nonce) throw new ProviderRefused("ID token of another sign-in (nonce)");
      const whole = split(claims.name);
      return {
        provider: "google",
        subject: claims.sub,
        email: claims.email && claims.email_verified === true ? claims.email.toLowerCase() : null,
        firstName: nameOf(claims.given_name ?? whole.first),
        lastName: nameOf(claims.family_name ?? whole.last),
        imageUrl: imageOf(claims.picture),
      };
    },
  };
};

const facebook = (config: OAuthProviderConfig, redirectUri: string): IdentityProvider => {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    name: "facebook",
    // Facebook's login has no ID token here: the nonce stays unused, the state and PKCE carry the check.
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(config.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        "email",
      ]),
    profileOf: async (code, codeVerifier) => {
      const tokens = await exchange(client, config.tokenUrl, code, codeVerifier);
      const url = new URL(config.profileUrl ?? "");
      url.searchParams.set("fields", "id,email,first_name,last_name,name,picture.type(large)");
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => {
        throw new ProviderRefused("the profile could not be read", { cause: error });
      });
      const profile = FacebookProfile.safeParse(response.ok ? await response.json().catch(() => null) : null);
      if (!profile.success) throw new ProviderRefused(`unreadable profile (HTTP ${response.status})`);
      const whole = split(profile.data.name);
      return {
        provider: "facebook",
        subject: profile.data.id,
        // Facebook answers an e-mail only once its owner has confirmed it.
        email: profile.data.email?.toLowerCase() ?? null,
        firstName: nameOf(profile.data.first_name ?? whole.first),
        lastName: nameOf(profile.data.last_name ?? whole.last),
        imageUrl: imageOf(profile.data.picture?.data.url),
      };
    },
  };
};

/** The providers the configuration turns on, each returning to its page of the web app (`/google`, `/facebook`). */
export const identityProvidersOf = (config: Pick<Config, "oauth" | "baseUrl">) => {
  const providers = new Map<SocialProvider, IdentityProvider>();
  const back = (page: string) => new URL(page, config.baseUrl).href;
  if (config.oauth.google) providers.set("google", google(config.oauth.google, back("/google")));
  if (config.oauth.facebook) providers.set("facebook", facebook(config.oauth.facebook, back("/facebook")));
  return providers;
};
