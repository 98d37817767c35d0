import type { Position } from "@el/domain";
import { comparePositions } from "@el/domain";

/** What the pending writes need of the projection runner. */
export interface ProjectionWaits {
  waitFor(position: Position, names?: readonly string[]): Promise<boolean>;
  projectorsHandling(eventTypes: readonly string[]): string[];
}

/**
 * Read-your-writes without making the writer wait. A command that answers from its own decision (a
 * scheduling, a claim, a grant) does not need the read models to show it before it answers; the read
 * that follows does. So such a command notes the position it stored and the projectors it concerns, and
 * answers; every other request first waits (`shown`) until those projectors reach every position noted
 * so far — this process's own commands', and other processes' appends as this one hears of them — so a
 * GET right after an answer still sees its effect, and a command that reads a read model sees it too.
 *
 * Notes cost nothing until someone reads: `shown` turns all of them into one wait for the latest
 * position, which later reads join, so a burst of writes with no read in between costs no wait at all.
 *
 * Writers that no longer wait could outrun the read models without limit: past what the projectors can
 * apply, every push and every read would come later and later. So one write at a time is timed until the
 * read models show it, and while that one has waited longer than `lagLimitMs`, the process is `behind`:
 * its commands wait for the read models again, as they do with a second instance, and the requests in
 * flight that pile up meanwhile are what the load shedding refuses.
 */
export const createPendingWrites = (
  projections: ProjectionWaits,
  { lagLimitMs = 100, now = () => performance.now() }: { lagLimitMs?: number; now?: () => number } = {},
) => {
  let latest: Position | undefined;
  /** The projectors to wait for; undefined while nothing is noted, "all" once a note named none. */
  let projectors: Set<string> | "all" | undefined;
  const waits = new Set<Promise<boolean>>();
  /** When the write being timed was noted; undefined while none is. */
  let timedSince: number | undefined;
  const time = (position: Position, names?: readonly string[]) => {
    if (timedSince !== undefined) return;
    const since = now();
    timedSince = since;
    const done = () => {
      if (timedSince === since) timedSince = undefined;
    };
    projections.waitFor(position, names).then(done, done);
  };
  const keep = (position: Position, names?: readonly string[]) => {
    if (!latest || comparePositions(position, latest) > 0) latest = position;
    if (!names) projectors = "all";
    else if (projectors !== "all") {
      projectors ??= new Set();
      for (const name of names) projectors.add(name);
    }
  };

  return {
    /** A write at `position` that the named projectors (all by default) must show before the next read. */
    note(position: Position, names?: readonly string[]) {
      if (names?.length === 0) return;
      keep(position, names);
      time(position, names);
    },
    /** Another process's events (their types), as this one hears of them. */
    heard(position: Position, types: readonly string[]) {
      const names = projections.projectorsHandling(types);
      if (names.length > 0) keep(position, names);
    },
    /**
     * Resolves once the read models show every write noted before the call: true, or false when a wait
     * ran out or one of them stalled (the read then answers what they show, as a command would have).
     * Rejects when the wait could not be checked (the database away), and the writes stay pending.
     */
    async shown(): Promise<boolean> {
      if (latest) {
        const [position, names] = [latest, projectors === "all" ? undefined : [...(projectors ?? [])]];
        latest = undefined;
        projectors = undefined;
        // A wait that could not be checked (the database away) leaves the write pending: the read fails
        // as the database did (503), and the next one waits for it again rather than answering without it.
        const wait = projections.waitFor(position, names).catch((error: unknown) => {
          keep(position, names);
          throw error;
        });
        const done = () => {
          waits.delete(wait);
        };
        waits.add(wait);
        wait.then(done, done);
      }
      if (waits.size === 0) return true;
      return (await Promise.all(waits)).every(Boolean);
    },
    /** Whether a read now would wait. */
    get pending() {
      return latest !== undefined || waits.size > 0;
    },
    /** Whether the read models are more than `lagLimitMs` behind this process's writes: writers should wait. */
    get behind() {
      return timedSince !== undefined && now() - timedSince > lagLimitMs;
    },
  };
};

export type PendingWrites = ReturnType<typeof createPendingWrites>;
