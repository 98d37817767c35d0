import type { Database } from "@el/projections/sql";
import { PGlite } from "@electric-sql/pglite";
import { createPgliteDatabase } from "../src/database";

let template: Promise<Blob> | undefined;

/**
 * A new, empty in-memory PGlite, as `createPgliteDatabase()` opens one, without initdb's seconds of WASM each
 * time: the first call of a worker runs initdb and keeps the empty cluster's files, later ones start from them.
 */
export const freshPgliteDatabase = (): Promise<Database> => {
  template ??= PGlite.create().then(async (empty) => {
    const files = await empty.dumpDataDir("none");
    await empty.close();
    return files;
  });
  return template.then((files) => createPgliteDatabase(undefined, { template: files }));
};
