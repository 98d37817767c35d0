import type { Position } from "@el/domain";
import type { Sql } from "@el/projections/sql";

/**
 * Folded states of long streams kept in the database, so that a process that has not kept a stream's
 * state (just started, or it fell out of its cache) reads the events after the snapshot instead of the
 * whole history. Derived data like a read model: deleting every row loses nothing but time. Its table,
 * `es_snapshots`: migrations/event-store.ts.
 */

/** A snapshot as stored: the state is still encoded (its codec's `decode` makes it a state again). */
export interface StoredSnapshot {
  version: number;
  last: Position;
  state: unknown;
}

export interface Snapshots {
  /** The snapshots of these streams taken with these codecs, by stream id. */
  load(wanted: readonly { streamId: string; codec: string }[]): Promise<Map<string, StoredSnapshot>>;
  /** Stores a snapshot unless one of a later version is already there. */
  save(streamId: string, codec: string, snapshot: StoredSnapshot): Promise<void>;
}

export const createSnapshots = (db: Sql): Snapshots => ({
  async load(wanted) {
    if (wanted.length === 0) return new Map();
    const { rows } = await db.query<{
      stream_id: string;
      version: number;
      transaction_id: string;
      global_position: string;
      state: unknown;
    }>(
      `select s.stream_id, s.version, s.transaction_id::text as transaction_id, s.global_position::text as global_position, s.state
         from es_snapshots s
         join unnest($1::text[], $2::text[]) as w(stream_id, codec) on w.stream_id = s.stream_id and w.codec = s.codec`,
      [wanted.map((one) => one.streamId), wanted.map((one) => one.codec)],
    );
    return new Map(
      rows.map((row) => [
        row.stream_id,
        {
          version: row.version,
          last: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
          state: row.state,
        },
      ]),
    );
  },

  async save(streamId, codec, { version, last, state }) {
    await db.query(
      `insert into es_snapshots (stream_id, codec, version, transaction_id, global_position, state)
       values ($1, $2, $3, $4::text::xid8, $5, $6::jsonb)
       on conflict (stream_id, codec) do update
         set version = excluded.version, transaction_id = excluded.transaction_id,
             global_position = excluded.global_position, state = excluded.state, taken_at = now()
         where es_snapshots.version < excluded.version`,
      [streamId, codec, version, last.transactionId.toString(), last.globalPosition.toString(), JSON.stringify(state)],
    );
  },
});
