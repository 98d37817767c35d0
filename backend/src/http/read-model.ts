import { forbidden } from "@el/domain";
import type { Sql } from "@el/projections";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The route config of a read endpoint a replay can answer (its query takes domain's `FromReplay`): auditors
 * too, but only of a replay; the handler then asks `readModelOf`, which keeps today's rule without a replay
 * (administrators only).
 */
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
