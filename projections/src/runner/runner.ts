import type { Position } from "@el/domain";
import type { Database } from "../sql";
import { type Checkpoint, loadCheckpoints } from "./checkpoints";
import { createLifecycle, createLoop, type Loop, type ProjectorState } from "./loop";
import { printable } from "./positions";
import { createProgress, PROGRESS_CHANNEL } from "./progress";
import type { EventSource, Projector, Push } from "./projector";
import { createProjectorLoop } from "./projector-loop";
import { createReads } from "./reads";
import { createSharedCommits } from "./shared-commit";
import { createWaitFor } from "./wait-for";
import { createWakeUps } from "./wake-ups";

export type { ProjectorState } from "./loop";
export { migrateProjections, rebuildProjection, skipEvent } from "./operations";
export { PROGRESS_CHANNEL } from "./progress";

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
  /**
   * How long a projector that only stepped over events it does not handle may keep that progress in
   * memory before it stores it (default 1 s). Applied batches and a stop store it at once.
   */
  checkpointEveryMs?: number;
  /** How long `waitFor` waits for a slow projector before it answers false (default 10 s). */
  waitTimeoutMs?: number;
  /**
   * How often a wait on a projector another process runs reads its stored checkpoint while that process
   * announces nothing (default 20 ms), and while it does announce its progress (default 250 ms: only a
   * stall, which it does not announce, is found this way then).
   */
  remotePollMs?: number;
  announcedPollMs?: number;
  /**
   * How long a projector that committed a batch nobody waits for (`awaitedOn`) lets the next events
   * gather before it reads again (default 50 ms): under load, one transaction for many events.
   */
  backgroundBatchMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * Runs every projector in its own loop: read a batch after the checkpoint, apply it and move the
 * checkpoint in one transaction. One failing projector stalls alone; the others keep going.
 *
 * An append of another process wakes every loop, one of this process the loops that handle one of its
 * types; what each wake-up costs the database is kept small:
 * - Loops at the same position share one read: asking for a read that is already under way, sent after
 *   the latest announced append, joins it instead of sending another.
 * - The loops that handle something in a small shared batch apply it in one transaction, each moving
 *   its own checkpoint in it (compare-and-set): the commit is most of a small batch's cost. When that
 *   transaction fails, each tries again in a transaction of its own, so a faulty projector still stalls
 *   alone. A large batch (a projector catching up, a burst) is applied by each in its own transaction, in
 *   parallel: there the applies dominate, and one transaction would run them one projector after another.
 * - A loop that only stepped over events it does not handle keeps that progress in memory and stores it
 *   at most every `checkpointEveryMs`, with its next applied batch, or when it stops: after a crash it
 *   reads those events again and applies nothing, so nothing is lost or applied twice.
 */
