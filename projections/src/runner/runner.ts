import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, isAtOrAfter } from "@el/domain";
import type { Database, Sql } from "../sql";
import {
  advanceCheckpoint,
  CHECKPOINT_SCHEMA,
  type Checkpoint,
  loadCheckpoint,
  loadCheckpoints,
  markStalled,
  resetCheckpoint,
} from "./checkpoints";
import type { EventSource, Projector, Push } from "./projector";

export type ProjectorState = "starting" | "standby" | "running" | "stalled" | "stopped";

export interface ProjectorStatus {
  name: string;
  state: ProjectorState;
  position: { transactionId: string; globalPosition: string };
  /** Events stored but not yet projected. */
  lag: number;
  error?: string;
  failedAt?: { transactionId: string; globalPosition: string };
}

export interface RunnerOptions {
  db: Database;
  source: EventSource;
  projectors: readonly Projector[];
  /** Receives the pushes of each committed batch. */
  onPush?: (pushes: Push[]) => void;
  batchSize?: number;
  /** Attempts on one failing event before the projector stalls. */
  maxAttempts?: number;
  retryDelayMs?: number;
  /**
   * How long an idle projector waits for a wake-up (an append, here or announced by NOTIFY) before it
   * reads again anyway (default 250 ms).
   */
  idlePollMs?: number;
  /** How often a runner that did not get a projector's lock tries again. */
  standbyRetryMs?: number;
  /** How long `waitFor` waits for a slow projector before it answers false (default 10 s). */
  waitTimeoutMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const positionOf = (event: RecordedEvent): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});
const printable = (position: Position) => ({
  transactionId: position.transactionId.toString(),
  globalPosition: position.globalPosition.toString(),
});

export const migrateProjections = async (db: Sql, projectors: readonly Projector[]) => {
  await db.query(CHECKPOINT_SCHEMA);
  for (const projector of projectors) await projector.migrate(db);
};

/**
 * Runs every projector in its own loop: read a batch after the checkpoint, apply it and move the
 * checkpoint in one transaction. One failing projector stalls alone; the others keep going.
 */
