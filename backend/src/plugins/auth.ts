import { DomainError, forbidden } from "@el/domain";
import {
  type AccountCore,
  type Authority,
  adminAccountDecider,
  adminStreams,
  authorities as allAuthorities,
  studentAccountDecider,
  studentStreams,
  teacherAccountDecider,
  teacherStreams,
} from "@el/domain/accounts/index";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createDerivedCache } from "../commands/derived-cache";
import type { StreamChange } from "../commands/stream-changes";
import { foldOf } from "../commands/stream-states";

/** Who sent the request, as every slice sees it on a route that declares `roles`. */
export interface CurrentUser {
  id: number;
  login: string;
  firstName: string;
  authorities: string[];
}

/** Who may call a route: any signed-in user, or one holding at least one of these authorities. */
export type RouteRoles = "authenticated" | readonly Authority[];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Absent: the route is public. */
    roles?: RouteRoles;
  }
  interface FastifyInstance {
    /** For the socket.io handshake: the user behind a token, or null. */
    verifyToken: (token: string) => Promise<CurrentUser | null>;
    /**
     * Signs a token for a user who just proved who they are, in their account's current session
     * generation (0 unless given: a new account's).
     */
    issueToken: (user: TokenHolder, rememberMe: boolean) => string;
  }
  interface FastifyRequest {
    /** Set on routes that declare `roles`; null on public ones. */
    currentUser: CurrentUser;
  }
}

/** Who a token is issued to: `sessionGeneration` is their account's (`AccountCore.sessionGeneration`). */
export interface TokenHolder {
  id: number;
  login: string;
  authorities: readonly string[];
  sessionGeneration?: number;
}

interface TokenClaims {
  sub: string;
  uid: number;
  auth: string;
  /** The account's session generation when the token was issued; tokens from before it had none (0). */
  gen?: number;
}

/** JHipster's lifetimes: a day, or thirty with "remember me". */
const TOKEN_LIFETIME = "1d";
const REMEMBERED_TOKEN_LIFETIME = "30d";

const unauthorized = () => new DomainError("unauthorized", "error.http.401");

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
};

const studentState = foldOf(studentStreams, studentAccountDecider);
const teacherState = foldOf(teacherStreams, teacherAccountDecider);
const adminState = foldOf(adminStreams, adminAccountDecider);

/** The streams a token's account may be: a student's or teacher's by id, an administrator's by login. */
const accountStreamsOf = (id: number, login: string) => ({
  student: studentState(id),
  teacher: teacherState(id),
  admin: adminState(login),
});

/** Events of an account that change nothing a token is checked against; any other may. */
const NOT_ABOUT_ACCESS = new Set([
  "CreditsGranted",
  "TrialCreditsGranted",
  "CreditsRevoked",
  "CreditSpent",
  "CreditRefunded",
  "SignedIn",
  "SignInFailed",
  "PasswordResetRequested",
]);
export const aboutAccess = (change: StreamChange) =>
  !NOT_ABOUT_ACCESS.has(change.type) &&
  (studentStreams.holds(change.streamId) ||
    teacherStreams.holds(change.streamId) ||
    adminStreams.holds(change.streamId));

/** Who holds an account now, and which tokens of theirs are good: none once deactivated or deleted. */
interface Holder {
  user: CurrentUser;
  sessionGeneration: number;
}
const holderOf = (id: number, accounts: (AccountCore | undefined)[]): Holder | null => {
  const account = accounts.find((candidate) => candidate?.id === id);
  if (!account?.activated || account.deleted) return null;
  return {
    user: { id, login: account.login, firstName: account.profile.firstName ?? "", authorities: account.authorities },
    sessionGeneration: account.sessionGeneration,
  };
};

/**
 * Tokens and the one guard of every route. A route says who may call it with `config: { roles }`; one
 * `onRequest` hook enforces it, so a 401 or 403 comes before the body is even read and an anonymous
 * caller learns nothing of what the route validates.
 *
 * Who a token's user is now comes from their account stream, not from the token, and is kept in memory
 * until an event about their access (activation, authorities, profile, password, sessions ended,
 * deletion) is stored on it: this
 * process drops it before the command that stored it answers, others when they hear of the append (see
 * `createStreamChanges`). So a suspended or deleted user's tokens stop working, a token older than the
 * account's last password change, reset, deactivation or "end other sessions" is refused (its session
 * generation is behind the account's), and an authority granted or revoked applies to the next request,
 * without reading the database on every request.
 */
export const authPlugin = fp(
  async (app) => {
    const holders = createDerivedCache<Holder | null>(app.streamChanges, {
      matters: aboutAccess,
      capacity: 50_000,
    });
    app.addHook("onClose", async () => holders.close());

    const verifyToken = async (token: string): Promise<CurrentUser | null> => {
      let claims: TokenClaims;
      try {
        claims = app.jwt.verify<TokenClaims>(token);
      } catch {
        return null;
      }
      const { uid, sub, gen = 0 } = claims;
      if (typeof uid !== "number" || typeof sub !== "string" || typeof gen !== "number") return null;
      const holder = await holders.get(`${uid}\n${sub}`, async () => {
        const streams = accountStreamsOf(uid, sub);
        const { student, teacher, admin } = await app.streamStates.read(streams);
        const accounts = [student.state, teacher.state, admin.state].map((state) =>
          state.status === "unregistered" ? undefined : state.account,
        );
        return { value: holderOf(uid, accounts), streamIds: Object.values(streams).map((stream) => stream.streamId) };
      });
      return holder && holder.user.login === sub && holder.sessionGeneration === gen ? holder.user : null;
    };

    // fastify wants the property declared before any request, and an object there would be shared by all of
    // them, so it starts as null; the typed API only takes a CurrentUser, and the authentication hook sets
    // one before any guarded handler reads it. The cast is the only way to write that placeholder.
    app.decorateRequest("currentUser", null as unknown as CurrentUser);
    app.decorate("verifyToken", verifyToken);
    app.decorate("issueToken", (user: TokenHolder, rememberMe: boolean) =>
      app.jwt.sign(
        {
          sub: user.login,
          uid: user.id,
          auth: user.authorities.join(","),
          gen: user.sessionGeneration ?? 0,
        } satisfies TokenClaims,
        { expiresIn: rememberMe ? REMEMBERED_TOKEN_LIFETIME : TOKEN_LIFETIME },
      ),
    );

    // A typo in a route's roles would lock everyone out of it, or no one: refused when the route is added.
    app.addHook("onRoute", (route) => {
      const roles = route.config?.roles;
      if (roles === undefined || roles === "authenticated") return;
      if (roles.length === 0 || roles.some((role) => !allAuthorities.includes(role)))
        throw new Error(`${route.method} ${route.url}: unknown roles ${JSON.stringify(roles)}`);
    });

    app.addHook("onRequest", async (request) => {
      const roles = request.routeOptions.config.roles;
      if (!roles) return;
      const token = bearerOf(request);
      const user = token ? await verifyToken(token) : null;
      if (!user) throw unauthorized();
      request.currentUser = user;
      if (roles !== "authenticated" && !user.authorities.some((authority) => roles.includes(authority as Authority)))
        throw forbidden();
    });
  },
  { name: "auth", dependencies: ["@fastify/jwt", "stream-states"] },
);
