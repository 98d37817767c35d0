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

/** What the caller of `evolve` tells the projector about the batch. */
export interface ProjectionContext {
  /**
   * Whether anyone listens to the pushes: true in the runner; false in replays and rebuilds, where the
   * pushes are thrown away and a projector may take a path that computes none.
   */
  readonly live: boolean;
}

/** One event's effect on a read model, for projectors whose logic is per event (`eventByEvent`). */
export type EvolveOne = (
  event: RecordedEvent,
  tx: Sql,
  // biome-ignore lint/suspicious/noConfusingVoidType: a projector with nothing to push simply returns.
) => Promise<Push[] | undefined | void>;

/**
 * Turns events into the rows of one read model. `evolve` runs inside the caller's transaction, the same one
 * that moves the checkpoint, so it must only use `tx` and must not keep state of its own.
 */
export interface Projector {
  name: string;
  /** The event types `evolve` is given; the others it is never shown. */
  handles: readonly string[];
  /** Creates the read model's tables (idempotent). */
  migrate: (sql: Sql) => Promise<void>;
  /** The read model's tables, dropped by a rebuild. */
  tables: readonly string[];
  /**
   * Applies a batch of events it handles, in their order, and answers the pushes they imply, each with the
   * `recordedAt` of its event. The runner's live batches, replays and rebuilds all come through here. A
   * read model whose logic is per event loops inside (`eventByEvent`); one that can write a burst in a few
   * statements does so, and its spec proves the rows the same whatever the batches.
   */
  evolve: (events: readonly RecordedEvent[], tx: Sql, context: ProjectionContext) => Promise<Push[]>;
  /**
   * The event types whose commands wait for this read model before they answer; absent, all it handles.
   * A background worker's list (e-mails to send, meetings to create) is read on the worker's schedule,
   * not by the caller right after: only the events its own screens show are awaited. A batch with none of
   * them is committed on its own, not in the transaction the awaited read models share.
   */
  awaitedOn?: readonly string[];
}

/** An `evolve` made of `evolveOne` on each event in turn, its pushes stamped with their event's `recordedAt`. */
export const eventByEvent =
  (evolveOne: EvolveOne): Projector["evolve"] =>
  async (events, tx) => {
    const pushes: Push[] = [];
    for (const event of events) {
      const produced = await evolveOne(event, tx);
      const recordedAt = event.recordedAt.getTime();
      if (produced) for (const push of produced) pushes.push({ ...push, recordedAt });
    }
    return pushes;
  };

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
