import { DomainError, invalid } from "@el/domain";
import {
  AccountChangeBody,
  accountErrors,
  EmailCheckQuery,
  PasswordChangeBody,
  PasswordResetFinishBody,
  PasswordResetInitBody,
  type ProfileChanges,
  Registration,
  SignInBody,
} from "@el/domain/accounts/index";
import { AccountView } from "@el/domain/accounts/user-view";
import { ErrorAnswer } from "@el/domain/shared/error-answer";
import { findStreamOfResetKey } from "@el/projections/accounts/password-reset-keys/password-reset-keys";
import { findUserById, findUserBySignInName } from "@el/projections/accounts/users/index";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alert } from "../../http/alert";
import { NoBody } from "../../http/responses";
import { executeOnAccount } from "./account-commands";
import { resetPasswordMail } from "./mails";
import { digestOf, hashPassword, newSecretKey, verifyPassword } from "./passwords";
import { applyAsTeacher, registerStudent } from "./registration";
import { createRequestLimit } from "./request-limits";
import { SIGN_IN_FAILED, signIn, TOO_MANY_SIGN_INS } from "./sign-in";
import { toAccountView } from "./user-views";

/** A refused sign-in: wrong credentials (401) or too many attempts (429). */
const SignInRefused = z.object({ status: z.number(), message: z.string() });

/** A fresh token for the session a request came from, as long-lived as the one it carried. */
const IdToken = z.object({ id_token: z.string() });

/**
 * How often an address may learn whether an e-mail is registered (the sign-up form's check, or a sign-up
 * refused because the e-mail is taken), and ask for reset e-mails. Per process; see `createRequestLimit`.
 * Per e-mail, an account is sent a reset e-mail at most every `RESET_MAIL_INTERVAL_MS` (its decider): a
 * refusal per e-mail would let a stranger keep the owner from asking for one.
 */
export const REQUEST_LIMITS = {
  emailChecksPerAddress: { max: 30, windowMs: 10 * 60_000 },
  resetsPerAddress: { max: 10, windowMs: 60 * 60_000 },
};

/** A 429 (the error handler's `error.http.429`), saying when to try again. */
const tooManyRequests = (reply: FastifyReply, waitMs: number) => {
  reply.header("Retry-After", String(Math.max(1, Math.ceil(waitMs / 1000))));
  return Object.assign(new Error("too many requests"), { statusCode: 429 });
};

const me = async (app: FastifyInstance, id: number) => {
  const user = await findUserById(app.db, id);
  if (!user) throw invalid(accountErrors.notRegistered);
  return user;
};

