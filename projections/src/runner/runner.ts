import type { Position, RecordedEvent } from "@el/domain";
import { comparePositions, heldBackDelayMs, isAtOrAfter, laterOf } from "@el/domain";
import { type Database, isConnectionFault, type Lock, type Sql } from "../sql";
import {
  advanceCheckpoint,
  advanceCheckpoints,
  CHECKPOINT_SCHEMA,
  type Checkpoint,
  CheckpointMoved,
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where processes tell each other how far the projectors they run have got. `w:{instance}` asks the
 * runners to announce (someone waits on them); `p:{instance}:{json}` announces positions by projector.
 */
export const PROGRESS_CHANNEL = "es_projected";
/** How long a runner keeps announcing after someone asked; waiters ask again at most every second. */
const ANNOUNCE_FOR_MS = 10_000;
const ASK_EVERY_MS = 1000;
/** A NOTIFY is fleeting: its commit need not wait for the disk. One statement, one round trip. */
const NOTIFY_PROGRESS = "select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";
const encodePosition = (position: Position) => `${position.transactionId}:${position.globalPosition}`;
const decodePosition = (text: unknown): Position | undefined => {
  const match = typeof text === "string" ? /^(\d+):(\d+)$/.exec(text) : null;
  return match ? { transactionId: BigInt(match[1] as string), globalPosition: BigInt(match[2] as string) } : undefined;
};

/** This runner no longer holds a projector's lock: another process may be running it. */
class LeaseLost extends Error {
  constructor(readonly projector: string) {
    super(`lost the lock of ${projector}`);
  }
}

/** Events the projectors sharing one transaction may apply in it, all together. */
const SHARED_APPLIES_MAX = 50;
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
  const batchSize = options.batchSize ?? 500;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const idlePollMs = options.idlePollMs ?? 250;
  const checkpointEveryMs = options.checkpointEveryMs ?? 1000;
  const standbyRetryMs = options.standbyRetryMs ?? 2000;
  const remotePollMs = options.remotePollMs ?? 20;
  const backgroundBatchMs = options.backgroundBatchMs ?? 50;
  const announcedPollMs = options.announcedPollMs ?? 250;
  const log = options.log ?? (() => {});

  interface Loop {
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
  const loops = new Map<string, Loop>(
    projectors.map((projector) => [
      projector.name,
      {
        projector,
        handled: new Set(projector.handles),
        state: "starting",
        position: undefined,
        persisted: undefined,
        savedAt: 0,
      },
    ]),
  );
  /** Called on every change a waiter may be waiting for: a position moved, a state changed. */
  const progressListeners = new Set<() => void>();
  const progressed = () => {
    for (const listener of [...progressListeners]) listener();
    announceProgress();
  };
  const enter = (loop: Loop, state: ProjectorState) => {
    loop.state = state;
    progressed();
  };
  let stopping = false;
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });

  /**
   * Progress shared between processes. A command in a process that does not run a projector waits for
   * it by its position; reading the stored checkpoint every few ms for every waiting command costs the
   * database a query per waiter and turn, and a checkpoint is stored late for events a projector only
   * steps over. So the process that runs it announces each move (its position in memory: applied and
   * committed, or stepped over) while someone has asked in the last ten seconds, in one NOTIFY per turn,
   * and waiters settle on those announcements; the stored checkpoint remains their fallback.
   */
  const instance = Math.random().toString(36).slice(2, 10);
  let announceUntil = 0;
  const announcedPositions = new Map<string, string>();
  let announcing = false;
  let announceAgain = false;
  const announceProgress = (all = false) => {
    if (Date.now() > announceUntil || stopping) return;
    if (all) announcedPositions.clear();
    if (announcing) {
      announceAgain = true;
      return;
    }
    announcing = true;
    setImmediate(async () => {
      do {
        announceAgain = false;
        const moved: Record<string, string> = {};
        for (const loop of loops.values()) {
          if (loop.state !== "running" || !loop.position) continue;
          const at = encodePosition(loop.position);
          if (announcedPositions.get(loop.projector.name) === at) continue;
          announcedPositions.set(loop.projector.name, at);
          moved[loop.projector.name] = at;
        }
        if (Object.keys(moved).length > 0)
          await db
            .query(NOTIFY_PROGRESS, [PROGRESS_CHANNEL, `p:${instance}:${JSON.stringify(moved)}`])
            .catch(() => announcedPositions.clear());
      } while (announceAgain && !stopping);
      announcing = false;
    });
  };
  /** What other processes announced of the projectors they run, and when they last did. */
  const remotePositions = new Map<string, Position>();
  let remoteHeardAt = 0;
  let askedAt = 0;
  const askForProgress = () => {
    if (Date.now() - askedAt < ASK_EVERY_MS) return;
    askedAt = Date.now();
    void db.query(NOTIFY_PROGRESS, [PROGRESS_CHANNEL, `w:${instance}`]).catch(() => {
      askedAt = 0;
    });
  };
  const heard = (payload: string) => {
    // A reopened session: what was announced meanwhile is lost, so nothing heard before can be trusted.
    if (payload === "") {
      remotePositions.clear();
      return;
    }
    const [kind, from] = payload.split(":", 2);
    if (from === instance) return;
    if (kind === "w") {
      announceUntil = Date.now() + ANNOUNCE_FOR_MS;
      // Everything once, so a move made just before the asking is not missed; then each move.
      return announceProgress(true);
    }
    if (kind !== "p") return;
    let moved: Record<string, unknown>;
    try {
      moved = JSON.parse(payload.slice(`p:${from}:`.length)) as Record<string, unknown>;
    } catch {
      return;
    }
    for (const [name, at] of Object.entries(moved)) {
      const position = decodePosition(at);
      // The latest word wins, lower or not: a projector taken over or rebuilt starts again from behind.
      if (position && loops.get(name)?.state !== "running") remotePositions.set(name, position);
    }
    remoteHeardAt = Date.now();
    progressed();
  };
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  /** Appends announced so far: a read sent before the latest announcement may miss that append. */
  let announced = 0;
  /**
   * The furthest append announced so far, by this process or another's wake-up. A loop short of it after a
   * read knows the append is committed but held back (an older transaction somewhere is still open), so it
   * looks again soon rather than wait for the next wake-up or the re-check.
   */
  let head: Position | undefined;
  /** Idle loops' wake-ups, each with its loop (none: woken by any append). */
  const wakers = new Map<() => void, Loop | undefined>();
  const polling = new Set<() => void>();
  /**
   * Whether an append of `types` (undefined: unknown) may concern `loop`. An append wakes only the loops that
   * handle one of its types, this process's and, when their wake-up names them, another's: the others would
   * read it to step over it (17 loops woke, and mostly read, for every scheduling). They step over it later,
   * at their re-check or with the next append they handle, and a waiter for them wakes them (`waitFor`).
   */
  const concerns = (loop: Loop | undefined, types: ReadonlySet<string> | undefined) => {
    if (!loop || !types) return true;
    for (const type of types) if (loop.handled.has(type)) return true;
    return false;
  };
  /** What was announced while each of the runner's writes was under way (see `writing`). */
  const overlapping = new Set<{ types: Set<string>; all: boolean }>();
  const announceTypes = (types: ReadonlySet<string> | undefined) => {
    announced++;
    for (const during of overlapping) {
      if (!types) during.all = true;
      else for (const type of types) during.types.add(type);
    }
    for (const [wake, loop] of [...wakers]) if (concerns(loop, types)) wake();
  };
  const announce = (
    local?: readonly { position: Position; types?: readonly string[] }[],
    remote?: { readonly types?: readonly string[]; readonly head?: Position },
  ) => {
    // Another process's append wakes the loops its types concern too, when its wake-up named them.
    if (!local && remote) {
      if (remote.head) head = laterOf(head, remote.head);
      return announceTypes(remote.types ? new Set(remote.types) : undefined);
    }
    let types: Set<string> | undefined = local ? new Set() : undefined;
    for (const appended of local ?? []) {
      head = laterOf(head, appended.position);
      if (!appended.types) types = undefined;
      else for (const type of appended.types) types?.add(type);
    }
    announceTypes(types);
  };
  /** Wakes `loop` if it is idle: someone waits for it to reach a position. */
  const wakeLoop = (loop: Loop) => {
    for (const [wake, idleLoop] of [...wakers]) if (idleLoop === loop) wake();
  };
  const heldBack = (loop: Loop) =>
    head !== undefined && loop.position !== undefined && comparePositions(loop.position, head) < 0;
  const unsubscribe = source.onAppended(announce);
  /**
   * Runs one of this runner's writes. While a transaction is open, readers do not see the appends
   * committed after it began (they read below the oldest running one), so the appends announced in that
   * time are announced again once it has ended.
   */
  const writing = async <T>(write: () => Promise<T>): Promise<T> => {
    const during = { types: new Set<string>(), all: false };
    overlapping.add(during);
    try {
      return await write();
    } finally {
      overlapping.delete(during);
      if (during.all || during.types.size > 0) announceTypes(during.all ? undefined : during.types);
    }
  };
  let poll: ReturnType<typeof setTimeout> | undefined;
  /**
   * Waits for an announced append, or for `ms`. Without `ms`, for the runner's re-check, one timer for
   * every idle loop, so that their reads coincide and are shared.
   */
  const idle = (ms?: number, loop?: Loop) =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
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
      }, idlePollMs);
    });

  /** A loop that handles something in a batch, waiting to commit it with the others that do. */
  interface Member {
    loop: Loop;
    relevant: RecordedEvent[];
    /** This loop's pushes once committed together, or undefined: apply alone. */
    settle: (pushes: Push[] | undefined) => void;
    /** This loop's own events failed: its batch failed, as if it had tried it alone. */
    fail: (error: unknown) => void;
  }
  /** One read's answer as the loops that asked for it see it. */
  interface Batch {
    events: RecordedEvent[];
    /** Readers that have not yet said whether they apply something of it. */
    undecided: number;
    members: Member[];
  }
  const alone = (events: RecordedEvent[]): Batch => ({ events, undecided: 1, members: [] });

  const reads = new Map<string, { announced: number; join: () => Promise<Batch> }>();
  const read = (after: Position): Promise<Batch> => {
    const key = `${after.transactionId}:${after.globalPosition}`;
    const underWay = reads.get(key);
    if (underWay?.announced === announced) return underWay.join();
    let readers = 1;
    const forget = () => {
      if (reads.get(key)?.join === join) reads.delete(key);
    };
    // Forgotten before any reader sees the answer, so the count of readers is final when it is taken.
    const batch = source.readAll(after, batchSize).then(
      (events): Batch => {
        forget();
        return { events, undecided: readers, members: [] };
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    const join = () => {
      readers++;
      return batch;
    };
    reads.set(key, { announced, join });
    return batch;
  };

  const applyEvents = async (projector: Projector, events: RecordedEvent[], tx: Sql): Promise<Push[]> => {
    if (projector.pushesNothing && projector.applyBatch) {
      await projector.applyBatch(events, tx);
      return [];
    }
    if (projector.applyLive) return projector.applyLive(events, tx);
    const pushes: Push[] = [];
    for (const event of events) {
      const produced = await projector.apply(event, tx);
      const recordedAt = event.recordedAt.getTime();
      if (produced) for (const push of produced) pushes.push({ ...push, recordedAt });
    }
    return pushes;
  };

  const commitTogether = async (batch: Batch) => {
    const { members } = batch;
    const applies = members.reduce((count, member) => count + member.relevant.length, 0);
    if (members.length < 2 || applies > SHARED_APPLIES_MAX) {
      for (const member of members) member.settle(undefined);
      return;
    }
    const last = positionOf(batch.events[batch.events.length - 1] as RecordedEvent);
    let applying: Member | undefined;
    try {
      const pushes = await writing(() =>
        db.transaction(async (tx) => {
          await advanceCheckpoints(
            tx,
            members.map(({ loop }) => ({ name: loop.projector.name, from: loop.persisted as Position })),
            last,
          );
          const produced: Push[][] = [];
          for (const member of members) {
            applying = member;
            produced.push(await applyEvents(member.loop.projector, member.relevant, tx));
          }
          applying = undefined;
          return produced;
        }),
      );
      // The commit's pushes leave together (another instance gets them in one message), before each
      // member moves on as if it had applied its part alone.
      const all = pushes.flat();
      if (all.length > 0) options.onPush?.(all);
      for (const member of members) member.settle([]);
    } catch (error) {
      // The projector whose apply threw has had its try at the batch; the others were not at fault.
      log("a shared projection batch failed; the other projectors try it alone", {
        projector: applying?.loop.projector.name,
        error: String(error),
      });
      for (const member of members) {
        if (member === applying) member.fail(error);
        else member.settle(undefined);
      }
    }
  };

  /** A reader's answer: `relevant` to apply, or nothing. The last reader to answer starts the commit. */
  const decide = (batch: Batch, member?: Member) => {
    if (member) batch.members.push(member);
    batch.undecided--;
    if (batch.undecided === 0) void commitTogether(batch);
  };

  /**
   * Applies `batch` and moves the checkpoint past it, in one transaction (shared with the other loops
   * that read the same batch and handle something in it). A batch with nothing this projector handles
   * costs no transaction: only the in-memory position moves.
   */
  const project = async (loop: Loop, batch: Batch) => {
    const last = positionOf(batch.events[batch.events.length - 1] as RecordedEvent);
    const relevant = batch.events.filter((event) => loop.handled.has(event.type));
    if (relevant.length === 0) {
      decide(batch);
      loop.position = last;
      progressed();
      return;
    }
    // What nobody waits for does not lengthen the transaction others wait for.
    const { awaitedOn } = loop.projector;
    const background = awaitedOn !== undefined && !relevant.some((event) => awaitedOn.includes(event.type));
    if (background) decide(batch);
    const together = background
      ? undefined
      : await new Promise<Push[] | undefined>((settle, fail) => decide(batch, { loop, relevant, settle, fail }));
    const pushes =
      together ??
      (await writing(() =>
        db.transaction(async (tx) => {
          await advanceCheckpoint(tx, loop.projector.name, loop.persisted as Position, last);
          return applyEvents(loop.projector, relevant, tx);
        }),
      ));
    loop.position = last;
    loop.persisted = last;
    loop.savedAt = Date.now();
    if (pushes.length > 0) options.onPush?.(pushes);
    progressed();
    return background;
  };

  /** Stores how far a loop got by stepping over events, once `checkpointEveryMs` has passed (or now). */
  const saveSkipped = async (loop: Loop, now: boolean) => {
    const { position, persisted } = loop;
    if (!position || !persisted || comparePositions(position, persisted) === 0) return;
    if (!now && Date.now() - loop.savedAt < checkpointEveryMs) return;
    try {
      await writing(() => advanceCheckpoint(db, loop.projector.name, persisted, position));
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
    while (!stopping) {
      try {
        const lock = await db.tryLock(key);
        if (lock) return lock;
        failures = 0;
      } catch (error) {
        failures++;
        log("taking the projector's lock failed; retrying", { projector: loop.projector.name, error: String(error) });
      }
      if (loop.state !== "standby") enter(loop, "standby");
      await Promise.race([
        sleep(failures > 0 ? Math.min(retryDelayMs * 2 ** (failures - 1), standbyRetryMs) : standbyRetryMs),
        stopped,
      ]);
    }
    return null;
  };

  /**
   * Runs a projector while this process holds its lock. The lock lives on a session of its own: when that
   * session ends (terminated, a restart, a network reset) another process may take the projector over at
   * once. So the lock is checked before each batch, and a checkpoint moved by someone else is the same
   * news, learnt later: either way the loop hands the projector back (standby, trying the lock again
   * later), stores nothing and marks nothing stalled. The compare-and-set on the checkpoint keeps a batch
   * from being applied twice meanwhile.
   */
  const run = async (loop: Loop) => {
    const { name } = loop.projector;
    while (!stopping) {
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
      enter(loop, "standby");
      await Promise.race([sleep(standbyRetryMs), stopped]);
    }
    enter(loop, "stopped");
  };

  const runHolding = async (loop: Loop, lock: Lock) => {
    const { name } = loop.projector;
    const checkpoint = await loadCheckpoint(db, name);
    // A restart is how an operator says "fixed, try again": a stalled projector resumes.
    loop.position = checkpoint.position;
    loop.persisted = checkpoint.position;
    loop.savedAt = Date.now();
    enter(loop, "running");
    let lost = false;
    try {
      let readFailures = 0;
      let heldBackReads = 0;
      while (!stopping) {
        if (!lock.held()) throw new LeaseLost(name);
        await saveSkipped(loop, false);
        const seen = announced;
        let batch: Batch;
        try {
          batch = await read(loop.position as Position);
          readFailures = 0;
        } catch (error) {
          // The database is unreachable, not the projector at fault: wait and read again, never stall.
          readFailures++;
          log("reading events failed; retrying", { projector: name, error: String(error) });
          await idle(Math.min(retryDelayMs * 2 ** (readFailures - 1), 5000));
          continue;
        }
        if (batch.events.length > 0) {
          try {
            // Nobody waits for that commit: let the next events gather a while, and apply them together.
            if (await project(loop, batch)) await Promise.race([sleep(backgroundBatchMs), stopped]);
          } catch (batchError) {
            if (batchError instanceof CheckpointMoved || !lock.held()) throw new LeaseLost(name);
            log("projection batch failed; retrying event by event", { projector: name, error: String(batchError) });
            const stalled = await projectOneByOne(loop, batch.events, lock);
            // Keep the lock while stalled, so another process does not take the projector over and fail
            // on the same event again: the stall lasts until this runner is restarted.
            if (stalled) await stopped;
          }
        }
        // A short batch, with nothing announced since it was read, is all there is for now: wait for the
        // next announcement (or the re-check) rather than read again to find nothing.
        if (batch.events.length < batchSize && announced === seen) {
          // Held back: look again soon (what a commit elsewhere takes, not a wake-up).
          if (heldBack(loop)) await idle(heldBackDelayMs(heldBackReads++, idlePollMs), loop);
          else {
            heldBackReads = 0;
            await idle(undefined, loop);
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
        enter(loop, "stopped");
      }
    }
  };

  /**
   * Narrows a failed batch to the event at fault; returns true when the projector stalled on it. A lost
   * lock or a database that cannot be reached is nobody's fault: the first ends the loop (LeaseLost), the
   * second is tried again without counting.
   */
  const projectOneByOne = async (loop: Loop, batch: RecordedEvent[], lock: Lock) => {
    for (const event of batch) {
      if (stopping) return false;
      for (let attempt = 1, faults = 0; ; ) {
        try {
          await project(loop, alone([event]));
          break;
        } catch (error) {
          if (stopping) return false;
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
            enter(loop, "stalled");
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

  const owned = () => [...loops.values()].filter((loop) => loop.state === "running" || loop.state === "stalled");

  return {
    start() {
      unlisten = db.listen(PROGRESS_CHANNEL, heard).catch((error: unknown) => {
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
      stopping = true;
      stop();
      unsubscribe();
      await (await unlisten)?.().catch(() => {});
      clearTimeout(poll);
      poll = undefined;
      for (const wake of [...wakers.keys()]) wake();
      await Promise.all([...loops.values()].map((loop) => loop.done));
    },

    /**
     * Resolves true once the named projectors (all by default) have projected `position`: what a command
     * awaits before it answers, so a GET right after it sees its effect. Resolves false when the time runs
     * out, or as soon as each of them has projected it or stalled before it: a stalled projector does not
     * hold answers back (/management/health reports it), but its read model will not show the command.
     *
     * Projectors run here answer the moment they commit (they announce every move); those run by another
     * process are seen through that process's announcements, or their stored checkpoints (`remotePollMs`).
     */
    waitFor(position: Position, names?: readonly string[], timeoutMs = options.waitTimeoutMs ?? 10_000) {
      const wanted = names ?? projectors.map((projector) => projector.name);
      /** Per projector run elsewhere, the stored checkpoint after which it has something to apply up to `position`. */
      const busyAfter = new Map<string, string>();
      /**
       * Another process stores a projector's progress over events it does not handle only now and then,
       * so a checkpoint behind `position` may still mean "nothing of mine up to there".
       */
      const nothingToApply = async (checkpoint: Checkpoint) => {
        const handles = loops.get(checkpoint.name)?.projector.handles;
        const stored = `${checkpoint.position.transactionId}:${checkpoint.position.globalPosition}`;
        if (!handles || busyAfter.get(checkpoint.name) === stored) return false;
        if (await source.anyOf(handles, checkpoint.position, position)) {
          busyAfter.set(checkpoint.name, stored);
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
              wakeLoop(loop);
              return { remote: false };
            }
            stalled = true;
          } else {
            const announced = remotePositions.get(name);
            if (!announced || !isAtOrAfter(announced, position)) remote.push(name);
          }
        }
        if (remote.length > 0) {
          askForProgress();
          if (!readStored) return { remote: true };
          const checkpoints = await loadCheckpoints(db, remote);
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
          progressListeners.delete(onProgress);
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
                const announcing = Date.now() - remoteHeardAt < ASK_EVERY_MS;
                remoteCheck = setTimeout(
                  () => {
                    remoteCheck = undefined;
                    check(true);
                  },
                  announcing ? announcedPollMs : remotePollMs,
                );
              }
            },
            (error: unknown) => finish(() => reject(error)),
          );
        };
        const onProgress = () => check(false);
        const deadline = setTimeout(() => finish(() => resolve(false)), timeoutMs);
        progressListeners.add(onProgress);
        // While the other processes' announcements flow (one heard within the last second), a wait settles on
        // them, and reads the stored checkpoints only at its re-check (a stall is not announced): reading
        // them first cost every command on an instance that runs no read model two statements (the
        // checkpoints, then whether anything it handles lies between them and the command's event), and
        // found them behind the event just appended every time.
        check(Date.now() - remoteHeardAt >= ASK_EVERY_MS);
      });
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
    // Waiters elsewhere may hold an announced position of the old read model: it starts again from nothing.
    await db
      .query(NOTIFY_PROGRESS, [PROGRESS_CHANNEL, `p:rebuild:${JSON.stringify({ [projector.name]: "0:0" })}`])
      .catch(() => {});
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
