import { invalid } from "@el/domain";
import {
  SocialCodeQuery,
  SocialLinkBody,
  SocialProvider,
  SocialRegistration,
  SocialTeacherApplication,
  teacherStreams,
} from "@el/domain/accounts/index";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { findUserById, findUserBySignInName } from "@el/projections/accounts/users/index";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alert } from "../../http/alert";
import {
  type IdentityProvider,
  identityProvidersOf,
  ProviderRefused,
} from "../../integrations/oauth/identity-providers";
import {
  AUTHORIZATION_LIFETIME_MS,
  startAuthorization,
  takeAuthorization,
} from "../../integrations/oauth/social-authorizations";
import { createRequestLimit } from "./request-limits";
import { SIGN_IN_FAILED, signIn, TOO_MANY_SIGN_INS, UNDER_REVIEW } from "./sign-in";
import { linkIdentity, ownerOfIdentity, registerSocialStudent, signInSocially } from "./social-sign-in";
import { applySociallyAsTeacher } from "./social-teacher-application";
import { issueTicket, readTicket } from "./social-tickets";

/** Message keys of the social sign-in the web app translates. */
export const socialErrors = {
  /** The return does not belong to a sign-in this browser started (forged, played again, or too old). */
  state: "social.messages.error.state",
  /** The provider refused the code or answered something we cannot trust. */
  provider: "social.messages.error.provider",
  /** The provider gave no verified e-mail, which an account needs. */
  noEmail: "social.messages.error.noEmail",
  /** The ticket from the return page was altered or is too old: sign in with the provider again. */
  ticket: "social.messages.error.ticket",
} as const;

/**
 * Each start writes a row that lives `AUTHORIZATION_LIFETIME_MS`: an address may start this many in that
 * time (per process, see `createRequestLimit`), more than a person retrying ever needs.
 */
export const STARTS_PER_ADDRESS = { max: 30, windowMs: AUTHORIZATION_LIFETIME_MS };

const cookieName = (provider: SocialProvider) => `el_oauth_${provider}`;

const cookieOf = (request: FastifyRequest, name: string) =>
  (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([key]) => key === name)?.[1];

const IdToken = z.object({ id_token: z.string() });
const SignInRefused = z.object({ status: z.number(), message: z.string() });

/** What the return page is answered: signed in, or how the sign-up or the link goes on. */
const ReturnOutcome = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("signedIn"), id_token: z.string() }),
  z.object({
    outcome: z.literal("registration"),
    ticket: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  z.object({ outcome: z.literal("passwordRequired"), ticket: z.string(), email: z.string() }),
]);

/**
 * Sign-in with Google and Facebook: which providers are on, the start of the flow, the return
 * pages' exchange of the code, the password confirmation that links an existing account, and the sign-up
 * finished after a provider vouched for the person.
 */