export const createProjectionRunner = (options: RunnerOptions) => {
  const { db, source, projectors } = options;
  const batchSize = options.batchSize ?? 500;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const log = options.log ?? (() => {});

  interface Loop {
    projector: Projector;
    state: ProjectorState;
    /** How far it has read; ahead of `persisted` while it only skipped events it does not handle. */
    position: Position | undefined;
    /** The checkpoint as stored, the "compare" of the next compare-and-set. */
    persisted: Position | undefined;
    error?: string;
    failedAt?: Position;
    done?: Promise<void>;
  }
  const loops = new Map<string, Loop>(
    projectors.map((projector) => [
      projector.name,
      { projector, state: "starting", position: undefined, persisted: undefined },
    ]),
  );
  const progressListeners = new Set<() => void>();
  const progressed = () => {
    for (const listener of progressListeners) listener();
  };
  let stopping = false;
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const wakers = new Set<() => void>();
  const unsubscribe = source.onAppended(() => {
    for (const wake of wakers) wake();
  });
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  /**
   * Applies `events` and moves the checkpoint past them, all in one transaction. A batch with nothing
   * this projector handles costs no transaction: only the in-memory position moves, and the checkpoint
   * catches up with the next applied batch or when the projector goes idle (replaying skipped events
   * after a crash applies nothing, so this loses nothing).
   */
  const project = async (loop: Loop, events: RecordedEvent[]) => {
    const handled = new Set(loop.projector.handles);
    const last = positionOf(events[events.length - 1] as RecordedEvent);
    const relevant = events.filter((event) => handled.has(event.type));
    if (relevant.length === 0) {
      loop.position = last;
      progressed();
      return;
    }
    const pushes = await db.transaction(async (tx) => {
      await advanceCheckpoint(tx, loop.projector.name, loop.persisted as Position, last);
      const collected: Push[] = [];
      for (const event of relevant) {
        const produced = await loop.projector.apply(event, tx);
        if (produced) collected.push(...produced);
      }
      return collected;
    });
    loop.position = last;
    loop.persisted = last;
    if (pushes.length > 0) options.onPush?.(pushes);
    progressed();
  };

  const persistSkipped = async (loop: Loop) => {
    const { position, persisted } = loop;
    if (!position || !persisted || comparePositions(position, persisted) === 0) return;
    await db.transaction((tx) => advanceCheckpoint(tx, loop.projector.name, persisted, position));
    loop.persisted = position;
  };

  const run = async (loop: Loop) => {
    const { name } = loop.projector;
    let lock = await db.tryLock(`projection:${name}`);
    while (!lock && !stopping) {
      loop.state = "standby";
      await sleep(options.standbyRetryMs ?? 2000);
      lock = await db.tryLock(`projection:${name}`);
    }
    if (!lock) {
      loop.state = "stopped";
      return;
    }
    try {
      const checkpoint = await loadCheckpoint(db, name);
      // A restart is how an operator says "fixed, try again": a stalled projector resumes.
      loop.position = checkpoint.position;
      loop.persisted = checkpoint.position;
      loop.state = "running";
      progressed();
      let readFailures = 0;
      while (!stopping) {
        let batch: RecordedEvent[];
        try {
          batch = await source.readAll(loop.position, batchSize);
          readFailures = 0;
        } catch (error) {
          // The database is unreachable, not the projector at fault: wait and read again, never stall.
          readFailures++;
          log("reading events failed; retrying", { projector: name, error: String(error) });
          await idle(Math.min(retryDelayMs * 2 ** (readFailures - 1), 5000));
          continue;
        }
        if (batch.length === 0) {
          await persistSkipped(loop).catch((error) =>
            log("saving the checkpoint failed; will retry", { projector: name, error: String(error) }),
          );
          await idle(options.idlePollMs ?? 250);
          continue;
        }
        try {
          await project(loop, batch);
        } catch (batchError) {
          log("projection batch failed; retrying event by event", { projector: name, error: String(batchError) });
          const stalled = await projectOneByOne(loop, batch);
          // Keep the lock while stalled, so another process does not take the projector over and fail
          // on the same event again: the stall lasts until this runner is restarted.
          if (stalled) await stopped;
        }
      }
    } finally {
      if (loop.state !== "stalled") loop.state = "stopped";
      await lock.release();
    }
  };

  /** Narrows a failed batch to the event at fault; returns true when the projector stalled on it. */
  const projectOneByOne = async (loop: Loop, batch: RecordedEvent[]) => {
    for (const event of batch) {
      if (stopping) return false;
      for (let attempt = 1; ; attempt++) {
        try {
          await project(loop, [event]);
          break;
        } catch (error) {
          if (stopping) return false;
          if (attempt >= maxAttempts) {
            const message = error instanceof Error ? error.message : String(error);
            loop.state = "stalled";
            loop.error = message;
            loop.failedAt = positionOf(event);
            await markStalled(db, loop.projector.name, positionOf(event), message);
            log("projector stalled", {
              projector: loop.projector.name,
              event: printable(positionOf(event)),
              error: message,
            });
            progressed();
            return true;
          }
          await sleep(retryDelayMs * 2 ** (attempt - 1));
        }
      }
    }
    return false;
  };

  const owned = () => [...loops.values()].filter((loop) => loop.state === "running" || loop.state === "stalled");

  return {
    start() {
      for (const loop of loops.values()) {
        loop.done = run(loop).catch((error) => {
          loop.state = "stopped";
          loop.error = String(error);
          log("projector stopped", { projector: loop.projector.name, error: String(error) });
        });
      }
    },

    async stop() {
      stopping = true;
      stop();
      unsubscribe();
      for (const wake of wakers) wake();
      await Promise.all([...loops.values()].map((loop) => loop.done));
    },

    /**
     * Resolves true once the named projectors (all by default) have projected `position`: what a command
     * awaits before it answers, so a GET right after it sees its effect. Resolves false when the time runs
     * out, or as soon as each of them has projected it or stalled before it: a stalled projector does not
     * hold answers back (/management/health reports it), but its read model will not show the command.
     */
    async waitFor(position: Position, names?: readonly string[], timeoutMs = options.waitTimeoutMs ?? 10_000) {
      const wanted = names ?? projectors.map((projector) => projector.name);
      const deadline = Date.now() + timeoutMs;
      /** True: all projected it; false: the others did, some stalled before it; undefined: still going. */
      const settled = async (): Promise<boolean | undefined> => {
        let stalled = false;
        const remote: string[] = [];
        for (const name of wanted) {
          const loop = loops.get(name);
          // Not yet known whether this process will run it, or resume it from a stall: wait.
          if (loop?.state === "starting") return undefined;
          if (loop?.state === "running" || loop?.state === "stalled") {
            if (loop.position && isAtOrAfter(loop.position, position)) continue;
            if (loop.state === "running") return undefined;
            stalled = true;
          } else remote.push(name);
        }
        if (remote.length > 0) {
          const checkpoints = await loadCheckpoints(db, remote);
          if (checkpoints.length !== remote.length) return undefined;
          for (const checkpoint of checkpoints) {
            if (isAtOrAfter(checkpoint.position, position)) continue;
            if (checkpoint.status !== "stalled") return undefined;
            stalled = true;
          }
        }
        return !stalled;
      };
      for (;;) {
        const outcome = await settled();
        if (outcome !== undefined) return outcome;
        if (Date.now() > deadline) return false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, 20);
          function done() {
            clearTimeout(timer);
            progressListeners.delete(done);
            resolve();
          }
          progressListeners.add(done);
        });
      }
    },

    async status(): Promise<ProjectorStatus[]> {
      const checkpoints = new Map<string, Checkpoint>(
        (await loadCheckpoints(db, [...loops.keys()])).map((checkpoint) => [checkpoint.name, checkpoint]),
      );
      return Promise.all(
        [...loops.values()].map(async (loop) => {
          const checkpoint = checkpoints.get(loop.projector.name);
          const position = loop.position ?? checkpoint?.position ?? { transactionId: 0n, globalPosition: 0n };
          const failedAt = loop.failedAt ?? checkpoint?.failedAt ?? undefined;
          const state: ProjectorState =
            loop.state === "standby" && checkpoint?.status === "stalled" ? "stalled" : loop.state;
          return {
            name: loop.projector.name,
            state,
            position: printable(position),
            lag: await source.countAfter(position),
            ...(loop.error || checkpoint?.error ? { error: loop.error ?? checkpoint?.error ?? undefined } : {}),
            ...(failedAt ? { failedAt: printable(failedAt) } : {}),
          };
        }),
      );
    },

    /** Names of the projectors that handle at least one of `eventTypes`: the ones a command waits for. */
    projectorsHandling: (eventTypes: readonly string[]) =>
      projectors
        .filter((projector) => projector.handles.some((type) => eventTypes.includes(type)))
        .map((projector) => projector.name),

    /** True when this runner holds the projector's lock and is processing. */
    isActive: (name: string) => owned().some((loop) => loop.projector.name === name),
  };
};

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

