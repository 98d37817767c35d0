import type { Position } from "@el/domain";
import type { Sql } from "../sql";

/**
 * Progress shared between processes. A command in a process that does not run a projector waits for
 * it by its position; reading the stored checkpoint every few ms for every waiting command costs the
 * database a query per waiter and turn, and a checkpoint is stored late for events a projector only
 * steps over. So the process that runs it announces each move (its position in memory: applied and
 * committed, or stepped over) while someone has asked in the last ten seconds, in one NOTIFY per turn,
 * and waiters settle on those announcements; the stored checkpoint remains their fallback.
 *
 * Where processes tell each other: `w:{instance}` asks the runners to announce (someone waits on them);
 * `p:{instance}:{json}` announces positions by projector.
 */
export const PROGRESS_CHANNEL = "es_projected";
/** How long a runner keeps announcing after someone asked; waiters ask again at most every second. */
const ANNOUNCE_FOR_MS = 10_000;
const ASK_EVERY_MS = 1000;
/** A NOTIFY is fleeting: its commit need not wait for the disk. One statement, one round trip. */
export const NOTIFY_PROGRESS = "select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";
const encodePosition = (position: Position) => `${position.transactionId}:${position.globalPosition}`;
const decodePosition = (text: unknown): Position | undefined => {
  const match = typeof text === "string" ? /^(\d+):(\d+)$/.exec(text) : null;
  return match ? { transactionId: BigInt(match[1] as string), globalPosition: BigInt(match[2] as string) } : undefined;
};

export interface ProgressOptions {
  db: Sql;
  /** Where the projectors this process runs stand now: what it announces. */
  running: () => Iterable<{ name: string; position: Position }>;
  /** Whether this process runs `name`: what others announce of it is then not news. */
  runsHere: (name: string) => boolean;
  stopping: () => boolean;
  /** Another process announced positions. */
  onHeard: () => void;
}

export const createProgress = (options: ProgressOptions) => {
  const { db } = options;
  const instance = Math.random().toString(36).slice(2, 10);
  let announceUntil = 0;
  const announcedPositions = new Map<string, string>();
  let announcing = false;
  let announceAgain = false;
  /** Announces the positions that moved since the last announcement, while someone asks for them. */
  const announce = (all = false) => {
    if (Date.now() > announceUntil || options.stopping()) return;
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
        for (const { name, position } of options.running()) {
          const at = encodePosition(position);
          if (announcedPositions.get(name) === at) continue;
          announcedPositions.set(name, at);
          moved[name] = at;
        }
        if (Object.keys(moved).length > 0)
          await db
            .query(NOTIFY_PROGRESS, [PROGRESS_CHANNEL, `p:${instance}:${JSON.stringify(moved)}`])
            .catch(() => announcedPositions.clear());
      } while (announceAgain && !options.stopping());
      announcing = false;
    });
  };

  /** What other processes announced of the projectors they run, and when they last did. */
  const remotePositions = new Map<string, Position>();
  let remoteHeardAt = 0;
  let askedAt = 0;
  /** Asks the other processes to announce, at most once a second. */
  const ask = () => {
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
      return announce(true);
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
      if (position && !options.runsHere(name)) remotePositions.set(name, position);
    }
    remoteHeardAt = Date.now();
    options.onHeard();
  };

  return {
    announce,
    ask,
    /** Handles one NOTIFY of `PROGRESS_CHANNEL` (an empty payload: the listening session was reopened). */
    heard,
    /** Where another process last said `name` stands. */
    remotePosition: (name: string) => remotePositions.get(name),
    /** Whether other processes' announcements flow: one was heard within the last second. */
    flowing: () => Date.now() - remoteHeardAt < ASK_EVERY_MS,
  };
};

export type Progress = ReturnType<typeof createProgress>;
