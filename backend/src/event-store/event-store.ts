import { randomUUID } from "node:crypto";
import type { EventMetadata, NewEvent, Position, RecordedEvent } from "@el/domain";
import { heldBackDelayMs, laterOf, START } from "@el/domain";
import type { Database } from "@el/projections/sql";
import { ambientMetadata, definedMetadata } from "./event-metadata";
import { createPersonalDataVault, type PersonalDataVault } from "./personal-data";
import type { EventRegistry } from "./registry";

export type ExpectedVersion = number | "no_stream" | "stream_exists" | "any";

export class WrongExpectedVersion extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = "WrongExpectedVersion";
  }
}

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

/** A stream an append of this process wrote: the types it appended, and the stream's version after them. */
export interface AppendedStream {
  streamId: string;
  types: string[];
  version: number;
  /** Where the append's last event stands in global order. */
  position: Position;
}

/**
 * Told of each append: this process's own with where they stand (`local`); another process's as its wake-up
 * says them (`remote`): the types it stored when they fitted (absent: any), and where the latest of them
 * stands (`head`), or nothing known but that something was stored.
 */
export type AppendedListener = (local?: readonly AppendedStream[], remote?: RemoteAppends) => void;

/** What another process's wake-up says of the appends it announces. */
export interface RemoteAppends {
  readonly types?: readonly string[];
  readonly head?: Position;
}

export interface AppendOptions<Result = unknown> {
  /** Makes the append idempotent: a second append with this id stores nothing and returns the first result. */
  commandId?: string;
  /** Stored with the command id and returned to a retry (for instance the response of the command). */
  result?: Result;
  metadata?: Partial<EventMetadata>;
}

export interface AppendResult<Result = unknown> {
  /** Version of each stream after the append, in the order given. */
  nextVersions: Record<string, number>;
  /** Position of the last event written: wait for projections to reach it for read-your-writes. */
  lastPosition: Position;
  result: Result | undefined;
  /** True when this command id had been appended before and nothing new was stored. */
  duplicate: boolean;
  /**
   * The events this append stored (none for a duplicate), as a read would give them back, so a caller that
   * keeps a stream's folded state can bring it up to date without reading them: data as stored, once
   * validated; each event's position is the append's last (they share its transaction), and `recordedAt`
   * this process's clock when the append returned rather than PostgreSQL's.
   */
  recorded: RecordedEvent[];
}

