import type { Database } from "@el/projections/sql";
import { emptyPgliteFiles } from "@el/projections/testing/empty-pglite";
import { createPgliteDatabase } from "../src/database";

/**
 * A new, empty in-memory PGlite, as `createPgliteDatabase()` opens one, without initdb's seconds of WASM each
 * time: it starts from the worker's empty cluster's files, which the projections' specs start from too.
 */
export const freshPgliteDatabase = async (): Promise<Database> =>
  createPgliteDatabase(undefined, { template: await emptyPgliteFiles() });
