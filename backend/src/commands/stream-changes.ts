import { comparePositions, heldBackDelayMs, laterOf, type Position } from "@el/domain";
import type { AppendedStream, EventStore, RemoteAppends } from "../event-store";

/** An event stored on a stream, by this process or another. */
export interface StreamChange {
  streamId: string;
  type: string;
  /** The stream's version once this event is stored. */
  version: number;
  /** Where it stands in the store's order: told for other processes' events (this one's own know theirs). */
  position?: Position;
}

export interface StreamChangesOptions {
  /**
   * How often it reads what other processes stored even without a wake-up (a NOTIFY lost with its
   * connection, a process that died before sending it): how late such a change can be seen at worst.
   */
  recheckMs?: number;
}

/**
 * Tells listeners of every event stored from now on, so that what is kept in memory and derived from
 * streams can be dropped the moment one of them changes. This process's appends are told at once, before
 * the append returns to its command; other processes' when their NOTIFY wakes this one (a few ms after
 * their commit) or at the next re-check, by reading the store in its global order from where the last
 * read stopped, so none is missed.
 */
export const createStreamChanges = (store: EventStore, options: StreamChangesOptions = {}) => {
  const recheckMs = options.recheckMs ?? 1000;
  const listeners = new Set<(change: StreamChange) => void>();
  const tell = (change: StreamChange) => {
    for (const listener of listeners) listener(change);
  };

  let position: Position | undefined;
  let lastCaughtUp = Date.now();
  let reading: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const catchUp = async () => {
    if (!position) position = await store.head();
    for (;;) {
      const events = await store.readAll(position, 1000);
      for (const event of events) {
        tell({
          streamId: event.streamId,
          type: event.type,
          version: event.streamVersion,
          position: { transactionId: event.transactionId, globalPosition: event.globalPosition },
        });
      }
      const last = events.at(-1);
      if (last) position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      if (events.length < 1000) break;
    }
    lastCaughtUp = Date.now();
  };
  /**
   * The furthest append another process's wake-up announced. A read that stops short of it met an append held
   * back by a transaction open elsewhere on the server: it looks again after 1, 2, 4… ms, then every half
   * second (never later than the re-check), rather than wait for the re-check.
   */
  let announcedHead: Position | undefined;
  let heldBackReads = 0;
  let lookAgain: ReturnType<typeof setTimeout> | undefined;
  const heldBack = () =>
    announcedHead !== undefined && position !== undefined && comparePositions(position, announcedHead) < 0;

  /** One read at a time; a wake-up during a read asks for one more after it, which sees what woke it. */
  const wake = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    clearTimeout(lookAgain);
    reading = catchUp()
      .catch(() => {})
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          wake();
        } else if (heldBack()) {
          lookAgain = setTimeout(wake, heldBackDelayMs(heldBackReads++, recheckMs));
        } else heldBackReads = 0;
      });
  };

  const unsubscribe = store.onAppended((local?: readonly AppendedStream[], remote?: RemoteAppends) => {
    if (!local) {
      if (remote?.head) announcedHead = laterOf(announcedHead, remote.head);
      return wake();
    }
    for (const { streamId, types, version } of local) {
      types.forEach((type, index) => {
        tell({ streamId, type, version: version - types.length + 1 + index });
      });
    }
  });
  const timer = setInterval(wake, recheckMs);
  timer.unref();
  wake();

  return {
    /** Calls `listener` with every change from now on; returns an unsubscribe. */
    subscribe(listener: (change: StreamChange) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /**
     * True when other processes' changes may not have been read for a while (the store could not be read):
     * what is derived from streams must then be read again rather than trusted.
     */
    behind: () => Date.now() - lastCaughtUp > 3 * recheckMs,
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(lookAgain);
      unsubscribe();
      listeners.clear();
      await reading;
    },
  };
};

export type StreamChanges = ReturnType<typeof createStreamChanges>;