/**
 * An operator's explicit decision to step over one event a projector cannot apply: recorded with who
 * and why, then the checkpoint moves past it. Run it while the projector is stalled, then restart.
 */
export const skipEvent = async (
  db: Database,
  name: string,
  event: Position,
  decision: { reason: string; by: string },
) =>
  db.transaction(async (tx) => {
    const checkpoint = await loadCheckpoint(tx, name);
    if (checkpoint.status !== "stalled" || !checkpoint.failedAt || comparePositions(checkpoint.failedAt, event) !== 0) {
      throw new Error(`${name} is not stalled on that event`);
    }
    await tx.query(
      "insert into projection_skips (name, transaction_id, global_position, reason, skipped_by) values ($1, $2::xid8, $3, $4, $5)",
      [name, event.transactionId.toString(), event.globalPosition.toString(), decision.reason, decision.by],
    );
    await advanceCheckpoint(tx, name, checkpoint.position, event);
  });

/** Drops one read model and replays it from the first event, reporting progress as it goes. */
export const rebuildProjection = async (
  db: Database,
  source: EventSource,
  projector: Projector,
  onProgress: (projected: number, remaining: number) => void = () => {},
  /** Called once when a running backend holds the projector, which it keeps until it stops. */
  onWaiting: () => void = () => {},
) => {
  let lock = await db.tryLock(`projection:${projector.name}`);
  if (!lock) onWaiting();
  while (!lock) {
    await sleep(500);
    lock = await db.tryLock(`projection:${projector.name}`);
  }
  try {
    await db.transaction(async (tx) => {
      for (const table of projector.tables) await tx.query(`drop table if exists ${table} cascade`);
      await projector.migrate(tx);
      await resetCheckpoint(tx, projector.name);
    });
    let position: Position = { transactionId: 0n, globalPosition: 0n };
    let projected = 0;
    const handled = new Set(projector.handles);
    for (;;) {
      const batch = await source.readAll(position, 1000);
      if (batch.length === 0) break;
      const last = positionOf(batch[batch.length - 1] as RecordedEvent);
      const from = position;
      await db.transaction(async (tx) => {
        await advanceCheckpoint(tx, projector.name, from, last);
        for (const event of batch) if (handled.has(event.type)) await projector.apply(event, tx);
      });
      position = last;
      projected += batch.length;
      onProgress(projected, await source.countAfter(position));
    }
    return projected;
  } finally {
    await lock.release();
  }
};
