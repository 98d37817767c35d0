import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, heldBackDelayMs } from "@el/domain";
import { type Database, isConnectionFault, type Lock } from "../sql";
import { advanceCheckpoint, CheckpointMoved, loadCheckpoint, markStalled } from "./checkpoints";
import { LeaseLost, type Lifecycle, type Loop, type ProjectorState } from "./loop";
import { lastPositionOf, positionOf, printable, sleep } from "./positions";
import type { Push } from "./projector";
import { alone, type Batch, type Member } from "./reads";
import type { WakeUps } from "./wake-ups";

export interface LoopSettings {
  batchSize: number;
  maxAttempts: number;
  retryDelayMs: number;
  idlePollMs: number;
  checkpointEveryMs: number;
  standbyRetryMs: number;
  backgroundBatchMs: number;
}

export interface LoopContext {
  db: Database;
  settings: LoopSettings;
  lifecycle: Lifecycle;
  wakeUps: WakeUps<Loop>;
  read: (after: Position) => Promise<Batch>;
  /** Says whether this loop applies something of `batch` (see `createSharedCommits`). */
  decide: (batch: Batch, member?: Member) => void;
  /** A position moved: waiters and other processes may want to know. */
  progressed: () => void;
  enter: (loop: Loop, state: ProjectorState) => void;
  onPush?: (pushes: Push[]) => void;
  log: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * One projector's loop: take its lock, read a batch after the checkpoint, apply it and move the checkpoint
 * in one transaction, again. A failing batch is narrowed to the event at fault, tried a few times, then the
 * projector stalls alone.
 */
export const createProjectorLoop = (context: LoopContext) => {
  const { db, settings, lifecycle, wakeUps, log } = context;

  /**
   * Applies `batch` and moves the checkpoint past it, in one transaction (shared with the other loops
   * that read the same batch and handle something in it). A batch with nothing this projector handles
   * costs no transaction: only the in-memory position moves. Resolves true when nobody waits for what it
   * applied (`awaitedOn`).
   */
  const project = async (loop: Loop, batch: Batch) => {
    const last = lastPositionOf(batch.events);
    const relevant = batch.events.filter((event) => loop.handled.has(event.type));
    if (relevant.length === 0) {
      context.decide(batch);
      loop.position = last;
      context.progressed();
      return;
    }
    // What nobody waits for does not lengthen the transaction others wait for.
    const { awaitedOn } = loop.projector;
    const background = awaitedOn !== undefined && !relevant.some((event) => awaitedOn.includes(event.type));
    if (background) context.decide(batch);
    const together = background
      ? undefined
      : await new Promise<Push[] | undefined>((settle, fail) =>
          context.decide(batch, { loop, relevant, settle, fail }),
        );
    const pushes =
      together ??
      (await wakeUps.writing(() =>
        db.transaction(async (tx) => {
          await advanceCheckpoint(tx, loop.projector.name, loop.persisted as Position, last);
          return loop.projector.evolve(relevant, tx, { live: true });
        }),
      ));
    loop.position = last;
    loop.persisted = last;
    loop.savedAt = Date.now();
    if (pushes.length > 0) context.onPush?.(pushes);
    context.progressed();
    return background;
  };

  /** Stores how far a loop got by stepping over events, once `checkpointEveryMs` has passed (or now). */
  const saveSkipped = async (loop: Loop, now: boolean) => {
    const { position, persisted } = loop;
    if (!position || !persisted || comparePositions(position, persisted) === 0) return;
    if (!now && Date.now() - loop.savedAt < settings.checkpointEveryMs) return;
    try {
      await wakeUps.writing(() => advanceCheckpoint(db, loop.projector.name, persisted, position));
      loop.persisted = position;
      loop.savedAt = Date.now();
    } catch (error) {
      if (error instanceof CheckpointMoved) throw new LeaseLost(loop.projector.name);
      log("saving the checkpoint failed; will retry", { projector: loop.projector.name, error: String(error) });
    }
  };

  /**
   * Takes the projector's lock, waiting in standby while another process holds it (or the database
   * cannot be asked). Resolves to null when the runner stops first.
   */
  const takeLock = async (loop: Loop): Promise<Lock | null> => {
    const key = `projection:${loop.projector.name}`;
    let failures = 0;
    while (!lifecycle.stopping) {
      try {
        const lock = await db.tryLock(key);
        if (lock) return lock;
        failures = 0;
      } catch (error) {
        failures++;
        log("taking the projector's lock failed; retrying", { projector: loop.projector.name, error: String(error) });
      }
      if (loop.state !== "standby") context.enter(loop, "standby");
      const { retryDelayMs, standbyRetryMs } = settings;
      await lifecycle.pause(
        failures > 0 ? Math.min(retryDelayMs * 2 ** (failures - 1), standbyRetryMs) : standbyRetryMs,
      );
    }
    return null;
  };

  /**
   * Narrows a failed batch to the event at fault; returns true when the projector stalled on it. A lost
   * lock or a database that cannot be reached is nobody's fault: the first ends the loop (LeaseLost), the
   * second is tried again without counting.
   */
  const projectOneByOne = async (loop: Loop, batch: RecordedEvent[], lock: Lock) => {
    const { retryDelayMs, maxAttempts } = settings;
    for (const event of batch) {
      if (lifecycle.stopping) return false;
      for (let attempt = 1, faults = 0; ; ) {
        try {
          await project(loop, alone([event]));
          break;
        } catch (error) {
          if (lifecycle.stopping) return false;
          if (error instanceof CheckpointMoved || !lock.held()) throw new LeaseLost(loop.projector.name);
          if (isConnectionFault(error)) {
            faults++;
            await sleep(Math.min(retryDelayMs * 2 ** (faults - 1), 5000));
            continue;
          }
          if (attempt >= maxAttempts) {
            const message = error instanceof Error ? error.message : String(error);
            loop.error = message;
            loop.failedAt = positionOf(event);
            context.enter(loop, "stalled");
            await markStalled(db, loop.projector.name, positionOf(event), message);
            log("projector stalled", {
              projector: loop.projector.name,
              event: printable(positionOf(event)),
              error: message,
            });
            return true;
          }
          await sleep(retryDelayMs * 2 ** (attempt - 1));
          attempt++;
        }
      }
    }
    return false;
  };

  const runHolding = async (loop: Loop, lock: Lock) => {
    const { name } = loop.projector;
    const { batchSize, retryDelayMs, idlePollMs, backgroundBatchMs } = settings;
    const checkpoint = await loadCheckpoint(db, name);
    // A restart is how an operator says "fixed, try again": a stalled projector resumes.
    loop.position = checkpoint.position;
    loop.persisted = checkpoint.position;
    loop.savedAt = Date.now();
    context.enter(loop, "running");
    let lost = false;
    try {
      let readFailures = 0;
      let heldBackReads = 0;
      while (!lifecycle.stopping) {
        if (!lock.held()) throw new LeaseLost(name);
        await saveSkipped(loop, false);
        const seen = wakeUps.announcedFor(loop);
        let batch: Batch;
        try {
          batch = await context.read(loop.position as Position);
          readFailures = 0;
        } catch (error) {
          // The database is unreachable, not the projector at fault: wait and read again, never stall.
          readFailures++;
          log("reading events failed; retrying", { projector: name, error: String(error) });
          await wakeUps.idle(Math.min(retryDelayMs * 2 ** (readFailures - 1), 5000));
          continue;
        }
        if (batch.events.length > 0) {
          try {
            // Nobody waits for that commit: let the next events gather a while, and apply them together.
            if (await project(loop, batch)) await lifecycle.pause(backgroundBatchMs);
          } catch (batchError) {
            if (batchError instanceof CheckpointMoved || !lock.held()) throw new LeaseLost(name);
            log("projection batch failed; retrying event by event", { projector: name, error: String(batchError) });
            const stalled = await projectOneByOne(loop, batch.events, lock);
            // Keep the lock while stalled, so another process does not take the projector over and fail
            // on the same event again: the stall lasts until this runner is restarted.
            if (stalled) await lifecycle.stopped;
          }
        }
        // A short batch, with nothing it handles announced since it was read, is all there is for now: wait
        // for the next announcement (or the re-check) rather than read again to find nothing. Appends of other
        // types it steps over later, with the next read it makes.
        if (batch.events.length < batchSize && wakeUps.announcedFor(loop) === seen) {
          // Held back: look again soon (what a commit elsewhere takes, not a wake-up).
          if (wakeUps.heldBack(loop)) await wakeUps.idle(heldBackDelayMs(heldBackReads++, idlePollMs), loop);
          else {
            heldBackReads = 0;
            await wakeUps.idle(undefined, loop);
          }
        } else heldBackReads = 0;
      }
    } catch (error) {
      lost = error instanceof LeaseLost;
      throw error;
    } finally {
      // A stalled projector keeps its stored checkpoint (and stall) as they are: it resumes from there. A
      // lost one stores nothing: the checkpoint is someone else's now.
      if (loop.state !== "stalled" && !lost) {
        await saveSkipped(loop, true).catch(() => {});
        context.enter(loop, "stopped");
      }
    }
  };

  /**
   * Runs a projector while this process holds its lock. The lock lives on a session of its own: when that
   * session ends (terminated, a restart, a network reset) another process may take the projector over at
   * once. So the lock is checked before each batch, and a checkpoint moved by someone else is the same
   * news, learnt later: either way the loop hands the projector back (standby, trying the lock again
   * later), stores nothing and marks nothing stalled. The compare-and-set on the checkpoint keeps a batch
   * from being applied twice meanwhile.
   */
  return async (loop: Loop) => {
    const { name } = loop.projector;
    while (!lifecycle.stopping) {
      const lock = await takeLock(loop);
      if (!lock) break;
      let lost = false;
      try {
        await runHolding(loop, lock);
      } catch (error) {
        // The database went away under it (its checkpoint could not be read): as good as a lost lock.
        if (!(error instanceof LeaseLost) && !isConnectionFault(error)) throw error;
        lost = true;
        log("lost the projector's lock; another process may run it, back to standby", {
          projector: name,
          error: String(error),
        });
      } finally {
        await lock.release().catch(() => {});
      }
      if (!lost) return;
      context.enter(loop, "standby");
      await lifecycle.pause(settings.standbyRetryMs);
    }
    context.enter(loop, "stopped");
  };
};
