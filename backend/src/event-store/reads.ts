import type { EventMetadata, Position, RecordedEvent } from "@el/domain";
import { START } from "@el/domain";
import type { Database } from "@el/projections/sql";
import type { EventStore, SnapshotRow } from "./contract";
import type { PersonalDataVault } from "./personal-data";
import type { EventRegistry } from "./registry";

export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  event_id: string;
  recorded_at_ms: number | string;
}

// The instant travels as milliseconds: turning a number into a Date costs far less than parsing a
// timestamp text, which shows when a subscriber catches up on many events.
const EVENT_COLUMNS = `global_position, transaction_id, stream_id, stream_version, type, schema_version, data, metadata,
  event_id, (extract(epoch from recorded_at) * 1000)::float8 as recorded_at_ms`;

export const DEFAULT_BATCH = 1000;

/** The store's reads: one stream, several in one snapshot, the global order, and what it says of its head. */
export type EventReads = Pick<
  EventStore,
  | "readStream"
  | "readStreams"
  | "readStreamsFromSnapshots"
  | "readAll"
  | "readRecordedUpTo"
  | "head"
  | "countAfter"
  | "anyOf"
>;

export const createEventReads = (
  db: Database,
  registry: EventRegistry,
  personalData: PersonalDataVault,
): EventReads => {
  const toRecorded = (row: EventRow): RecordedEvent => ({
    globalPosition: BigInt(row.global_position),
    transactionId: BigInt(row.transaction_id),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: registry.currentVersion(row.type),
    // Personal fields are opened (or read as "titular removido") before upcasting: upcasters see plain values.
    data: registry.upcast(row.type, row.schema_version, personalData.open(row.type, row.stream_id, row.data)),
    metadata: row.metadata,
    eventId: row.event_id,
    recordedAt: new Date(Number(row.recorded_at_ms)),
  });

  const readAll = async (after: Position = START, limit = DEFAULT_BATCH) => {
    const { rows } = await db.query<EventRow>(
      `select ${EVENT_COLUMNS} from es_events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id, global_position
        limit $3`,
      [after.transactionId.toString(), after.globalPosition.toString(), limit],
      // What every subscriber and projector sends after each append: parsed and planned once per connection.
      { prepareAs: "es_read_all" },
    );
    await personalData.prepare(rows);
    return rows.map(toRecorded);
  };

  return {
    async readStream(streamId) {
      const { rows } = await db.query<EventRow>(
        `select ${EVENT_COLUMNS} from es_events where stream_id = $1 order by stream_version`,
        [streamId],
      );
      await personalData.prepare(rows);
      return rows.map(toRecorded);
    },
    async readStreams(streamIds, after = {}) {
      const { rows } = await db.query<EventRow>(
        `select ${EVENT_COLUMNS} from es_events
          join unnest($1::text[], $2::int[]) as wanted (stream_id, after_version) using (stream_id)
          where stream_version > wanted.after_version
          order by stream_id, stream_version`,
        [[...streamIds], streamIds.map((streamId) => after[streamId] ?? 0)],
        { prepareAs: "es_read_streams" },
      );
      await personalData.prepare(rows);
      const streams: Record<string, RecordedEvent[]> = Object.fromEntries(streamIds.map((id) => [id, []]));
      for (const row of rows) streams[row.stream_id]?.push(toRecorded(row));
      return streams;
    },
    async readStreamsFromSnapshots(streamIds, after, codecs) {
      const { rows } = await db.query<
        EventRow & {
          snapshot_version: number | null;
          snapshot_transaction_id: string;
          snapshot_global_position: string;
        }
      >(
        `with wanted as (
           select * from unnest($1::text[], $2::int[], $3::text[]) as wanted (stream_id, after_version, codec)
         ), snapshot as (
           select s.stream_id, s.version, s.transaction_id::text as transaction_id,
                  s.global_position::text as global_position, s.state
             from es_snapshots s join wanted w on w.stream_id = s.stream_id and w.codec = s.codec
         )
         select e.global_position, e.transaction_id, e.stream_id, e.stream_version, e.type, e.schema_version, e.data,
                e.metadata, e.event_id, (extract(epoch from e.recorded_at) * 1000)::float8 as recorded_at_ms,
                null::int as snapshot_version, null::text as snapshot_transaction_id, null::text as snapshot_global_position
           from es_events e join wanted w using (stream_id) left join snapshot using (stream_id)
          where e.stream_version > greatest(w.after_version, coalesce(snapshot.version, 0))
         union all
         select null, null, stream_id, null, null, null, state, null, null, null, version, transaction_id, global_position
           from snapshot
         order by stream_id, stream_version nulls first`,
        [
          [...streamIds],
          streamIds.map((streamId) => after[streamId] ?? 0),
          streamIds.map((streamId) => codecs[streamId] ?? null),
        ],
        { prepareAs: "es_read_streams_from_snapshots" },
      );
      const eventRows = rows.filter((row) => row.snapshot_version === null);
      await personalData.prepare(eventRows);
      const events: Record<string, RecordedEvent[]> = Object.fromEntries(streamIds.map((id) => [id, []]));
      const snapshots = new Map<string, SnapshotRow>();
      for (const row of rows) {
        if (row.snapshot_version === null) events[row.stream_id]?.push(toRecorded(row));
        else
          snapshots.set(row.stream_id, {
            version: row.snapshot_version,
            last: {
              transactionId: BigInt(row.snapshot_transaction_id),
              globalPosition: BigInt(row.snapshot_global_position),
            },
            state: row.data,
          });
      }
      return { events, snapshots };
    },
    readAll,
    async readRecordedUpTo(after, recordedUpTo, types, limit = DEFAULT_BATCH) {
      // A page of a walk through the whole history: always the index in order, whatever the statistics say.
      // Without them (a store just restored or bulk-loaded, before autovacuum's first ANALYZE) the planner
      // expects few matches and sorts everything after `after` for each page: quadratic over a replay, 5.5 s
      // instead of 0.3 s of reading for 200,000 events.
      const { rows } = await db.transaction(async (tx) => {
        await tx.query("set local enable_sort = off");
        await tx.query("set local enable_bitmapscan = off");
        return tx.query<EventRow>(
          `select ${EVENT_COLUMNS} from es_events
          where (transaction_id, global_position) > ($1::xid8, $2::bigint)
            and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            and recorded_at <= $3::timestamptz and type = any($4::text[])
          order by transaction_id, global_position
          limit $5`,
          [
            after.transactionId.toString(),
            after.globalPosition.toString(),
            recordedUpTo.toISOString(),
            [...types],
            limit,
          ],
        );
      });
      await personalData.prepare(rows);
      return rows.map(toRecorded);
    },
    async head() {
      const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
        `select transaction_id, global_position from es_events
          where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          order by transaction_id desc, global_position desc limit 1`,
      );
      const row = rows[0];
      return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : START;
    },
    async countAfter(position) {
      const { rows } = await db.query<{ count: string | number }>(
        `select count(*) as count from (
           select 1 from es_events where (transaction_id, global_position) > ($1::xid8, $2::bigint) limit 100000
         ) as behind`,
        [position.transactionId.toString(), position.globalPosition.toString()],
      );
      return Number(rows[0]?.count ?? 0);
    },
    async anyOf(types, after, upTo) {
      const { rows } = await db.query<{ found: boolean }>(
        `select exists (
           select 1 from es_events
            where (transaction_id, global_position) > ($1::xid8, $2::bigint)
              and (transaction_id, global_position) <= ($3::xid8, $4::bigint)
              and type = any($5::text[])
         ) as found`,
        [
          after.transactionId.toString(),
          after.globalPosition.toString(),
          upTo.transactionId.toString(),
          upTo.globalPosition.toString(),
          [...types],
        ],
      );
      return rows[0]?.found === true;
    },
  };
};
