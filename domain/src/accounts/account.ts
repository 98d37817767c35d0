import { z } from "zod";
import type { Command } from "../shared/command";
import { unchanged } from "../shared/decider";
import { type EventOf, lowerCaseKey, streamKind } from "../shared/streams";
import { PERSON_REMOVED, PERSONAL_PROFILE_FIELDS } from "./personal-data";

/**
 * What every account (student, teacher, administrator) shares: credentials, profile, activation,
 * authorities, password reset and sign-in history. The three account deciders reuse these events,
 * commands and rules; only registration and what is specific to a kind (credits, teacher acceptance)
 * live in their own files.
 */

/** `ROLE_AUDITOR` reads the event history and changes nothing; administrators pass its checks too. */
export const Authority = z.enum(["ROLE_ADMIN", "ROLE_USER", "ROLE_STUDENT", "ROLE_TEACHER", "ROLE_AUDITOR"]);
export type Authority = z.infer<typeof Authority>;
export const authorities = Authority.options;

export const Objective = z.enum(["PROFESSIONAL", "TRAVEL", "CERTIFICATION", "SELF_DEVELOPMENT", "OTHERS"]);
export type Objective = z.infer<typeof Objective>;
/** What a student may answer at sign-up: the spec offers OTHERS only when a lesson is scheduled (section 3, Enumerations). */
export const SignUpObjective = Objective.exclude(["OTHERS"]);
export type SignUpObjective = z.infer<typeof SignUpObjective>;
export const HeardFrom = z.enum(["FACEBOOK", "INSTAGRAM", "SITE", "FRIENDS", "WHATSAPP"]);
export type HeardFrom = z.infer<typeof HeardFrom>;

/** Message keys the web app translates (JHipster's, where it has one). */
export const accountErrors = {
  emailExists: "error.emailexists",
  loginExists: "error.userexists",
  wrongPassword: "error.password.incorrect",
  resetKeyRefused: "reset.finish.messages.error",
  selfDeactivation: "userManagement.error.selfDeactivation",
  selfDeletion: "userManagement.error.selfDeletion",
  selfDemotion: "userManagement.error.selfDemotion",
  notRegistered: "error.account.notFound",
  deleted: "error.account.deleted",
  /** The account already signs in with another identity of this provider. */
  otherSocialLink: "error.social.otherLink",
  /** A sign-in through an identity the account is not linked to. */
  notLinked: "error.social.notLinked",
} as const;

/**
 * Sign-in limits (docs/architecture.md, "Sign-in limits that a stranger cannot turn on the owner"). Failures
 * count per (account, address) pair and per address, never per account alone: a stranger's guesses slow
 * down the stranger's address, not the owner's. Past its free failures, each further attempt of a pair or
 * an address waits twice as long after its last failure as the one before (1 s, 2 s, 4 s… up to 5 min);
 * failures older than the window are forgotten, and a success forgets the pair's.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  freeFailuresPerPair: 5,
  freeFailuresPerAddress: 20,
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
} as const;

/** Failures that count towards a limit: how many within the window, and when the last one was. */
export interface RecentFailures {
  count: number;
  last?: string;
}

const delayAfter = (failures: RecentFailures, free: number) =>
  failures.count < free || failures.last === undefined
    ? 0
    : Math.min(SIGN_IN_LIMITS.firstDelayMs * 2 ** (failures.count - free), SIGN_IN_LIMITS.maxDelayMs);

/** How long a sign-in must still wait (0: it may try now), given its pair's and its address's failures. */
export const signInWaitMs = (pair: RecentFailures, address: RecentFailures, now: Date): number => {
  const until = (failures: RecentFailures, free: number) =>
    failures.last === undefined ? 0 : Date.parse(failures.last) + delayAfter(failures, free) - now.getTime();
  return Math.max(
    0,
    until(pair, SIGN_IN_LIMITS.freeFailuresPerPair),
    until(address, SIGN_IN_LIMITS.freeFailuresPerAddress),
  );
};

/**
 * A password-reset e-mail per account at most every `RESET_MAIL_INTERVAL_MS`: a stranger who knows the
 * address cannot fill the owner's mailbox (the requester is answered the same either way).
 */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;