export const socialSignInRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const providers = identityProvidersOf(app.config);
  const secure = app.config.baseUrl.startsWith("https:");
  const secret = app.config.jwtSecret;
  const starts = createRequestLimit(STARTS_PER_ADDRESS);

  const signedIn = (reply: FastifyReply, user: Parameters<typeof app.issueToken>[0]) => {
    const token = app.issueToken(user, false);
    reply.header("Authorization", `Bearer ${token}`);
    return token;
  };

  app.get(
    "/api/social/providers",
    { schema: { response: { 200: z.object({ providers: z.array(SocialProvider) }) } } },
    async () => ({ providers: [...providers.keys()] }),
  );

  for (const name of SocialProvider.options) {
    const providerOr404 = (): IdentityProvider => {
      const provider = providers.get(name);
      if (!provider) throw Object.assign(new Error("provider not configured"), { statusCode: 404 });
      return provider;
    };

    const authorizeAnswers = { 302: z.null(), 404: ErrorAnswer, 429: ErrorAnswer };
    app.get(`/api/${name}/authorize`, { schema: { response: authorizeAnswers } }, async (request, reply) => {
      const provider = providerOr404();
      const wait = starts.take(request.ip);
      if (wait > 0) {
        reply.header("Retry-After", String(Math.ceil(wait / 1000)));
        throw Object.assign(new Error("too many sign-ins started"), { statusCode: 429 });
      }
      const started = await startAuthorization(app.db, name);
      const cookie = [
        `${cookieName(name)}=${started.binding}`,
        `Path=/api/${name}`,
        `Max-Age=${AUTHORIZATION_LIFETIME_MS / 1000}`,
        "HttpOnly",
        // Sent on the return page's own request; a third site's requests go without it.
        "SameSite=Lax",
        ...(secure ? ["Secure"] : []),
      ].join("; ");
      return reply
        .header("Set-Cookie", cookie)
        .header("Cache-Control", "no-store")
        .redirect(provider.authorizationUrl(started.state, started.codeVerifier, started.nonce).href, 302);
    });

    app.get(
      `/api/${name}/code`,
      {
        schema: {
          querystring: SocialCodeQuery,
          response: { 200: ReturnOutcome, 401: SignInRefused, 404: ErrorAnswer },
        },
      },
      async (request, reply) => {
        const provider = providerOr404();
        const authorization = await takeAuthorization(
          app.db,
          name,
          request.query.state,
          cookieOf(request, cookieName(name)),
        );
        reply.header("Set-Cookie", `${cookieName(name)}=; Path=/api/${name}; Max-Age=0; HttpOnly; SameSite=Lax`);
        if (!authorization) throw invalid(socialErrors.state, "state");
        const profile = await provider
          .profileOf(request.query.code, authorization.codeVerifier, authorization.nonce)
          .catch((error: unknown) => {
            if (error instanceof ProviderRefused) {
              request.log.warn({ provider: name, reason: error.message }, "social sign-in refused");
              throw invalid(socialErrors.provider);
            }
            throw error;
          });
        const identity = { provider: name, subject: profile.subject };
        const context = { correlationId: request.id };

        const owner = await ownerOfIdentity(app, identity);
        if (owner) {
          const outcome = await signInSocially(app, owner, identity, request.ip, context);
          if (!outcome.signedIn) {
            // The provider vouched for the person, as a right password would: a teacher still waiting for
            // the review is told so (the password sign-in tells them the same).
            const applicant = teacherStreams.holds(owner)
              ? await findUserById(app.db, teacherStreams.parse(owner))
              : undefined;
            const message = applicant && !applicant.accepted ? UNDER_REVIEW : SIGN_IN_FAILED;
            return reply.code(401).header("X-app-error", message).send({ status: 401, message });
          }
          const token = signedIn(reply, { ...outcome.user, sessionGeneration: outcome.sessionGeneration });
          return { outcome: "signedIn" as const, id_token: token };
        }

        if (!profile.email) throw invalid(socialErrors.noEmail);
        const { email, firstName, lastName, imageUrl } = profile;
        const ticket = issueTicket(secret, { ...identity, email, firstName, lastName, imageUrl });
        // An account of this e-mail is linked only once its password shows the person owns it.
        if (await findUserBySignInName(app.db, email)) return { outcome: "passwordRequired" as const, ticket, email };
        return { outcome: "registration" as const, ticket, email, firstName, lastName, imageUrl };
      },
    );

    app.post(
      `/api/${name}/link`,
      {
        schema: {
          body: SocialLinkBody,
          response: { 200: IdToken, 429: SignInRefused },
        },
      },
      async (request, reply) => {
        const ticket = readTicket(secret, request.body.ticket);
        if (!ticket || ticket.provider !== name) throw invalid(socialErrors.ticket, "ticket");
        // The same attempt, limits and record as a sign-in with the password.
        const outcome = await signIn(app, { username: ticket.email, password: request.body.password, ip: request.ip });
        if (outcome.signedIn === false && outcome.rateLimited) {
          reply.header("Retry-After", String(outcome.retryAfterSeconds));
          return reply
            .code(429)
            .header("X-app-error", TOO_MANY_SIGN_INS)
            .send({ status: 429, message: TOO_MANY_SIGN_INS });
        }
        // A wrong password is a mistake in this form (400), not a session that ended (401).
        if (!outcome.signedIn) throw invalid(SIGN_IN_FAILED, "password");
        await linkIdentity(
          app,
          outcome.user.streamId,
          { provider: name, subject: ticket.subject },
          {
            userId: String(outcome.user.id),
            correlationId: request.id,
          },
        );
        const token = signedIn(reply, { ...outcome.user, sessionGeneration: outcome.sessionGeneration });
        return alert(reply, "social.messages.linked").send({ id_token: token });
      },
    );
  }

  app.post(
    "/api/register/social",
    {
      schema: {
        body: SocialRegistration,
        response: { 201: IdToken },
      },
    },
    async (request, reply) => {
      const { ticket: text, ...student } = request.body;
      const ticket = readTicket(secret, text);
      if (!ticket) throw invalid(socialErrors.ticket, "ticket");
      const created = await registerSocialStudent(app, ticket, student, { correlationId: request.id });
      const token = signedIn(reply, {
        id: created.id,
        login: created.login,
        authorities: ["ROLE_USER", "ROLE_STUDENT"],
        sessionGeneration: 0,
      });
      return alert(reply.code(201), "register.messages.success", created.login).send({ id_token: token });
    },
  );

  app.post(
    "/api/register/social/teacher",
    {
      schema: {
        body: SocialTeacherApplication,
        response: { 201: z.object({ login: z.string(), activated: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const { ticket: text, ...teacher } = request.body;
      const ticket = readTicket(secret, text);
      if (!ticket) throw invalid(socialErrors.ticket, "ticket");
      const created = await applySociallyAsTeacher(
        app,
        ticket,
        { ...teacher, lastName: teacher.lastName?.trim() || null },
        { correlationId: request.id },
      );
      // Not signed in: the application waits for an administrator, as the password sign-up's does.
      return alert(reply.code(201), "register.messages.success", created.login).send({
        login: created.login,
        activated: false,
      });
    },
  );
};
