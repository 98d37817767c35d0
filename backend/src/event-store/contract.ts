/** What the event store promises its callers: the `EventStore` interface and the types it speaks. */
import type { EventMetadata, NewEvent, Position, RecordedEvent } from "@el/domain";
import type { PersonalDataVault } from "./personal-data";

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

/** A snapshot as `es_snapshots` holds it (commands/snapshots.ts): the state still encoded by its codec. */
export interface SnapshotRow {
  version: number;
  last: Position;
  state: unknown;
}

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
