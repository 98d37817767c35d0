import { assertNever } from "../shared/decider";
import { forbidden, invalid } from "../shared/errors";
import {
  type AccountCommand,
  type AccountCore,
  type AccountEvent,
  accountErrors,
  type ChangePassword,
  type ChangeProfile,
  type CompletePasswordReset,
  type DeleteAccount,
  type ErasePersonalData,
  type LinkSocialAccount,
  type ProfileChanges,
  type ProfileFields,
  pairFailures,
  RESET_KEY_LIFETIME_MS,
  RESET_MAIL_INTERVAL_MS,
  type RequestPasswordReset,
  type RevokeSessions,
  type SetActivated,
  type SetAuthorities,
  type SignIn,
  type SignInFailureReason,
  type SignInSocially,
  signInWaitMs,
} from "./account";

/**
 * The rules every account shares, one function per command. A kind may decide a command itself first
 * (accepting a teacher application has its own event, see teacher-account.ts).
 */

const changedFields = (profile: ProfileFields, changes: ProfileChanges): ProfileChanges =>
  Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) => value !== undefined && profile[field as keyof ProfileFields] !== value,
    ),
  );

export const changeProfile = (command: ChangeProfile, core: AccountCore): AccountEvent[] => {
  const changes = changedFields(core.profile, command.changes);
  return Object.keys(changes).length === 0 ? [] : [{ type: "ProfileChanged", data: { changes, by: command.by } }];
};

export const changePassword = (command: ChangePassword): AccountEvent[] => {
  if (!command.currentPasswordVerified) throw invalid(accountErrors.wrongPassword, "currentPassword");
  return [{ type: "PasswordChanged", data: { passwordHash: command.passwordHash, by: command.by } }];
};

export const requestPasswordReset = (command: RequestPasswordReset, core: AccountCore): AccountEvent[] => {
  // An inactive account gets no key, nor one asked for again too soon: the answer to the requester
  // is the same either way, and is sent before this is decided.
  if (!core.activated) return [];
  if (
    core.lastResetRequestedAt !== undefined &&
    command.now.getTime() - Date.parse(core.lastResetRequestedAt) < RESET_MAIL_INTERVAL_MS
  )
    return [];
  return [
    {
      type: "PasswordResetRequested",
      data: {
        keyDigest: command.keyDigest,
        expiresAt: new Date(command.now.getTime() + RESET_KEY_LIFETIME_MS).toISOString(),
      },
    },
  ];
};

export const completePasswordReset = (command: CompletePasswordReset, core: AccountCore): AccountEvent[] => {
  const reset = core.reset;
  if (!reset || reset.keyDigest !== command.keyDigest || Date.parse(reset.expiresAt) <= command.now.getTime())
    throw invalid(accountErrors.resetKeyRefused, "key");
  return [
    { type: "PasswordResetCompleted", data: { keyDigest: command.keyDigest, passwordHash: command.passwordHash } },
  ];
};

export const setActivated = (command: SetActivated, core: AccountCore): AccountEvent[] => {
  if (command.activated === core.activated) return [];
  if (!command.activated && command.by === core.login) throw forbidden(accountErrors.selfDeactivation);
  return [{ type: command.activated ? "AccountActivated" : "AccountDeactivated", data: { by: command.by } }];
};

export const setAuthorities = (command: SetAuthorities, core: AccountCore): AccountEvent[] => {
  const wanted = [...new Set(command.authorities)];
  // Like deactivating oneself: an administrator could lock everyone out of administration.
  if (command.by === core.login && core.authorities.includes("ROLE_ADMIN") && !wanted.includes("ROLE_ADMIN"))
    throw forbidden(accountErrors.selfDemotion);
  return [
    ...wanted
      .filter((authority) => !core.authorities.includes(authority))
      .map((authority): AccountEvent => ({ type: "AuthorityGranted", data: { authority, by: command.by } })),
    ...core.authorities
      .filter((authority) => !wanted.includes(authority))
      .map((authority): AccountEvent => ({ type: "AuthorityRevoked", data: { authority, by: command.by } })),
  ];
};