export const createProjectionRunner = (options: RunnerOptions) => {
  const { db, source, projectors } = options;
  const settings = {
    batchSize: options.batchSize ?? 500,
    maxAttempts: options.maxAttempts ?? 5,
    retryDelayMs: options.retryDelayMs ?? 100,
    idlePollMs: options.idlePollMs ?? 250,
    checkpointEveryMs: options.checkpointEveryMs ?? 1000,
    standbyRetryMs: options.standbyRetryMs ?? 2000,
    backgroundBatchMs: options.backgroundBatchMs ?? 50,
  };
  const log = options.log ?? (() => {});
  const lifecycle = createLifecycle();
  const loops = new Map<string, Loop>(projectors.map((projector) => [projector.name, createLoop(projector)]));

  /** Called on every change a waiter may be waiting for: a position moved, a state changed. */
  const progressListeners = new Set<() => void>();
  const progressed = () => {
    for (const listener of [...progressListeners]) listener();
    progress.announce();
  };
  const progress = createProgress({
    db,
    *running() {
      for (const loop of loops.values())
        if (loop.state === "running" && loop.position) yield { name: loop.projector.name, position: loop.position };
    },
    runsHere: (name) => loops.get(name)?.state === "running",
    stopping: () => lifecycle.stopping,
    onHeard: progressed,
  });
  const enter = (loop: Loop, state: ProjectorState) => {
    loop.state = state;
    progressed();
  };

  const wakeUps = createWakeUps<Loop>({ idlePollMs: settings.idlePollMs, stopping: () => lifecycle.stopping });
  const unsubscribe = source.onAppended(wakeUps.appended);
  const run = createProjectorLoop({
    db,
    settings,
    lifecycle,
    wakeUps,
    read: createReads({ source, batchSize: settings.batchSize, announced: wakeUps.announced }),
    decide: createSharedCommits({ db, writing: wakeUps.writing, onPush: options.onPush, log }),
    progressed,
    enter,
    onPush: options.onPush,
    log,
  });
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  const owned = () => [...loops.values()].filter((loop) => loop.state === "running" || loop.state === "stalled");

  return {
    start() {
      unlisten = db.listen(PROGRESS_CHANNEL, progress.heard).catch((error: unknown) => {
        log("listening to other processes' projection progress failed; waits read the checkpoints", {
          error: String(error),
        });
        return undefined;
      });
      for (const loop of loops.values()) {
        loop.done = run(loop).catch((error) => {
          loop.error = String(error);
          enter(loop, "stopped");
          log("projector stopped", { projector: loop.projector.name, error: String(error) });
        });
      }
    },

    async stop() {
      lifecycle.stop();
      unsubscribe();
      await (await unlisten)?.().catch(() => {});
      wakeUps.wakeAll();
      await Promise.all([...loops.values()].map((loop) => loop.done));
    },

    waitFor: createWaitFor({
      db,
      source,
      loops,
      names: projectors.map((projector) => projector.name),
      progress,
      progressListeners,
      wake: wakeUps.wake,
      remotePollMs: options.remotePollMs ?? 20,
      announcedPollMs: options.announcedPollMs ?? 250,
      waitTimeoutMs: options.waitTimeoutMs ?? 10_000,
    }),

    async status(): Promise<ProjectorStatus[]> {
      const checkpoints = new Map<string, Checkpoint>(
        (await loadCheckpoints(db, [...loops.keys()])).map((checkpoint) => [checkpoint.name, checkpoint]),
      );
      // Most projectors stand at the same few positions: each is counted once, one count at a time. A count
      // per projector at once (thirty) took the pool from the requests for as long, at every scrape.
      const lags = new Map<string, number>();
      const lagAt = async (position: Position) => {
        const key = `${position.transactionId}:${position.globalPosition}`;
        const known = lags.get(key);
        if (known !== undefined) return known;
        const lag = await source.countAfter(position);
        lags.set(key, lag);
        return lag;
      };
      const statuses: ProjectorStatus[] = [];
      for (const loop of loops.values()) {
        const checkpoint = checkpoints.get(loop.projector.name);
        const position = loop.position ?? checkpoint?.position ?? { transactionId: 0n, globalPosition: 0n };
        const failedAt = loop.failedAt ?? checkpoint?.failedAt ?? undefined;
        const state: ProjectorState =
          loop.state === "standby" && checkpoint?.status === "stalled" ? "stalled" : loop.state;
        statuses.push({
          name: loop.projector.name,
          state,
          position: printable(position),
          lag: await lagAt(position),
          ...(loop.error || checkpoint?.error ? { error: loop.error ?? checkpoint?.error ?? undefined } : {}),
          ...(failedAt ? { failedAt: printable(failedAt) } : {}),
        });
      }
      return statuses;
    },

    /**
     * Names of the projectors a command that stored `eventTypes` waits for: those that handle one of them,
     * and await it (`awaitedOn`).
     */
    projectorsHandling: (eventTypes: readonly string[]) =>
      projectors
        .filter((projector) => (projector.awaitedOn ?? projector.handles).some((type) => eventTypes.includes(type)))
        .map((projector) => projector.name),

    /** True when this runner holds the projector's lock and is processing. */
    isActive: (name: string) => owned().some((loop) => loop.projector.name === name),
  };
};

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;