/** Sign-up, sign-in and the signed-in user's own account (spec section 7, "Auth and account"). */
export const accountRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const emailChecks = createRequestLimit(REQUEST_LIMITS.emailChecksPerAddress);
  const resetsByAddress = createRequestLimit(REQUEST_LIMITS.resetsPerAddress);

  /** Reset requests answered but not yet looked up and mailed; the server waits for them when it stops. */
  const pendingResets = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pendingResets]);
  });

  /** A token for the caller's session in the account's new session generation, as long-lived as theirs. */
  const freshToken = (request: FastifyRequest, sessionGeneration: number) => {
    const claims = app.jwt.decode<{ iat?: number; exp?: number }>(request.headers.authorization?.slice(7) ?? "");
    const remembered = (claims?.exp ?? 0) - (claims?.iat ?? 0) > 86_400;
    return app.issueToken({ ...request.currentUser, sessionGeneration }, remembered);
  };

  app.post(
    "/api/register",
    {
      schema: {
        body: Registration,
        response: { 201: z.object({ login: z.string(), activated: z.boolean() }), 429: ErrorAnswer },
      },
    },
    async (request, reply) => {
      // A sign-up refused because the e-mail is taken answers what `hasUser` does, from the same allowance.
      const wait = emailChecks.wait(request.ip);
      if (wait > 0) throw tooManyRequests(reply, wait);
      const body = request.body;
      const created = await (body.student
        ? registerStudent(app, { ...body, lastName: body.lastName }, { correlationId: request.id })
        : applyAsTeacher(app, { ...body, lastName: body.lastName ?? null }, { correlationId: request.id })
      ).catch((error: unknown) => {
        if (
          error instanceof DomainError &&
          (error.messageKey === accountErrors.emailExists || error.messageKey === accountErrors.loginExists)
        )
          emailChecks.take(request.ip);
        throw error;
      });
      return alert(reply.code(201), "register.messages.success", created.login).send({
        login: created.login,
        activated: body.student,
      });
    },
  );

  app.get(
    "/api/account/hasUser",
    { schema: { querystring: EmailCheckQuery, response: { 200: z.boolean(), 429: ErrorAnswer } } },
    // The spec's sign-up check ("Esse e-mail já possui cadastro vinculado."): it must say whether an e-mail
    // is taken, so it is limited per address instead; either answer is the same one indexed read.
    async (request, reply) => {
      const wait = emailChecks.take(request.ip);
      if (wait > 0) throw tooManyRequests(reply, wait);
      return (await findUserBySignInName(app.db, request.query.email)) !== undefined;
    },
  );

  app.post(
    "/api/authenticate",
    {
      schema: {
        body: SignInBody,
        response: { 200: z.object({ id_token: z.string() }), 401: SignInRefused, 429: SignInRefused },
      },
    },
    async (request, reply) => {
      const { username, password, rememberMe } = request.body;
      const outcome = await signIn(app, { username, password, ip: request.ip });
      if (!outcome.signedIn) {
        const message = outcome.rateLimited ? TOO_MANY_SIGN_INS : (outcome.inactive ?? SIGN_IN_FAILED);
        const status = outcome.rateLimited ? 429 : 401;
        if (outcome.rateLimited) reply.header("Retry-After", String(outcome.retryAfterSeconds));
        return reply.code(status).header("X-app-error", message).send({ status, message });
      }
      const token = app.issueToken({ ...outcome.user, sessionGeneration: outcome.sessionGeneration }, rememberMe);
      return reply.header("Authorization", `Bearer ${token}`).send({ id_token: token });
    },
  );

  app.get(
    "/api/account",
    { config: { roles: "authenticated" }, schema: { response: { 200: AccountView } } },
    async (request) => toAccountView(await me(app, request.currentUser.id)),
  );

  app.post(
    "/api/account",
    {
      config: { roles: "authenticated" },
      schema: {
        body: AccountChangeBody,
        response: { 200: NoBody },
      },
    },
    async (request, reply) => {
      const user = await me(app, request.currentUser.id);
      const { email, ...rest } = request.body;
      const changes: ProfileChanges = Object.fromEntries(
        Object.entries({ ...rest, email: email.toLowerCase() }).filter(([, value]) => value !== undefined),
      );
      await executeOnAccount(
        app,
        user.streamId,
        () => [{ type: "ChangeProfile", changes, by: user.login }],
        { userId: String(user.id), correlationId: request.id },
        { newEmail: changes.email },
      );
      return alert(reply, "settings.messages.success").send();
    },
  );

  app.post(
    "/api/account/change-password",
    {
      config: { roles: "authenticated" },
      schema: {
        body: PasswordChangeBody,
        response: { 200: IdToken },
      },
    },
    // A new password ends every session, this one too; it goes on with the fresh token the answer carries.
    async (request, reply) => {
      const user = await me(app, request.currentUser.id);
      const passwordHash = await hashPassword(request.body.newPassword);
      const { result: sessionGeneration } = await executeOnAccount(
        app,
        user.streamId,
        async (account) => [
          {
            type: "ChangePassword",
            currentPasswordVerified: await verifyPassword(account.passwordHash, request.body.currentPassword),
            passwordHash,
            by: user.login,
          },
        ],
        { userId: String(user.id), correlationId: request.id },
        { result: (_events, account) => account.sessionGeneration + 1 },
      );
      const token = freshToken(request, sessionGeneration);
      return alert(reply, "password.messages.success")
        .header("Authorization", `Bearer ${token}`)
        .send({ id_token: token });
    },
  );

  app.post(
    "/api/account/sessions/revoke-others",
    { config: { roles: "authenticated" }, schema: { response: { 200: IdToken } } },
    // Every token of the account stops working; the caller's session goes on with the one answered.
    async (request, reply) => {
      const user = await me(app, request.currentUser.id);
      const { result: sessionGeneration } = await executeOnAccount(
        app,
        user.streamId,
        () => [{ type: "RevokeSessions", by: user.login }],
        { userId: String(user.id), correlationId: request.id },
        { result: (_events, account) => account.sessionGeneration + 1 },
      );
      const token = freshToken(request, sessionGeneration);
      return alert(reply, "sessions.messages.revoked")
        .header("Authorization", `Bearer ${token}`)
        .send({ id_token: token });
    },
  );

  app.post(
    "/api/account/reset-password/init",
    { schema: { body: PasswordResetInitBody, response: { 200: NoBody, 429: ErrorAnswer } } },
    // The same answer, after the same work, whether or not the e-mail has an account: the limit is per
    // address, and the look-up, the key and the mail happen after the answer, so its time says nothing.
    async (request, reply) => {
      const email = request.body.toLowerCase();
      const wait = resetsByAddress.take(request.ip);
      if (wait > 0) throw tooManyRequests(reply, wait);
      const pending = sendResetMail(email).catch((error: unknown) =>
        request.log.error({ err: error }, "password reset e-mail not sent"),
      );
      pendingResets.add(pending);
      void pending.finally(() => pendingResets.delete(pending));
      return alert(reply, "reset.request.messages.success").send();
    },
  );

  /** After the answer: a key and its e-mail for the account with this e-mail, if any (see the decider's interval). */
  const sendResetMail = async (email: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    const user = await findUserBySignInName(app.db, email);
    if (!user) return;
    const { key, digest } = newSecretKey();
    const { result: events } = await executeOnAccount(app, user.streamId, () => [
      { type: "RequestPasswordReset", keyDigest: digest, now: app.clock.now() },
    ]);
    if (events.length > 0) await app.mailer.send(resetPasswordMail(app.config.baseUrl, user, key));
  };

  app.post(
    "/api/account/reset-password/finish",
    {
      schema: {
        body: PasswordResetFinishBody,
        response: { 200: NoBody },
      },
    },
    async (request, reply) => {
      const keyDigest = digestOf(request.body.key);
      const streamId = await findStreamOfResetKey(app.db, keyDigest);
      if (!streamId) throw invalid(accountErrors.resetKeyRefused, "key");
      const passwordHash = await hashPassword(request.body.newPassword);
      await executeOnAccount(app, streamId, () => [
        { type: "CompletePasswordReset", keyDigest, passwordHash, now: app.clock.now() },
      ]);
      return alert(reply, "reset.finish.messages.success").send();
    },
  );
};
