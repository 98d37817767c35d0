import { DomainError, forbidden } from "@el/domain";
import { type Authority, authorities as allAuthorities } from "@el/domain/accounts/index";
import { findUserById, type UserRow } from "@el/projections/users/index";
import fastifyJwt from "@fastify/jwt";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who sent the request, as every slice sees it once `app.authenticate` ran. */
export interface CurrentUser {
  id: number;
  login: string;
  firstName: string;
  authorities: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Hook (onRequest or preHandler): a valid bearer token of an existing, activated user, else 401.
     * As onRequest it answers before the body is validated, so anonymous callers learn nothing of it.
     */
    authenticate: AuthHook;
    /** Hook factory: 401 without a valid token, 403 without one of `authorities`. */
    requireAuthority: (...authorities: Authority[]) => AuthHook;
    /** For the socket.io handshake: the user behind a token, or null. */
    verifyToken: (token: string) => Promise<CurrentUser | null>;
    /** Signs a token for a user who just proved who they are. */
    issueToken: (user: Pick<UserRow, "id" | "login" | "authorities">, rememberMe: boolean) => string;
  }
  interface FastifyRequest {
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

export const unauthorized = () => new DomainError("unauthorized", "error.http.401");

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
};

/**
 * Decorates the root instance, so every slice's routes can use them. The user is read from `users` on
 * every request, not from the token: a suspended or deleted user's tokens stop working at once, and an
 * authority granted or revoked applies to the next request.
 */
export const registerAuth = async (app: FastifyInstance) => {
  await app.register(fastifyJwt, { secret: app.config.jwtSecret });

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

  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOf(request);
    const user = token ? await verifyToken(token) : null;
    if (!user) throw unauthorized();
    request.currentUser = user;
  };

  app.decorateRequest("currentUser", null as unknown as CurrentUser);
  app.decorate("verifyToken", verifyToken);
  app.decorate("authenticate", authenticate);
  app.decorate("requireAuthority", (...required: Authority[]) => {
    for (const authority of required)
      if (!allAuthorities.includes(authority)) throw new Error(`Unknown authority ${authority}`);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.currentUser.authorities.some((authority) => required.includes(authority as Authority)))
        throw forbidden();
    };
  });
  app.decorate("issueToken", (user: Pick<UserRow, "id" | "login" | "authorities">, rememberMe: boolean) =>
    app.jwt.sign({ sub: user.login, uid: user.id, auth: user.authorities.join(",") } satisfies TokenClaims, {
      expiresIn: rememberMe ? REMEMBERED_TOKEN_LIFETIME : TOKEN_LIFETIME,
    }),
  );
};
