import type { Position } from "@el/domain";
import { comparePositions, laterOf } from "@el/domain";

/** What a wake-up needs to know of a loop: the types it handles, where it has read to. */
export interface Wakeable {
  readonly handled: ReadonlySet<string>;
  readonly position: Position | undefined;
}

export type AppendedLocally = readonly { position: Position; types?: readonly string[] }[];
export type AppendedRemotely = { readonly types?: readonly string[]; readonly head?: Position };

/**
 * The appends announced to the runner (this process's, and others' by their wake-up), and the idle loops
 * they wake. An append wakes only the loops that handle one of its types, this process's and, when their
 * wake-up names them, another's: the others would read it to step over it (17 loops woke, and mostly read,
 * for every scheduling). They step over it later, at their re-check or with the next append they handle,
 * and a waiter for them wakes them (`wake`).
 */
export const createWakeUps = <L extends Wakeable>(options: { idlePollMs: number; stopping: () => boolean }) => {
  /** Appends announced so far: a read sent before the latest announcement may miss that append. */
  let announced = 0;
  /**
   * The furthest append announced so far, by this process or another's wake-up. A loop short of it after a
   * read knows the append is committed but held back (an older transaction somewhere is still open), so it
   * looks again soon rather than wait for the next wake-up or the re-check.
   */
  let head: Position | undefined;
  /**
   * Per event type, how many appends announced it and the furthest of them: what a loop counts and measures
   * itself against (`announcedFor`, `heldBack`), so an append of types it does not handle neither sends it
   * to read again at once nor keeps it looking for an event held back. Appends of unknown types count for
   * every loop (`announced`, `head`).
   */
  let announcedUntyped = 0;
  const byType = new Map<string, { announced: number; head: Position }>();
  const noteTypes = (types: ReadonlySet<string> | undefined, position: Position | undefined) => {
    if (!types) {
      announcedUntyped++;
      if (position) head = laterOf(head, position);
      return;
    }
    for (const type of types) {
      const known = byType.get(type);
      if (known) {
        known.announced++;
        if (position) known.head = laterOf(known.head, position);
      } else if (position) byType.set(type, { announced: 1, head: position });
      else byType.set(type, { announced: 1, head: { transactionId: 0n, globalPosition: 0n } });
    }
  };
  /** Idle loops' wake-ups, each with its loop (none: woken by any append). */
  const wakers = new Map<() => void, L | undefined>();
  const polling = new Set<() => void>();
  let poll: ReturnType<typeof setTimeout> | undefined;
  /** Whether an append of `types` (undefined: unknown) may concern `loop`. */
  const concerns = (loop: L | undefined, types: ReadonlySet<string> | undefined) => {
    if (!loop || !types) return true;
    for (const type of types) if (loop.handled.has(type)) return true;
    return false;
  };
  /** What was announced while each of the runner's writes was under way (see `writing`). */
  const overlapping = new Set<{ types: Set<string>; all: boolean }>();
  const announceTypes = (types: ReadonlySet<string> | undefined, position?: Position) => {
    announced++;
    noteTypes(types, position);
    for (const during of overlapping) {
      if (!types) during.all = true;
      else for (const type of types) during.types.add(type);
    }
    for (const [wake, loop] of [...wakers]) if (concerns(loop, types)) wake();
  };

  return {
    /** How many appends were announced so far: a read sent before the latest one may miss it. */
    announced: () => announced,

    /** How many appends that may concern `loop` were announced so far (a count that moves only for them). */
    announcedFor: (loop: L) => {
      let count = announcedUntyped;
      for (const type of loop.handled) count += byType.get(type)?.announced ?? 0;
      return count;
    },

    /** The event source's `onAppended` listener. */
    appended(local?: AppendedLocally, remote?: AppendedRemotely) {
      // Another process's append wakes the loops its types concern too, when its wake-up named them.
      if (!local && remote) return announceTypes(remote.types ? new Set(remote.types) : undefined, remote.head);
      let types: Set<string> | undefined = local ? new Set() : undefined;
      let furthest: Position | undefined;
      for (const appended of local ?? []) {
        furthest = laterOf(furthest, appended.position);
        if (!appended.types) types = undefined;
        else for (const type of appended.types) types?.add(type);
      }
      announceTypes(types, furthest);
    },

    /** Wakes `loop` if it is idle: someone waits for it to reach a position. */
    wake(loop: L) {
      for (const [wake, idleLoop] of [...wakers]) if (idleLoop === loop) wake();
    },

    /**
     * Whether an append announced to the runner that may concern `loop` lies beyond where it has read:
     * committed, held back.
     */
    heldBack: (loop: L) => {
      if (loop.position === undefined) return false;
      let furthest = head;
      for (const type of loop.handled) {
        const typed = byType.get(type);
        if (typed) furthest = laterOf(furthest, typed.head);
      }
      return furthest !== undefined && comparePositions(loop.position, furthest) < 0;
    },

    /**
     * Runs one of the runner's writes. While a transaction is open, readers do not see the appends
     * committed after it began (they read below the oldest running one), so the appends announced in that
     * time are announced again once it has ended.
     */
    async writing<T>(write: () => Promise<T>): Promise<T> {
      const during = { types: new Set<string>(), all: false };
      overlapping.add(during);
      try {
        return await write();
      } finally {
        overlapping.delete(during);
        if (during.all || during.types.size > 0) announceTypes(during.all ? undefined : during.types);
      }
    },

    /**
     * Waits for an announced append that concerns `loop`, or for `ms`. Without `ms`, for the runner's
     * re-check, one timer for every idle loop, so that their reads coincide and are shared.
     */
    idle: (ms?: number, loop?: L) =>
      new Promise<void>((resolve) => {
        if (options.stopping()) return resolve();
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          polling.delete(wake);
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(wake, ms);
        wakers.set(wake, loop);
        if (ms !== undefined) return;
        polling.add(wake);
        poll ??= setTimeout(() => {
          poll = undefined;
          for (const wake of [...polling]) wake();
        }, options.idlePollMs);
      }),

    /** Ends every wait: the runner stops. */
    wakeAll() {
      clearTimeout(poll);
      poll = undefined;
      for (const wake of [...wakers.keys()]) wake();
    },
  };
};

export type WakeUps<L extends Wakeable> = ReturnType<typeof createWakeUps<L>>;
