import {
  type AccountStreamEvent,
  MAX_SIGN_IN_FAILURES,
  SIGN_IN_WINDOW_MS,
  signInOfUnknownAccount,
  signInStreams,
} from "@el/domain/accounts/index";
import { countRecentFailuresFrom } from "@el/projections/audits/index";
import { findUserBySignInName, type UserRow } from "@el/projections/users/index";
import type { FastifyInstance } from "fastify";
import { executeOnStreams } from "../../commands/execute";
import { executeOnAccount } from "./account-commands";
import { verifyDecoy, verifyPassword } from "./passwords";

/** The spec's failed-login message (section 8), whatever the reason: no hint whether the login exists. */
export const SIGN_IN_FAILED = "login.messages.error.authentication";
export const TOO_MANY_SIGN_INS = "login.messages.error.tooManyAttempts";

export type SignInOutcome = { signedIn: true; user: UserRow } | { signedIn: false; rateLimited: boolean };

/**
 * One sign-in attempt, recorded as an event whatever its outcome (the audit trail and the limits are
 * built from them).
 */
export const signIn = async (
  app: FastifyInstance,
  attempt: { username: string; password: string; ip: string },
): Promise<SignInOutcome> => {
  const now = new Date();
  const ipRecentFailures = await countRecentFailuresFrom(
    app.db,
    attempt.ip,
    new Date(now.getTime() - SIGN_IN_WINDOW_MS),
  );
  const user = await findUserBySignInName(app.db, attempt.username);

  let outcome: AccountStreamEvent | undefined;
  if (!user) {
    await verifyDecoy(attempt.password);
    const failed = signInOfUnknownAccount(attempt.username.trim(), attempt.ip, now, ipRecentFailures);
    const streamId = signInStreams.id(attempt.username);
    await executeOnStreams(app, [streamId], () => ({ appends: [{ streamId, events: [failed] }], result: undefined }));
    outcome = failed;
  } else {
    const { result: decided } = await executeOnAccount(app, user.streamId, async (account) => [
      {
        type: "SignIn",
        // Rate-limited attempts are refused without spending time on the hash.
        passwordVerified:
          ipRecentFailures < MAX_SIGN_IN_FAILURES && (await verifyPassword(account.passwordHash, attempt.password)),
        ip: attempt.ip,
        now,
        ipRecentFailures,
      },
    ]);
    outcome = decided[0];
  }

  if (outcome?.type === "SignedIn" && user) return { signedIn: true, user };
  return { signedIn: false, rateLimited: outcome?.type === "SignInFailed" && outcome.data.reason === "rate_limited" };
};
