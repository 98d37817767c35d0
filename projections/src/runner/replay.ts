import type { Position, RecordedEvent } from "@el/domain";
import { START } from "@el/domain";
import type { Database, Sql } from "../sql";
import type { Projector } from "./projector";

/**
 * Read models rebuilt somewhere other than where the product reads them: a replay to a moment (
 * `replay_{id}`), and the new version of a blue/green rebuild (`green_{name}`). Both are the projector's own
 * tables, migrated and written through `search_path`, so the projector's SQL and the read model's queries
 * are the ones the product runs, never copies.
 */

/** Schema names are built by us, never typed by a user; anything else is refused before it reaches SQL. */
export const schemaIdentifier = (schema: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name: ${JSON.stringify(schema)}`);
  return `"${schema}"`;
};

/**
 * Runs `work` in a transaction that sees only `schema`: unqualified table names resolve there and nowhere
 * else (not even `public`), so a replay can neither read nor write the live read models.
 */
export const inSchema = <T>(db: Database, schema: string, work: (tx: Sql) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.query(`set local search_path to ${schemaIdentifier(schema)}`);
    return work(tx);
  });

/** Applies what `projector` handles of `events` where nobody listens: its pushes are not asked for. */
export const applySilently = async (projector: Projector, events: readonly RecordedEvent[], tx: Sql) => {
  const handled = events.filter((event) => projector.handles.includes(event.type));
  if (handled.length > 0) await projector.evolve(handled, tx, { live: false });
};

/** Where a replay reads: the store as it stood at an instant. */
export interface ReplaySource {
  readRecordedUpTo(
    after: Position,
    recordedUpTo: Date,
    types: readonly string[],
    limit?: number,
  ): Promise<RecordedEvent[]>;
}

const positionOf = (event: RecordedEvent): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

export interface ReplayOptions {
  db: Database;
  source: ReplaySource;
  projector: Projector;
  schema: string;
  /** Events stored at or before this instant are replayed; later ones are not. */
  at: Date;
  batchSize?: number;
  /** After each batch has committed, with how many events are in. */
  onProgress?: (replayed: number) => Promise<void> | void;
  /** Checked between batches: a replay deleted while it runs stops there. */
  cancelled?: () => boolean;
}

export class ReplayCancelled extends Error {
  constructor(readonly schema: string) {
    super(`replay into ${schema} was cancelled`);
  }
}

/**
 * Builds `projector`'s read model as of `at` into `schema` (created, migrated, filled). The next batch is
 * read while the current one is applied, and each batch is one transaction of a few statements, so the
 * database sees a handful of round trips per thousands of events. Resolves to how many were replayed.
 */
export const replayProjection = async (options: ReplayOptions) => {
  const { db, source, projector, schema, at } = options;
  const batchSize = options.batchSize ?? 5000;
  await db.query(`create schema if not exists ${schemaIdentifier(schema)}`);
  await inSchema(db, schema, (tx) => projector.migrate(tx));
  const read = (after: Position) => {
    const reading = source.readRecordedUpTo(after, at, projector.handles, batchSize);
    // Awaited below; until then a failure must not count as unhandled.
    reading.catch(() => {});
    return reading;
  };
  let replayed = 0;
  let next = read(START);
  for (;;) {
    if (options.cancelled?.()) throw new ReplayCancelled(schema);
    const batch = await next;
    if (batch.length === 0) return replayed;
    if (batch.length === batchSize) next = read(positionOf(batch[batch.length - 1] as RecordedEvent));
    await inSchema(db, schema, (tx) => applySilently(projector, batch, tx));
    replayed += batch.length;
    await options.onProgress?.(replayed);
    if (batch.length < batchSize) return replayed;
  }
};

export const dropSchema = (db: Sql, schema: string) =>
  db.query(`drop schema if exists ${schemaIdentifier(schema)} cascade`);
