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

/** Whether the runner is stopping, and a promise that settles when it is: every wait races it. */
export interface Lifecycle {
  readonly stopping: boolean;
  readonly stopped: Promise<void>;
}

export const createLifecycle = () => {
  let resolve = () => {};
  const stopped = new Promise<void>((settle) => {
    resolve = settle;
  });
  const lifecycle = {
    stopping: false,
    stopped,
    stop() {
      lifecycle.stopping = true;
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