/** A reset key works once, for a day. */
export const RESET_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

const instant = z.iso.datetime({ offset: true });

/** Every profile field an account may hold; a change carries only the fields that changed. */
export const ProfileFields = z.object({
  firstName: z.string().max(50).nullable(),
  lastName: z.string().max(50).nullable(),
  email: z.string().max(254),
  langKey: z.string().max(10),
  imageUrl: z.string().max(256).nullable(),
  phone: z.string().max(30).nullable(),
  level: z.number().int().nullable(),
  objective: Objective.nullable(),
  cpf: z.string().max(20).nullable(),
  street: z.string().max(200).nullable(),
  neighbourhood: z.string().max(100).nullable(),
  city: z.string().max(100).nullable(),
  state: z.string().max(50).nullable(),
  country: z.string().max(50).nullable(),
  number: z.string().max(20).nullable(),
  cep: z.string().max(10).nullable(),
  experience: z.string().max(2000).nullable(),
  bankNumber: z.string().max(20).nullable(),
  bankAccount: z.string().max(30).nullable(),
  bankBranch: z.string().max(20).nullable(),
});
export type ProfileFields = z.infer<typeof ProfileFields>;
export type ProfileChanges = Partial<ProfileFields>;

export const SignInFailureReason = z.enum(["bad_credentials", "not_activated", "rate_limited", "unknown_account"]);
export type SignInFailureReason = z.infer<typeof SignInFailureReason>;

/** The identity providers one may sign in with; `subject` is the provider's id of the person. */
export const SocialProvider = z.enum(["google", "facebook"]);
export type SocialProvider = z.infer<typeof SocialProvider>;
/** What the provider says of the person, as far as an account keeps it. */
export const SocialIdentity = z.object({ provider: SocialProvider, subject: z.string().min(1).max(255) });
export type SocialIdentity = z.infer<typeof SocialIdentity>;

export const accountEventSchemas = {
  ProfileChanged: z.object({ changes: ProfileFields.partial(), by: z.string() }),
  PasswordChanged: z.object({ passwordHash: z.string().startsWith("$argon2id$"), by: z.string() }),
  PasswordResetRequested: z.object({ keyDigest: z.string().regex(/^[0-9a-f]{64}$/), expiresAt: instant }),
  PasswordResetCompleted: z.object({ keyDigest: z.string().regex(/^[0-9a-f]{64}$/), passwordHash: z.string() }),
  AccountActivated: z.object({ by: z.string() }),
  AccountDeactivated: z.object({ by: z.string() }),
  AuthorityGranted: z.object({ authority: Authority, by: z.string() }),
  AuthorityRevoked: z.object({ authority: Authority, by: z.string() }),
  /**
   * `login` is the one the account signs in with; for a login no account has, its keyed digest (`hmac:…`; what was
   * typed, in records older versions wrote), sealed with `ip` and shredded after its retention (docs/operations.md).
   */
  SignedIn: z.object({ login: z.string(), ip: z.string(), at: instant }),
  SignInFailed: z.object({ login: z.string(), ip: z.string(), at: instant, reason: SignInFailureReason }),
  AccountDeleted: z.object({ by: z.string() }),
  /** The owner ended every session but the one they asked from (which got a new token). */
  SessionsRevoked: z.object({ by: z.string() }),
  /** The account may from now on sign in through this provider's identity. */
  SocialAccountLinked: SocialIdentity.extend({ at: instant }),
  /**
   * LGPD erasure: the person's key was destroyed, so their personal data reads as "titular removido"
   * everywhere; the account is closed for good. `by`: "titular" when the person asked, else the administrator's
   * login. `lessons`: the lessons they took part in, whose feedback texts were erased with them.
   */
  PersonalDataErased: z.object({ by: z.string(), at: instant, lessons: z.array(z.number().int()) }),
};

export type AccountEvent = EventOf<typeof accountEventSchemas>;

export type ChangeProfile = Command<"ChangeProfile", { changes: ProfileChanges; by: string }>;
export type ChangePassword = Command<
  "ChangePassword",
  { currentPasswordVerified: boolean; passwordHash: string; by: string }