interface EventRow {
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

/** A snapshot as `es_snapshots` holds it (commands/snapshots.ts): the state still encoded by its codec. */
export interface SnapshotRow {
  version: number;
  last: Position;
  state: unknown;
}

interface StoredResult {
  nextVersions: Record<string, number>;
  lastPosition: { transactionId: string; globalPosition: string };
  result?: unknown;
}

// The instant travels as milliseconds: turning a number into a Date costs far less than parsing a
// timestamp text, which shows when a subscriber catches up on many events.
const EVENT_COLUMNS = `global_position, transaction_id, stream_id, stream_version, type, schema_version, data, metadata,
  event_id, (extract(epoch from recorded_at) * 1000)::float8 as recorded_at_ms`;

const DEFAULT_BATCH = 1000;
/** How often a store tells the other processes on its database that it listens (see `createEventStore`). */
const OTHERS_HELLO_MS = 20_000;
/** How long after it last heard another process a store stops sending wake-ups. */
const OTHERS_FORGOTTEN_MS = 60_000;
/** How long a store just started waits for the others to answer its hello before it counts itself alone. */
const OTHERS_ANSWER_MS = 5_000;

export interface EventStore {
  append<Result = unknown>(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion: ExpectedVersion } & AppendOptions<Result>,
  ): Promise<AppendResult<Result>>;
  appendMany<Result = unknown>(streams: StreamAppend[], options?: AppendOptions<Result>): Promise<AppendResult<Result>>;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * What an idempotent append stored for this command id, if it committed (`duplicate` is true): lets a
   * retried command answer before deciding again on a state its first run already changed.
   */
  commandResult<Result = unknown>(commandId: string): Promise<AppendResult<Result> | undefined>;
  /**
   * Several streams read in one statement, so in one snapshot: a decision spanning them never sees one
   * stream before and another after a concurrent append. Every requested stream has an entry. With
   * `after`, a stream listed there gives only its events after that version (what a folded state lacks).
   */
  readStreams(
    streamIds: readonly string[],
    after?: Readonly<Record<string, number>>,
  ): Promise<Record<string, RecordedEvent[]>>;
  /**
   * `readStreams`, where the streams named in `snapshots` (stream id → codec) start from their snapshot in
   * `es_snapshots` if one was taken with that codec: its row comes back, and only the events after it. One
   * statement: a cold stream costs one round trip, not a snapshot lookup and then a read.
   */
  readStreamsFromSnapshots(
    streamIds: readonly string[],
    after: Readonly<Record<string, number>>,
    snapshots: Readonly<Record<string, string>>,
  ): Promise<{ events: Record<string, RecordedEvent[]>; snapshots: Map<string, SnapshotRow> }>;
  /**
   * Events after `after` in global order, only those no running transaction can still precede:
   * see README.md beside this file.
   */
  readAll(after?: Position, limit?: number): Promise<RecordedEvent[]>;
  /**
   * `readAll` as the store stood at `recordedUpTo` (events stored at or before it), only of `types`: what a
   * replay to a moment reads. Still only below the oldest running writer, so pages never skip.
   */
  readRecordedUpTo(
    after: Position,
    recordedUpTo: Date,
    types: readonly string[],
    limit?: number,
  ): Promise<RecordedEvent[]>;
  /** The position of the last event a reader can see now (START when the store is empty). */
  head(): Promise<Position>;
  /** Catch-up from `after`, then live; `handle` is awaited before the next event is delivered. */
  subscribeAll(
    after: Position,
    handle: (event: RecordedEvent) => Promise<void> | void,
    options?: {
      batchSize?: number;
      onError?: (error: unknown) => void;
      /** How long an idle subscriber waits for a wake-up before it looks again anyway (default 200 ms). */
      recheckMs?: number;
    },
  ): Subscription;
  /** How many events a reader at `position` has still to read (counted up to 100,000). */
  countAfter(position: Position): Promise<number>;
  /** Whether an event of one of `types` is stored after `after`, up to and including `upTo`. */
  anyOf(types: readonly string[], after: Position, upTo: Position): Promise<boolean>;
  /**
   * Calls `listener` after each append committed by anyone (LISTEN/NOTIFY); returns an unsubscribe. An
   * append of this process is announced at once, with the streams it wrote and their versions after it;
   * other processes' appends come without them (read them from the store).
   */
  onAppended(listener: AppendedListener): () => void;
  /**
   * Whether another process may be writing to or reading this store: one was heard (its hello or its
   * wake-up) within `othersForgottenMs`, or this store said its hello less than 5 s ago (or is still saying it).
   */
  othersKnown(): boolean;
  /** The keys personal fields are sealed with (personal-data.ts): erasing a person destroys theirs. */
  readonly personalData: PersonalDataVault;
  close(): Promise<void>;
}

export interface Subscription {
  readonly position: Position;
  stop(): Promise<void>;
}

/** The head a wake-up says, `{transactionId}:{globalPosition}`, as `{ head }`; `{}` when it says none. */
const positionSaid = (said: string | undefined): { head?: Position } => {
  const match = /^(\d+):(\d+)$/.exec(said ?? "");
  return match
    ? { head: { transactionId: BigInt(match[1] as string), globalPosition: BigInt(match[2] as string) } }
    : {};
};

