import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { Sql } from "../sql";

/**
 * Past their retention, the sign-ins of logins no account has keep when they happened and how they ended; the
 * login's digest and the address read "titular removido", as a rebuild reads them once their key is destroyed.
 */
export const forgetSignIns = async (sql: Sql, globalPositions: readonly string[]) => {
  if (globalPositions.length === 0) return;
  await sql.query(
    "update audits set principal = $2, remote_address = $2 where global_position = any($1::bigint[]) and principal <> $2",
    [[...globalPositions], PERSON_REMOVED],
  );
};
