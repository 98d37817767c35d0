import { forbidden } from "@el/domain";
import { ReplayId } from "@el/domain/audit/replays";
import type { Sql } from "@el/projections";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * `replay=<id>` on a read endpoint: the same answer from a finished replay to a moment instead of
 * the live read model. Its routes let auditors and administrators in (`READ_MODEL_READERS`); the handler
 * then asks `readModelOf`, which keeps today's rule without a replay (administrators only).
 */
export const FromReplay = { replay: ReplayId.optional() };

/** The route config of a read endpoint a replay can answer: auditors too, but only of a replay. */
export const READ_MODEL_READERS = { roles: ["ROLE_ADMIN", "ROLE_AUDITOR"] as const };

/** Whether the caller reads today's read models, not a replay's: an administrator. */
export const isAdministrator = (request: FastifyRequest) => request.currentUser.authorities.includes("ROLE_ADMIN");

/**
 * Where a read endpoint reads: the replay the query names (its schema, through the same query functions, see
 * `inSchema`; a replay of a read model other than `projection` is refused), or without one the live read
 * model, for administrators only (403 for anyone else).
 */
export const readModelOf = (
  app: FastifyInstance,
  request: FastifyRequest,
  replay: string | undefined,
  projection: string,
) => {
  if (replay !== undefined) {
    return <T>(query: (sql: Sql) => Promise<T>) => app.replays.read(replay, query, projection);
  }
  if (!isAdministrator(request)) throw forbidden();
  return <T>(query: (sql: Sql) => Promise<T>) => query(app.db);
};
