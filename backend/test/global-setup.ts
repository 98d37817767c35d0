import { rmSync } from "node:fs";
import pg from "pg";
import { pgliteTemplateDir } from "./product-process";

/**
 * Every run gets its own PostgreSQL databases, named after this run, and drops them at the end.
 * `PG_ADMIN_URL` points at a server where we may create databases (default: the local one).
 */
export const setup = async () => {
  const runId = `el_${process.pid}_${Date.now().toString(36)}`;
  process.env.TEST_RUN_ID = runId;
  process.env.PG_ADMIN_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
  return async () => {
    const admin = new pg.Client(process.env.PG_ADMIN_URL);
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${runId}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
    await admin.end();
    rmSync(pgliteTemplateDir(runId), { recursive: true, force: true });
  };
};
