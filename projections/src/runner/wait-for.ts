import type { Position } from "@el/domain";
import { isAtOrAfter } from "@el/domain";
import type { Sql } from "../sql";
import { type Checkpoint, loadCheckpoints } from "./checkpoints";
import type { Loop } from "./loop";
import type { Progress } from "./progress";
import type { EventSource } from "./projector";

export interface WaitContext {
  db: Sql;
  source: Pick<EventSource, "anyOf">;
  loops: ReadonlyMap<string, Loop>;
  /** Every projector's name: what a wait without names waits for. */
  names: readonly string[];
  progress: Pick<Progress, "ask" | "remotePosition" | "flowing">;
  /** Called on every change a waiter may be waiting for: a position moved, a state changed. */
  progressListeners: Set<() => void>;
  /** Wakes an idle loop: it steps over what it does not handle now rather than at its re-check. */
  wake: (loop: Loop) => void;
  remotePollMs: number;
  announcedPollMs: number;
  waitTimeoutMs: number;
}

/**
 * Resolves true once the named projectors (all by default) have projected `position`: what a command
 * awaits before it answers, so a GET right after it sees its effect. Resolves false when the time runs
 * out, or as soon as each of them has projected it or stalled before it: a stalled projector does not
 * hold answers back (/management/health reports it), but its read model will not show the command.
 *
 * Projectors run here answer the moment they commit (they announce every move); those run by another
 * process are seen through that process's announcements, or their stored checkpoints (`remotePollMs`).
 */
export const createWaitFor = (context: WaitContext) => {
  const { db, loops, progress } = context;
  /**
   * The stored checkpoints of every projector, as last read, shared by the waits: a wait reuses a read sent
   * after it began and less than half a re-check ago (checkpoints only move on, so an older answer can only
   * say "not yet"), so concurrent waits cost one read per re-check rather than one each.
   */
  let stored: { sentAt: number; checkpoints: Promise<Checkpoint[]> } | undefined;
  const storedCheckpoints = (since: number) => {
    const now = performance.now();
    if (stored && stored.sentAt >= since && now - stored.sentAt < context.remotePollMs / 2) return stored.checkpoints;
    const read = { sentAt: now, checkpoints: loadCheckpoints(db, context.names) };
    stored = read;
    read.checkpoints.catch(() => {
      if (stored === read) stored = undefined;
    });
    return read.checkpoints;
  };
  /**
   * Per projector run elsewhere, a stored checkpoint and the earliest position up to which it was found to have
   * something to apply after it: true of every later position too, for every wait.
   */
  const busyUpTo = new Map<string, { stored: string; position: Position }>();

  return (position: Position, names?: readonly string[], timeoutMs = context.waitTimeoutMs) => {
    const wanted = names ?? context.names;
    const began = performance.now();
    /**
     * Another process stores a projector's progress over events it does not handle only now and then,
     * so a checkpoint behind `position` may still mean "nothing of mine up to there".
     */
    const nothingToApply = async (checkpoint: Checkpoint) => {
      const handles = loops.get(checkpoint.name)?.projector.handles;
      const stored = `${checkpoint.position.transactionId}:${checkpoint.position.globalPosition}`;
      if (!handles) return false;
      const busy = busyUpTo.get(checkpoint.name);
      if (busy?.stored === stored && isAtOrAfter(position, busy.position)) return false;
      if (await context.source.anyOf(handles, checkpoint.position, position)) {
        const known = busyUpTo.get(checkpoint.name);
        if (known?.stored !== stored || !isAtOrAfter(position, known.position))
          busyUpTo.set(checkpoint.name, { stored, position });
        return false;
      }
      return true;
    };
    /**
     * outcome true: all projected it; false: the others did, some stalled before it; absent: still going.
     * Projectors run elsewhere are settled by their announcements, else (`readStored`) their checkpoints.
     */
    const settled = async (readStored: boolean): Promise<{ outcome?: boolean; remote: boolean }> => {
      let stalled = false;
      const remote: string[] = [];
      for (const name of wanted) {
        const loop = loops.get(name);
        // Not yet known whether this process will run it, or resume it from a stall: wait.
        if (loop?.state === "starting") return { remote: false };
        if (loop?.state === "running" || loop?.state === "stalled") {
          if (loop.position && isAtOrAfter(loop.position, position)) continue;
          if (loop.state === "running") {
            // Not woken by appends it does not handle: it steps over them now rather than at its re-check.
            context.wake(loop);
            return { remote: false };
          }
          stalled = true;
        } else {
          const announced = progress.remotePosition(name);
          if (!announced || !isAtOrAfter(announced, position)) remote.push(name);
        }
      }
      if (remote.length > 0) {
        progress.ask();
        if (!readStored) return { remote: true };
        const checkpoints = (await storedCheckpoints(began)).filter((checkpoint) => remote.includes(checkpoint.name));
        if (checkpoints.length !== remote.length) return { remote: true };
        for (const checkpoint of checkpoints) {
          if (isAtOrAfter(checkpoint.position, position)) continue;
          if (checkpoint.status === "stalled") stalled = true;
          else if (!(await nothingToApply(checkpoint))) return { remote: true };
        }
      }
      return { outcome: !stalled, remote: remote.length > 0 };
    };
    return new Promise<boolean>((resolve, reject) => {
      let finished = false;
      let checking = false;
      /** A check asked for while one was under way: run after it, reading the store if any asked to. */
      let again: boolean | undefined;
      let remoteCheck: ReturnType<typeof setTimeout> | undefined;
      const finish = (settle: () => void) => {
        finished = true;
        clearTimeout(deadline);
        clearTimeout(remoteCheck);
        context.progressListeners.delete(onProgress);
        settle();
      };
      const check = (readStored: boolean) => {
        if (finished) return;
        if (checking) {
          again = (again ?? false) || readStored;
          return;
        }
        checking = true;
        if (readStored) {
          clearTimeout(remoteCheck);
          remoteCheck = undefined;
        }
        settled(readStored).then(
          ({ outcome, remote }) => {
            checking = false;
            if (finished) return;
            if (outcome !== undefined) return finish(() => resolve(outcome));
            // A move announced while this check was under way may have come too late for it.
            if (again !== undefined) {
              const readAgain = again;
              again = undefined;
              return check(readAgain);
            }
            if (remote && !remoteCheck) {
              const announcing = progress.flowing();
              remoteCheck = setTimeout(
                () => {
                  remoteCheck = undefined;
                  check(true);
                },
                announcing ? context.announcedPollMs : context.remotePollMs,
              );
            }
          },
          (error: unknown) => finish(() => reject(error)),
        );
      };
      const onProgress = () => check(false);
      const deadline = setTimeout(() => finish(() => resolve(false)), timeoutMs);
      context.progressListeners.add(onProgress);
      // While the other processes' announcements flow (one heard within the last second), a wait settles on
      // them, and reads the stored checkpoints only at its re-check (a stall is not announced): reading
      // them first cost every command on an instance that runs no read model two statements (the
      // checkpoints, then whether anything it handles lies between them and the command's event), and
      // found them behind the event just appended every time.
      check(!progress.flowing());
    });
  };
};
