import type { Sql } from "@el/projections/sql";

/**
 * Ids from the `entity_ids` sequence, drawn a block at a time: one round trip per `blockSize` ids instead
 * of one per id, and the next block is fetched once half the current one is used, so a command rarely
 * waits for one. Every id is still unique across processes (each is its own `nextval`); those a process
 * drew but had not used when it stopped are skipped, as a rolled-back transaction skips its own.
 */
export const createIdBlocks = (sql: Sql, blockSize = 100) => {
  const ids: number[] = [];
  let refilling: Promise<void> | undefined;
  const refill = () => {
    refilling ??= sql
      .query<{ id: string }>("select nextval('entity_ids') as id from generate_series(1, $1)", [blockSize])
      .then(({ rows }) => {
        ids.push(...rows.map((row) => Number(row.id)));
      })
      .finally(() => {
        refilling = undefined;
      });
    return refilling;
  };
  return async (): Promise<number> => {
    while (ids.length === 0) await refill();
    const id = ids.shift() as number;
    if (ids.length < blockSize / 2) refill().catch(() => {});
    return id;
  };
};
