import { DomainError, forbidden } from "@el/domain";
import { type Authority, authorities as allAuthorities } from "@el/domain/accounts/index";
import { findUserById, type UserRow } from "@el/projections/users/index";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

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
    /** Signs a token for a user who just proved who they are. */
    issueToken: (user: Pick<UserRow, "id" | "login" | "authorities">, rememberMe: boolean) => string;
  }
  interface FastifyRequest {
    /** Set on routes that declare `roles`; null on public ones. */
    currentUser: CurrentUser;
  }
}

interface TokenClaims {
  sub: string;
  uid: number;
  auth: string;
}

/** JHipster's lifetimes: a day, or thirty with "remember me". */
const TOKEN_LIFETIME = "1d";
const REMEMBERED_TOKEN_LIFETIME = "30d";

const unauthorized = () => new DomainError("unauthorized", "error.http.401");

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
};

/**
 * Tokens and the one guard of every route. A route says who may call it with `config: { roles }`; one
 * `onRequest` hook enforces it, so a 401 or 403 comes before the body is even read and an anonymous
 * caller learns nothing of what the route validates. The user is read from `users` on every request, not
 * from the token: a suspended or deleted user's tokens stop working at once, and an authority granted or
 * revoked applies to the next request.
 */
export const authPlugin = fp(
  async (app) => {
    const verifyToken = async (token: string): Promise<CurrentUser | null> => {
      let claims: TokenClaims;
      try {
        claims = app.jwt.verify<TokenClaims>(token);
      } catch {
        return null;
      }
      const user = typeof claims.uid === "number" ? await findUserById(app.db, claims.uid) : undefined;
      if (!user?.activated || user.login !== claims.sub) return null;
      return { id: user.id, login: user.login, firstName: user.firstName ?? "", authorities: user.authorities };
    };

    // fastify wants the property declared before any request, and an object there would be shared by all of
    // them, so it starts as null; the typed API only takes a CurrentUser, and the authentication hook sets
    // one before any guarded handler reads it. The cast is the only way to write that placeholder.
    app.decorateRequest("currentUser", null as unknown as CurrentUser);
    app.decorate("verifyToken", verifyToken);
    app.decorate("issueToken", (user: Pick<UserRow, "id" | "login" | "authorities">, rememberMe: boolean) =>
      app.jwt.sign({ sub: user.login, uid: user.id, auth: user.authorities.join(",") } satisfies TokenClaims, {
        expiresIn: rememberMe ? REMEMBERED_TOKEN_LIFETIME : TOKEN_LIFETIME,
      }),
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
  { name: "auth", dependencies: ["@fastify/jwt"], decorators: { fastify: ["db"] } },
);
