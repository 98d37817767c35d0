import type { Position, RecordedEvent } from "@el/domain";
import type { Sql } from "../sql";

/** A message for browsers, sent once the transaction that produced it has committed. */
export interface Push {
  /** socket.io room: `user:{id}`, `role:teacher`, `role:admin`. */
  room: string;
  event: string;
  payload: unknown;
  /** When the event that produced it was stored (ms since the epoch): how late a push is, is measured from it. */
  recordedAt?: number;
}

/**
 * Turns events into the rows of one read model. `apply` runs inside the runner's transaction, the same
 * one that moves the checkpoint, so it must only use `tx` and must not keep state of its own.
 */
export interface Projector {
  name: string;
  handles: readonly string[];
  /** Creates the read model's tables (idempotent). */
  migrate: (sql: Sql) => Promise<void>;
  /** The read model's tables, dropped by a rebuild. */
  tables: readonly string[];
  // biome-ignore lint/suspicious/noConfusingVoidType: a projector with nothing to push simply returns.
  apply: (event: RecordedEvent, tx: Sql) => Promise<Push[] | undefined | void>;
  /**
   * Optional: many events in a few statements, pushing nothing, leaving exactly the rows `apply` would (a
   * spec proves it). Replays and blue/green rebuilds use it; without it they call `apply` event by event.
   */
  applyBatch?: (events: readonly RecordedEvent[], tx: Sql) => Promise<void>;
  /**
   * `apply` never pushes: the runner then applies live batches with `applyBatch` too (a burst of schedulings
   * in a statement or two instead of one per event).
   */
  pushesNothing?: boolean;
  /**
   * Optional, for projectors that push: a live batch in fewer statements than one per event, leaving the rows
   * `apply` would and answering the pushes they imply (each with the `recordedAt` of its event). The runner
   * uses it instead of `apply` for every live batch; a spec proves the rows the same as `apply`'s.
   */
  applyLive?: (events: readonly RecordedEvent[], tx: Sql) => Promise<Push[]>;
  /**
   * The event types whose commands wait for this read model before they answer; absent, all it handles.
   * A background worker's list (e-mails to send, meetings to create) is read on the worker's schedule,
   * not by the caller right after: only the events its own screens show are awaited. A batch with none of
   * them is committed on its own, not in the transaction the awaited read models share.
   */
  awaitedOn?: readonly string[];
}

/** Where the runner reads events from: the event store, seen through what a runner needs of it. */
export interface EventSource {
  readAll(after: Position, limit: number): Promise<RecordedEvent[]>;
  /**
   * Calls `listener` after each append; an append of this process comes with where it stands and the
   * types it stored (`local`), others' as their wake-up says them (`remote`): the types they stored (absent:
   * any) and where the latest stands, or nothing (they are only known to exist).
   */
  onAppended(
    listener: (
      local?: readonly { position: Position; types?: readonly string[] }[],
      remote?: { readonly types?: readonly string[]; readonly head?: Position },
    ) => void,
  ): () => void;
  /** How many events a reader at `position` has still to read (capped for large lags). */
  countAfter(position: Position): Promise<number>;
  /** Whether an event of one of `types` is stored after `after`, up to and including `upTo`. */
  anyOf(types: readonly string[], after: Position, upTo: Position): Promise<boolean>;
}
