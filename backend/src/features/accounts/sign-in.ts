import { createHmac } from "node:crypto";
import {
  type AccountStreamEvent,
  pairFailures,
  SIGN_IN_LIMITS,
  signInOfUnknownAccount,
  signInWaitMs,
  unknownSignInDay,
  unknownSignInStreams,
} from "@el/domain/accounts/index";
import { findUserBySignInName, type UserRow } from "@el/projections/accounts/users/index";
import { recentSignInFailures } from "@el/projections/audit/index";
import type { FastifyInstance } from "fastify";
import { executeOnAccount } from "./account-commands";
import { verifyDecoy, verifyPassword } from "./passwords";

/** The spec's failed-login message (section 8), whatever the reason: no hint whether the login exists. */
export const SIGN_IN_FAILED = "login.messages.error.authentication";
export const TOO_MANY_SIGN_INS = "login.messages.error.tooManyAttempts";
/**
 * Told only to someone who typed the right password: a teacher whose application an administrator has
 * not yet accepted, and an account an administrator deactivated. Anyone else learns nothing new.
 */
export const UNDER_REVIEW = "login.messages.error.underReview";
export const DEACTIVATED = "login.messages.error.deactivated";

/**
 * What is kept of a login no account has: its HMAC under the server's secret (`JWT_SECRET`), never the login
 * itself. The same typed login gives the same digest, so its attempts still count towards their limits and read
 * as one in the audits; a person who was erased and types their e-mail again is not recorded by name.
 */
export const unknownLoginDigest = (secret: string, typed: string) =>
  `hmac:${createHmac("sha256", secret).update(`unknown-sign-in\n${typed}`).digest("hex")}`;

export type SignInOutcome =
  | { signedIn: true; user: UserRow; sessionGeneration: number }
  | { signedIn: false; rateLimited: false; inactive?: typeof UNDER_REVIEW | typeof DEACTIVATED }
  | { signedIn: false; rateLimited: true; retryAfterSeconds: number };

/**
 * One sign-in attempt, recorded as an event whatever its outcome (the audit trail and the limits are
 * built from them). A known and an unknown login take the same steps: one look-up, one count of recent
 * failures, one argon2 verification unless the limits refuse first (then none, for either), one append.
 */
export const signIn = async (
  app: FastifyInstance,
  attempt: { username: string; password: string; ip: string },
): Promise<SignInOutcome> => {
  const now = app.clock.now();
  const user = await findUserBySignInName(app.db, attempt.username);
  const principal = user?.login ?? unknownLoginDigest(app.config.jwtSecret, attempt.username.trim().toLowerCase());
  const failures = await recentSignInFailures(app.db, {
    principal,
    ip: attempt.ip,
    since: new Date(now.getTime() - SIGN_IN_LIMITS.windowMs),
  });
  const refused = (waitMs: number): SignInOutcome => ({
    signedIn: false,
    rateLimited: true,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

  if (!user) {
    const waitMs = signInWaitMs(failures.pair, failures.address, now);
    if (waitMs === 0) await verifyDecoy(attempt.password);
    const failed = signInOfUnknownAccount(principal, attempt.ip, now, failures);
    // Nothing is decided from these, so they are appended at any version to the day's stream.
    const appended = await app.eventStore.append(unknownSignInStreams.id(unknownSignInDay(now)), [failed], {
      expectedVersion: "any",
    });
    await app.projections.waitFor(appended.lastPosition, ["audits"]);
    return waitMs > 0 ? refused(waitMs) : { signedIn: false, rateLimited: false };
  }

  let waitMs = 0;
  const {
    result: { outcome, sessionGeneration },
  } = await executeOnAccount(
    app,
    user.streamId,
    async (account) => {
      waitMs = signInWaitMs(pairFailures(account, attempt.ip, now), failures.address, now);
      return [
        {
          type: "SignIn",
          // Refused attempts spend no time on the hash, for a known login as for an unknown one.
          passwordVerified: waitMs === 0 && (await verifyPassword(account.passwordHash, attempt.password)),
          ip: attempt.ip,
          now,
          addressFailures: failures.address,
        },
      ];
    },
    {},
    {
      result: (events: AccountStreamEvent[], account) => ({
        outcome: events[0],
        sessionGeneration: account.sessionGeneration,
      }),
    },
  );
  if (outcome?.type === "SignedIn") return { signedIn: true, user, sessionGeneration };
  if (outcome?.type === "SignInFailed" && outcome.data.reason === "rate_limited") return refused(waitMs);
  if (outcome?.type === "SignInFailed" && outcome.data.reason === "not_activated")
    return {
      signedIn: false,
      rateLimited: false,
      inactive: user.kind === "teacher" && !user.accepted ? UNDER_REVIEW : DEACTIVATED,
    };
  return { signedIn: false, rateLimited: false };
};
