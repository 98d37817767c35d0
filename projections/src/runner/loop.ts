import type { Position } from "@el/domain";
import type { Projector } from "./projector";

export type ProjectorState = "starting" | "standby" | "running" | "stalled" | "stopped";

/** One projector as this runner runs it. */
export interface Loop {
  projector: Projector;
  handled: ReadonlySet<string>;
  state: ProjectorState;
  /** How far it has read; ahead of `persisted` while it only skipped events it does not handle. */
  position: Position | undefined;
  /** The checkpoint as stored, the "compare" of the next compare-and-set. */
  persisted: Position | undefined;
  /** When `persisted` was last stored (Date.now()). */
  savedAt: number;
  error?: string;
  failedAt?: Position;
  done?: Promise<void>;
}

export const createLoop = (projector: Projector): Loop => ({
  projector,
  handled: new Set(projector.handles),
  state: "starting",
  position: undefined,
  persisted: undefined,
  savedAt: 0,
});

/** Whether the runner is stopping, a promise that settles when it is, and pauses that end early when it does. */
export interface Lifecycle {
  readonly stopping: boolean;
  readonly stopped: Promise<void>;
  /** Waits `ms`, or less when the runner stops first. */
  pause(ms: number): Promise<void>;
}

/**
 * A runner's life. Its loops pause between tries (a standby loop every two seconds, for as long as the process
 * lives), and each pause must end at the stop: raced with `stopped` (`Promise.race([sleep(ms), stopped])`), every
 * pause left a reaction on that promise, kept until the stop, a kilobyte each: a standby instance grew by more
 * than a gigabyte a day. A pause here registers its end with the lifecycle and takes it back when its time is up.
 */
export const createLifecycle = () => {
  let resolve = () => {};
  const stopped = new Promise<void>((settle) => {
    resolve = settle;
  });
  const pausing = new Set<() => void>();
  const lifecycle = {
    stopping: false,
    stopped,
    /** How many pauses are under way: what the stop would end. */
    get pauses() {
      return pausing.size;
    },
    pause(ms: number) {
      if (lifecycle.stopping) return Promise.resolve();
      return new Promise<void>((settle) => {
        const end = () => {
          clearTimeout(timer);
          pausing.delete(end);
          settle();
        };
        const timer = setTimeout(end, ms);
        pausing.add(end);
      });
    },
    stop() {
      lifecycle.stopping = true;
      for (const end of [...pausing]) end();
      resolve();
    },
  };
  return lifecycle;
};

/** This runner no longer holds a projector's lock: another process may be running it. */
export class LeaseLost extends Error {
  constructor(readonly projector: string) {
    super(`lost the lock of ${projector}`);
  }
}
