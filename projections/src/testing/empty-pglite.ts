import { PGlite } from "@electric-sql/pglite";

let template: Promise<Blob> | undefined;

/**
 * The files of an empty PGlite cluster, made once per worker: initdb in WebAssembly costs a few seconds each time,
 * about four times what a new PGlite takes to load them.
 */
export const emptyPgliteFiles = (): Promise<Blob> => {
  template ??= PGlite.create().then(async (empty) => {
    const files = await empty.dumpDataDir("none");
    await empty.close();
    return files;
  });
  return template;
};

/** A new, empty in-memory PGlite, as `PGlite.create()` opens one, started from `emptyPgliteFiles`. */
export const emptyPglite = async (): Promise<PGlite> => PGlite.create({ loadDataDir: await emptyPgliteFiles() });