>;
export type RequestPasswordReset = Command<"RequestPasswordReset", { keyDigest: string; now: Date }>;
export type CompletePasswordReset = Command<
  "CompletePasswordReset",
  { keyDigest: string; passwordHash: string; now: Date }
>;
export type SetActivated = Command<"SetActivated", { activated: boolean; by: string }>;
export type SetAuthorities = Command<"SetAuthorities", { authorities: Authority[]; by: string }>;
export type SignIn = Command<
  "SignIn",
  { passwordVerified: boolean; ip: string; now: Date; addressFailures: RecentFailures }
>;
export type RevokeSessions = Command<"RevokeSessions", { by: string }>;
export type DeleteAccount = Command<"DeleteAccount", { by: string }>;
export type ErasePersonalData = Command<"ErasePersonalData", { by: string; now: Date; lessons: number[] }>;
export type LinkSocialAccount = Command<"LinkSocialAccount", { identity: SocialIdentity; now: Date }>;
export type SignInSocially = Command<"SignInSocially", { identity: SocialIdentity; ip: string; now: Date }>;

export type AccountCommand =
  | ChangeProfile
  | ChangePassword
  | RequestPasswordReset
  | CompletePasswordReset
  | SetActivated
  | SetAuthorities
  | SignIn
  | RevokeSessions
  | DeleteAccount
  | ErasePersonalData
  | LinkSocialAccount
  | SignInSocially;

/** What the shared rules need to know about a registered account. */
export interface AccountCore {
  id: number;
  login: string;
  profile: ProfileFields;
  passwordHash: string;
  activated: boolean;
  authorities: Authority[];
  deleted: boolean;
  /** Its personal data was erased (LGPD): absent in states kept before erasure existed. */
  erased?: boolean;
  /** The pending reset key, if any; cleared once used or replaced. */
  reset?: { keyDigest: string; expiresAt: string };
  /** Recent failed sign-ins (those that counted), oldest first, the last `KEPT_FAILURES`. */
  recentFailures: { ip: string; at: string }[];
  /**
   * Which tokens are still good: one carries the generation it was issued in, and a password change or
   * reset, a deactivation or "end other sessions" starts a new one, revoking every older token.
   */
  sessionGeneration: number;
  /** When the last reset e-mail was asked for (see `RESET_MAIL_INTERVAL_MS`). */
  lastResetRequestedAt?: string;
  /** The provider identities it signs in with, one per provider (absent in states kept before social sign-in). */
  socialLinks?: SocialIdentity[];
}

/** Enough failures to apply the per-pair limit to many addresses at once; older ones are forgotten. */
const KEPT_FAILURES = 100;

export const newAccountCore = (
  fields: Pick<AccountCore, "id" | "login" | "passwordHash" | "activated" | "authorities"> & {
    profile: ProfileChanges & { email: string };
  },
): AccountCore => ({
  id: fields.id,
  login: fields.login,
  passwordHash: fields.passwordHash,
  activated: fields.activated,
  authorities: fields.authorities,
  deleted: false,
  recentFailures: [],
  sessionGeneration: 0,
  profile: {
    firstName: null,
    lastName: null,
    langKey: "pt-br",
    imageUrl: null,
    phone: null,
    level: null,
    objective: null,
    cpf: null,
    street: null,
    neighbourhood: null,
    city: null,
    state: null,
    country: null,
    number: null,
    cep: null,
    experience: null,
    bankNumber: null,
    bankAccount: null,
    bankBranch: null,
    ...fields.profile,
  },
});

