import type { Database, Sql } from "@el/projections/sql";
import { PGlite } from "@electric-sql/pglite";

/**
 * The embedded default: PostgreSQL compiled to WASM, in this process. One connection, so transactions
 * run one at a time; locks are held in memory because only this process can open the data directory.
 */
export const createPgliteDatabase = async (dataDir?: string, options: { template?: Blob } = {}): Promise<Database> => {
  // A new cluster is initdb's work, seconds in WASM; `template` (a `dumpDataDir` of an empty one) skips it.
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  const locks = new Set<string>();
  return {
    kind: "pglite",
    // Without parameters a text may hold several statements (migrations), which needs the simple protocol.
    query: async (text, params) =>
      (params?.length ? db.query(text, params) : ((await db.exec(text)).at(-1) ?? { rows: [] })) as never,
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (text, params) =>
            (params?.length ? tx.query(text, params) : ((await tx.exec(text)).at(-1) ?? { rows: [] })) as never,
        } as Sql),
      ),
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      return unlisten;
    },
    async tryLock(key) {
      if (locks.has(key)) return null;
      locks.add(key);
      return {
        // Only this process can open the data directory: nobody else can take it.
        held: () => locks.has(key),
        release: async () => {
          locks.delete(key);
        },
      };
    },
    close: () => db.close(),
  };
};