export const createEventStore = async (
  db: Database,
  registry: EventRegistry,
  personalData: PersonalDataVault = createPersonalDataVault(db),
  options: {
    /** How often this store says hello to the other processes (default 20 s). */
    othersHelloMs?: number;
    /** How long after it last heard another process it stops sending wake-ups (default 60 s). */
    othersForgottenMs?: number;
    /**
     * Whether each event is stored with its digest (chain-hash.ts), which the audit chain links (default true).
     * Without it the chainer digests the event itself when it links it.
     */
    digests?: boolean;
  } = {},
): Promise<EventStore> => {
  const othersHelloMs = options.othersHelloMs ?? OTHERS_HELLO_MS;
  const othersForgottenMs = options.othersForgottenMs ?? OTHERS_FORGOTTEN_MS;
  const digests = options.digests ?? true;
  const listeners = new Set<AppendedListener>();
  const wakeListeners: AppendedListener = (local, remote) => {
    for (const listener of listeners) listener(local, remote);
  };
  // Appends of this process wake its own subscribers at once; NOTIFY tells the other processes, while there
  // are any: every store says `hello:{instance}` when it starts and every 20 s (`othersHelloMs`), and one that has
  // heard no other process for a minute (`othersForgottenMs`) sends no NOTIFY (a lone server paid a transaction and a
  // server-wide lock per append for nobody). A store just started assumes others for that long, so an
  // instance is never left unwoken while it learns who is there; a missed wake-up costs a subscriber's
  // re-check, never an event.
  //
  // Every other process answers a store's first hello at once (`hello:{instance}:back`), so a store that heard no
  // answer within `OTHERS_ANSWER_MS` of saying it is alone, and knows it (`othersKnown`) without waiting a minute.
  const instance = randomUUID();
  const HELLO = `hello:${instance}`;
  let othersHeardAt = Number.NEGATIVE_INFINITY;
  // Until its hello has been out long enough for an answer, a store assumes others (reset once it is said).
  let saidHelloAt = Number.POSITIVE_INFINITY;
  // Declared before the LISTEN: a hello can arrive with its answer, before the lines after it run.
  // At most one NOTIFY per interval, sent after every append it announces has committed. It runs in
  // its own transaction that does not wait for the disk: committing a NOTIFY takes a server-wide lock,
  // and a lost wake-up costs little since subscribers also re-check on a timer.
  const NOTIFY_INTERVAL_MS = 10;
  const notifyOf = (payload: string) =>
    db.kind === "pg"
      ? `begin; set local synchronous_commit = off; select pg_notify('es_events', '${payload}'); commit`
      : `select pg_notify('es_events', '${payload}')`;
  const unlisten = await db.listen("es_events", (payload) => {
    // `{instance}|{type},{type}…|{transactionId}:{globalPosition}`: who stored, what when it fitted (else
    // nothing), and where the latest append stands; a store before the last part sent `{instance}[|{types}]`.
    const [from, types, head] = payload.split("|", 3);
    if (from === instance || payload.startsWith(HELLO)) return;
    othersHeardAt = performance.now();
    if (payload.startsWith("hello:")) {
      if (!payload.endsWith(":back")) void db.query(notifyOf(`${HELLO}:back`)).catch(() => {});
      return;
    }
    const remote = { ...(types ? { types: types.split(",") } : {}), ...positionSaid(head) };
    if (remote.types || remote.head) wakeListeners(undefined, remote);
    else wakeListeners();
  });

  /** The types stored since the last wake-up sent, which the next one names, and the furthest append's position. */
  let typesToSay = new Set<string>();
  let headToSay: Position | undefined;
  const wakeUpOf = (types: Set<string>, head: Position | undefined) => {
    const said = [...types].join(",");
    // A NOTIFY's payload is under 8,000 bytes; type names are identifiers, safe in its literal. Otherwise the
    // wake-up names nobody's types and wakes every subscriber.
    const sayable = types.size > 0 && said.length < 4_000 && [...types].every((type) => /^\w+$/.test(type));
    // The head lets a reader that woke and found nothing know the append is held back (a transaction still open
    // somewhere) and look again, rather than wait for its re-check.
    return notifyOf(`${instance}|${sayable ? said : ""}|${head ? `${head.transactionId}:${head.globalPosition}` : ""}`);
  };
  const othersKnown = () => {
    const now = performance.now();
    return (
      now - othersHeardAt <= othersForgottenMs || now - saidHelloAt <= Math.min(othersForgottenMs, OTHERS_ANSWER_MS)
    );
  };
  const sayHello = () => db.query(notifyOf(HELLO)).catch(() => {});
  await sayHello();
  // The answers' window opens once the hello is out, however long opening the LISTEN session took.
  saidHelloAt = performance.now();
  const hello = setInterval(sayHello, othersHelloMs);
  hello.unref();
  let notifying: Promise<void> | undefined;
  let notifyScheduled = false;
  let notifiedAt = Number.NEGATIVE_INFINITY;
  // The first append after a quiet interval is announced at once (after this turn's other appends); the
  // ones that follow within the interval share the next NOTIFY. Another instance's commands wait on this
  // wake-up (its projectors, or this one's waiting on them): a NOTIFY held for the whole interval cost every
  // command of a two-instance deployment 10 ms.
  const announceAppended = (local: readonly AppendedStream[]) => {
    wakeListeners(local);
    if (!othersKnown()) return;
    for (const { types, position } of local) {
      for (const type of types) typesToSay.add(type);
      headToSay = laterOf(headToSay, position);
    }
    if (notifyScheduled) return;
    notifyScheduled = true;
    const wait = notifiedAt + NOTIFY_INTERVAL_MS - performance.now();
    notifying = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve))).then(
      async () => {
        notifyScheduled = false;
        notifiedAt = performance.now();
        const [said, head] = [typesToSay, headToSay];
        typesToSay = new Set();
        headToSay = undefined;
        await db.query(wakeUpOf(said, head)).catch(() => {});
      },
    );
  };

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

  const serialise = (events: NewEvent[], shared: Partial<EventMetadata> | undefined) => {
    // Who and which request or job, from the caller's scope unless the append or the event says (event-metadata.ts).
    const common = { occurredAt: new Date().toISOString(), ...ambientMetadata(), ...definedMetadata(shared) };
    return events.map((event) => ({
      type: event.type,
      schemaVersion: registry.currentVersion(event.type),
      data: registry.validate(event.type, event.data),
      metadata: { ...common, ...definedMetadata(event.metadata) },
      eventId: event.eventId ?? randomUUID(),
      // PostgreSQL digests the event as it stores it (schema.ts), for the audit chain.
      ...(digests ? { digest: true } : {}),
    }));
  };

  const expectedOf = (expected: ExpectedVersion) => (expected === 0 ? "no_stream" : String(expected));

  const fromStored = <Result>(stored: StoredResult, duplicate: boolean): AppendResult<Result> => ({
    nextVersions: stored.nextVersions,
    lastPosition: {
      transactionId: BigInt(stored.lastPosition.transactionId),
      globalPosition: BigInt(stored.lastPosition.globalPosition),
    },
    result: stored.result as Result,
    duplicate,
    recorded: [],
  });

  /** The events of `payload` as stored by an append that answered `appended` (see AppendResult.recorded). */
  const recordedOf = (payload: string, appended: AppendResult): RecordedEvent[] => {
    // Parsed back from the text sent (before its personal fields were sealed), so the data is what
    // PostgreSQL stored and a read gives back, not the objects given.
    const sent = JSON.parse(payload) as {
      streamId: string;
      events: { type: string; schemaVersion: number; data: unknown; metadata: EventMetadata; eventId: string }[];
    }[];
    const recordedAt = new Date();
    return sent.flatMap(({ streamId, events }) => {
      const first = (appended.nextVersions[streamId] as number) - events.length + 1;
      return events.map((event, index) => ({
        ...appended.lastPosition,
        streamId,
        streamVersion: first + index,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
        eventId: event.eventId,
        recordedAt,
      }));
    });
  };

  const appendMany = async <Result>(streams: StreamAppend[], options: AppendOptions<Result> = {}) => {
    if (streams.length === 0 || streams.some((stream) => stream.events.length === 0)) {
      throw new Error("appendMany needs at least one event for every stream");
    }
    // Validate every event before touching the database: a bad event stores nothing.
    const shared = { ...options.metadata, commandId: options.commandId ?? options.metadata?.commandId };
    const plain = streams.map((stream) => ({
      streamId: stream.streamId,
      expected: expectedOf(stream.expectedVersion),
      events: serialise(stream.events, shared),
    }));
    // Personal fields are stored encrypted with their person's key; most appends hold none and are sent as they are.
    const sealed = await Promise.all(
      plain.map(async (stream) => ({ ...stream, events: await personalData.seal(stream.streamId, stream.events) })),
    );
    const payload = JSON.stringify(sealed);
    const plainPayload = sealed.every((stream, index) => stream.events === plain[index]?.events)
      ? payload
      : JSON.stringify(plain);
    let answer: { duplicate: boolean; stored: StoredResult };
    try {
      const { rows } = await db.query<{ answer: { duplicate: boolean; stored: StoredResult } }>(
        "select es_append_many($1::jsonb, $2, $3::jsonb) as answer",
        [payload, options.commandId ?? null, options.result === undefined ? null : JSON.stringify(options.result)],
        { prepareAs: "es_append_many" },
      );
      answer = rows[0]?.answer as { duplicate: boolean; stored: StoredResult };
    } catch (error) {
      const pgError = error as { code?: string; detail?: string; hint?: string };
      const conflicting = streams.find((stream) => stream.streamId === pgError.hint);
      if (pgError.code === "EL409" && conflicting) {
        throw new WrongExpectedVersion(conflicting.streamId, conflicting.expectedVersion, Number(pgError.detail ?? 0));
      }
      throw error;
    }
    const appended = fromStored<Result>(answer.stored, answer.duplicate);
    if (!appended.duplicate) {
      appended.recorded = recordedOf(plainPayload, appended);
      announceAppended(
        streams.map(({ streamId, events }) => ({
          streamId,
          types: events.map((event) => event.type),
          version: appended.nextVersions[streamId] as number,
          position: appended.lastPosition,
        })),
      );
    }
    return appended;
  };

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

  const onAppended = (listener: AppendedListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const subscribeAll: EventStore["subscribeAll"] = (after, handle, options = {}) => {
    let position = after;
    let stopped = false;
    let wake: (() => void) | undefined;
    let pending = true;
    const unsubscribe = onAppended(() => {
      pending = true;
      woken = true;
      heldBackReads = 0;
      wake?.();
    });
    // An append committed while an older transaction is still open is held back until that one ends;
    // its commit notifies too, but a transaction that wrote no event does not, hence this slow re-check.
    const recheckMs = options.recheckMs ?? 200;

    const batchSize = options.batchSize ?? DEFAULT_BATCH;
    let prefetched: Promise<RecordedEvent[]> | undefined;
    /**
     * A wake-up promises an append. A read after one that finds nothing means the append is held back
     * by a transaction still open somewhere on the server (readers see below the oldest one, in any
     * database, and a busy server's other work can keep one open for seconds): look again after 1, 2, 4…
     * ms, then every half second (never later than the re-check), for about 5 s, rather than wait for
     * the re-check.
     */
    let woken = false;
    let foundNothing = false;
    let heldBackReads = 0;
    const HELD_BACK_READS = 18;
    const loop = (async () => {
      while (!stopped) {
        pending = false;
        foundNothing = false;
        try {
          const batch = await (prefetched ?? readAll(position, batchSize));
          prefetched = undefined;
          foundNothing = batch.length === 0;
          const last = batch[batch.length - 1];
          // A full batch means more are waiting: read them while this batch is handled.
          if (last && batch.length === batchSize) {
            prefetched = readAll({ transactionId: last.transactionId, globalPosition: last.globalPosition }, batchSize);
            prefetched.catch(() => {});
          }
          for (const event of batch) {
            if (stopped) return;
            await handle(event);
            position = { transactionId: event.transactionId, globalPosition: event.globalPosition };
          }
          if (batch.length === batchSize) continue;
        } catch (error) {
          // The prefetched batch starts after the whole failed batch: read again from the last handled event.
          prefetched = undefined;
          options.onError?.(error);
        }
        if (stopped || pending) continue;
        const heldBack: boolean = woken && foundNothing && heldBackReads < HELD_BACK_READS;
        heldBackReads = heldBack ? heldBackReads + 1 : 0;
        woken = heldBack;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, heldBack ? heldBackDelayMs(heldBackReads - 1, recheckMs) : recheckMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    })();

    return {
      get position() {
        return position;
      },
      async stop() {
        stopped = true;
        unsubscribe();
        wake?.();
        await loop;
      },
    };
  };

  return {
    append: (streamId, events, options) =>
      appendMany([{ streamId, events, expectedVersion: options.expectedVersion }], options),
    appendMany,
    async commandResult<Result>(commandId: string) {
      const { rows } = await db.query<{ result: StoredResult | null }>(
        "select result from es_commands where command_id = $1",
        [commandId],
      );
      const stored = rows[0]?.result;
      return stored ? fromStored<Result>(stored, true) : undefined;
    },
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
    subscribeAll,
    onAppended,
    personalData,
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
    othersKnown,
    async close() {
      clearInterval(hello);
      listeners.clear();
      await notifying;
      await unlisten();
    },
  };
};