/** Applies a shared event; never throws, so history written by older code still folds. */
export const evolveAccountCore = (core: AccountCore, event: AccountEvent): AccountCore => {
  switch (event.type) {
    case "ProfileChanged":
      return { ...core, profile: { ...core.profile, ...event.data.changes } };
    case "PasswordChanged":
      return { ...core, passwordHash: event.data.passwordHash, reset: undefined, ...newSession(core) };
    case "PasswordResetRequested":
      return {
        ...core,
        reset: { keyDigest: event.data.keyDigest, expiresAt: event.data.expiresAt },
        // The event has no time of its own: it was asked for a key's lifetime before the key expires.
        lastResetRequestedAt: new Date(Date.parse(event.data.expiresAt) - RESET_KEY_LIFETIME_MS).toISOString(),
      };
    case "PasswordResetCompleted":
      return {
        ...core,
        passwordHash: event.data.passwordHash,
        reset: undefined,
        recentFailures: [],
        ...newSession(core),
      };
    case "AccountActivated":
      return { ...core, activated: true };
    case "AccountDeactivated":
      return { ...core, activated: false, ...newSession(core) };
    case "SessionsRevoked":
      return { ...core, ...newSession(core) };
    case "AuthorityGranted":
      return core.authorities.includes(event.data.authority)
        ? core
        : { ...core, authorities: [...core.authorities, event.data.authority] };
    case "AuthorityRevoked":
      return { ...core, authorities: core.authorities.filter((authority) => authority !== event.data.authority) };
    case "SignedIn":
      return { ...core, recentFailures: core.recentFailures.filter((failure) => failure.ip !== event.data.ip) };
    case "SignInFailed":
      return event.data.reason === "rate_limited"
        ? core
        : {
            ...core,
            recentFailures: [...core.recentFailures, { ip: event.data.ip, at: event.data.at }].slice(-KEPT_FAILURES),
          };
    case "AccountDeleted":
      return { ...core, deleted: true, activated: false };
    case "PersonalDataErased":
      return {
        ...core,
        deleted: true,
        erased: true,
        activated: false,
        reset: undefined,
        recentFailures: [],
        socialLinks: [],
        profile: { ...core.profile, ...removedProfile(core.profile) },
        ...newSession(core),
      };
    case "SocialAccountLinked": {
      const { provider, subject } = event.data;
      const others = (core.socialLinks ?? []).filter((link) => link.provider !== provider);
      return { ...core, socialLinks: [...others, { provider, subject }] };
    }
    default:
      return unchanged(core, event);
  }
};

const newSession = (core: AccountCore) => ({ sessionGeneration: core.sessionGeneration + 1 });

/** The profile's personal fields that held something, now "titular removido". */
const removedProfile = (profile: ProfileFields): ProfileChanges =>
  Object.fromEntries(
    PERSONAL_PROFILE_FIELDS.filter((field) => profile[field] !== null).map((field) => [field, PERSON_REMOVED]),
  );

/** The failures of one (account, address) pair within the window. */
export const pairFailures = (core: AccountCore, ip: string, now: Date): RecentFailures => {
  const recent = core.recentFailures.filter(
    (failure) => failure.ip === ip && now.getTime() - Date.parse(failure.at) < SIGN_IN_LIMITS.windowMs,
  );
  return { count: recent.length, last: recent.at(-1)?.at };
};

/**
 * `sign-in-{login}`: where older versions recorded a sign-in with a login no account has, one stream per
 * typed login. Still read (the audits of those attempts), no longer written: see `unknownSignInStreams`.
 */
export const signInStreams = streamKind(
  "sign-in",
  { SignInFailed: accountEventSchemas.SignInFailed },
  lowerCaseKey(254),
);

/**
 * `unknown-sign-ins-{yyyy-mm-dd}`: sign-ins with a login no account has, one stream per UTC day, so a typo
 * leaves an audit line, not a stream of its own. Appended at any version: nothing is decided from them.
 */
export const unknownSignInStreams = streamKind(
  "unknown-sign-ins",
  { SignInFailed: accountEventSchemas.SignInFailed },
  {
    format: (day: string) => day,
    parse: (text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined),
  },
);
export const unknownSignInDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A sign-in with a login no account has always fails; it counts towards its pair's and its address's
 * limits like any other, so it is refused as rate-limited exactly when a known account's would be. What is
 * recorded of the login is its keyed digest, never the login.
 */
export const signInOfUnknownAccount = (
  loginDigest: string,
  ip: string,
  now: Date,
  failures: { pair: RecentFailures; address: RecentFailures },
): AccountEvent => ({
  type: "SignInFailed",
  data: {
    login: loginDigest,
    ip,
    at: now.toISOString(),
    reason: signInWaitMs(failures.pair, failures.address, now) > 0 ? "rate_limited" : "unknown_account",
  },
});

export const accountEventDefinitions = Object.entries(accountEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