export const signIn = (command: SignIn, core: AccountCore): AccountEvent[] => {
  const at = command.now.toISOString();
  const fail = (reason: SignInFailureReason): AccountEvent[] => [
    { type: "SignInFailed", data: { login: core.login, ip: command.ip, at, reason } },
  ];
  if (signInWaitMs(pairFailures(core, command.ip, command.now), command.addressFailures, command.now) > 0)
    return fail("rate_limited");
  if (!command.passwordVerified) return fail("bad_credentials");
  if (!core.activated) return fail("not_activated");
  return [{ type: "SignedIn", data: { login: core.login, ip: command.ip, at } }];
};

export const revokeSessions = (command: RevokeSessions): AccountEvent[] => {
  return [{ type: "SessionsRevoked", data: { by: command.by } }];
};

export const deleteAccount = (command: DeleteAccount, core: AccountCore): AccountEvent[] => {
  if (command.by === core.login) throw forbidden(accountErrors.selfDeletion);
  return [{ type: "AccountDeleted", data: { by: command.by } }];
};

export const linkSocialAccount = (command: LinkSocialAccount, core: AccountCore): AccountEvent[] => {
  const { provider, subject } = command.identity;
  const linked = core.socialLinks?.find((link) => link.provider === provider);
  if (linked?.subject === subject) return [];
  // Another person's identity at the same provider: only the owner, signed in, may change that.
  if (linked) throw invalid(accountErrors.otherSocialLink, "provider");
  return [{ type: "SocialAccountLinked", data: { provider, subject, at: command.now.toISOString() } }];
};

export const signInSocially = (command: SignInSocially, core: AccountCore): AccountEvent[] => {
  const { provider, subject } = command.identity;
  const at = command.now.toISOString();
  if (!core.socialLinks?.some((link) => link.provider === provider && link.subject === subject))
    throw forbidden(accountErrors.notLinked);
  // The provider vouched for the person: no password, so nothing counts towards the sign-in limits.
  if (!core.activated)
    return [{ type: "SignInFailed", data: { login: core.login, ip: command.ip, at, reason: "not_activated" } }];
  return [{ type: "SignedIn", data: { login: core.login, ip: command.ip, at } }];
};

// An erased account has nothing left to erase.
export const erasePersonalData = (command: ErasePersonalData, core: AccountCore): AccountEvent[] => {
  if (core.erased) throw invalid(accountErrors.deleted);
  return [
    {
      type: "PersonalDataErased",
      data: { by: command.by, at: command.now.toISOString(), lessons: command.lessons },
    },
  ];
};

/**
 * The shared rules. A kind may decide a command itself first (accepting a teacher application has its
 * own event, see teacher-account.ts).
 */
export const decideAccountCommand = (command: AccountCommand, core: AccountCore): AccountEvent[] => {
  // A deleted account may still be erased.
  if (command.type === "ErasePersonalData") return erasePersonalData(command, core);
  if (core.deleted) throw invalid(accountErrors.deleted);
  switch (command.type) {
    case "ChangeProfile":
      return changeProfile(command, core);
    case "ChangePassword":
      return changePassword(command);
    case "RequestPasswordReset":
      return requestPasswordReset(command, core);
    case "CompletePasswordReset":
      return completePasswordReset(command, core);
    case "SetActivated":
      return setActivated(command, core);
    case "SetAuthorities":
      return setAuthorities(command, core);
    case "SignIn":
      return signIn(command, core);
    case "RevokeSessions":
      return revokeSessions(command);
    case "DeleteAccount":
      return deleteAccount(command, core);
    case "LinkSocialAccount":
      return linkSocialAccount(command, core);
    case "SignInSocially":
      return signInSocially(command, core);
    default:
      return assertNever(command);
  }
};
