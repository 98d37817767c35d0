import type { Database } from "@el/projections/sql";
import { createPgDatabase } from "./pg-database";
import { createPgliteDatabase } from "./pglite-database";

/** `DATABASE_URL` set: that PostgreSQL. Absent: PGlite persisted under `dataDir` (in memory without one). */
export const openDatabase = (options: { databaseUrl?: string; dataDir?: string }): Promise<Database> =>
  options.databaseUrl ? Promise.resolve(createPgDatabase(options.databaseUrl)) : createPgliteDatabase(options.dataDir);

export { createPgDatabase, createPgliteDatabase };
