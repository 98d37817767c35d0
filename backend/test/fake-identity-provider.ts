import { OAuth2Server } from "oauth2-mock-server";

/** Who signs in at the mock provider next: Google's ID-token claims, Facebook's profile fields. */
export interface MockPerson {
  subject: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/**
 * A local OpenID Connect / OAuth 2.0 provider (oauth2-mock-server) on 127.0.0.1 standing in for both
 * Google and Facebook: it checks PKCE and echoes the nonce, as they do. `env` points the product at it;
 * `signInAs` chooses who the next sign-in is; `tamper` alters the next ID token (a test of the checks).
 */
export const startMockIdentityProvider = async () => {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url as string;
  let person: MockPerson = { subject: "nobody" };
  let tamper: ((claims: Record<string, unknown>) => void) | undefined;

  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: person.subject,
      ...(person.email !== undefined && { email: person.email, email_verified: person.emailVerified ?? true }),
      ...(person.firstName !== undefined && { given_name: person.firstName }),
      ...(person.lastName !== undefined && { family_name: person.lastName }),
      ...(person.picture !== undefined && { picture: person.picture }),
    });
    tamper?.(token.payload);
  });
  server.service.on("beforeUserinfo", (response: { body: Record<string, unknown> }) => {
    response.body = {
      id: person.subject,
      ...(person.email !== undefined && { email: person.email }),
      ...(person.firstName !== undefined && { first_name: person.firstName }),
      ...(person.lastName !== undefined && { last_name: person.lastName }),
      ...(person.picture !== undefined && { picture: { data: { url: person.picture } } }),
    };
  });

  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: "google-client-id",
      GOOGLE_CLIENT_SECRET: "google-client-secret",
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_ISSUER: issuer,
      FACEBOOK_CLIENT_ID: "facebook-client-id",
      FACEBOOK_CLIENT_SECRET: "facebook-client-secret",
      FACEBOOK_AUTHORIZATION_URL: `${issuer}/authorize`,
      FACEBOOK_TOKEN_URL: `${issuer}/token`,
      FACEBOOK_PROFILE_URL: `${issuer}/userinfo`,
    },
    signInAs: (next: MockPerson) => {
      person = next;
      tamper = undefined;
    },
    tamper: (change: (claims: Record<string, unknown>) => void) => {
      tamper = change;
    },
    stop: () => server.stop(),
  };
};
export type MockIdentityProvider = Awaited<ReturnType<typeof startMockIdentityProvider>>;
