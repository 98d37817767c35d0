import { randomUUID } from "node:crypto";
import type { Position } from "@el/domain";
import { laterOf } from "@el/domain";
import type { Database } from "@el/projections/sql";
import type { AppendedListener, AppendedStream, RemoteAppends } from "./contract";

/** How often a store tells the other processes on its database that it listens. */
const OTHERS_HELLO_MS = 20_000;
/** How long after it last heard another process a store stops sending wake-ups. */
const OTHERS_FORGOTTEN_MS = 60_000;
/** How long a store just started waits for the others to answer its hello before it counts itself alone. */
const OTHERS_ANSWER_MS = 5_000;
/**
 * At most one NOTIFY per interval, sent after every append it announces has committed. It runs in its own
 * transaction that does not wait for the disk: committing a NOTIFY takes a server-wide lock, and a lost
 * wake-up costs little since subscribers also re-check on a timer.
 */
const NOTIFY_INTERVAL_MS = 10;

export interface WakeUpOptions {
  /** How often this store says hello to the other processes (default 20 s). */
  othersHelloMs?: number;
  /** How long after it last heard another process it stops sending wake-ups (default 60 s). */
  othersForgottenMs?: number;
  /** How long after its first hello it waits for the others' answers before it counts itself alone (default 5 s). */
  othersAnswerMs?: number;
}

/**
 * The payload of a wake-up: `{instance}|{type},{type}…|{transactionId}:{globalPosition}`, who stored, what
 * when it fits (else nothing) and where the latest append stands.
 */
export const wakeUpPayload = (instance: string, types: ReadonlySet<string>, head: Position | undefined) => {
  const said = [...types].join(",");
  // A NOTIFY's payload is under 8,000 bytes; type names are identifiers, safe in its literal. Otherwise the
  // wake-up names nobody's types and wakes every subscriber.
  const sayable = types.size > 0 && said.length < 4_000 && [...types].every((type) => /^\w+$/.test(type));
  // The head lets a reader that woke and found nothing know the append is held back (a transaction still open
  // somewhere) and look again, rather than wait for its re-check.
  return `${instance}|${sayable ? said : ""}|${head ? `${head.transactionId}:${head.globalPosition}` : ""}`;
};

/** What a wake-up's payload says; a store before the head part sent `{instance}[|{types}]`. */
export const readWakeUp = (payload: string): { from: string; remote: RemoteAppends } => {
  const [from = "", types, head] = payload.split("|", 3);
  const match = /^(\d+):(\d+)$/.exec(head ?? "");
  return {
    from,
    remote: {
      ...(types ? { types: types.split(",") } : {}),
      ...(match
        ? { head: { transactionId: BigInt(match[1] as string), globalPosition: BigInt(match[2] as string) } }
        : {}),
    },
  };
};

export interface WakeUps {
  /** Wakes this process's listeners at once, and the other processes' with the next NOTIFY while there are any. */
  announce(local: readonly AppendedStream[]): void;
  onAppended(listener: AppendedListener): () => void;
  othersKnown(): boolean;
  close(): Promise<void>;
}

/**
 * Appends of this process wake its own subscribers at once; NOTIFY tells the other processes, while there
 * are any: every store says `hello:{instance}` when it starts and every 20 s (`othersHelloMs`), and one that
 * has heard no other process for a minute (`othersForgottenMs`) sends no NOTIFY (a lone server paid a
 * transaction and a server-wide lock per append for nobody). A store just started assumes others for that
 * long, so an instance is never left unwoken while it learns who is there; a missed wake-up costs a
 * subscriber's re-check, never an event.
 *
 * Every other process answers a store's first hello at once (`hello:{instance}:back`), so a store that heard
 * no answer within `othersAnswerMs` of saying it is alone, and knows it (`othersKnown`) without waiting a
 * minute.
 */
export const createWakeUps = async (db: Database, options: WakeUpOptions = {}): Promise<WakeUps> => {
  const othersHelloMs = options.othersHelloMs ?? OTHERS_HELLO_MS;
  const othersForgottenMs = options.othersForgottenMs ?? OTHERS_FORGOTTEN_MS;
  const othersAnswerMs = options.othersAnswerMs ?? OTHERS_ANSWER_MS;
  const listeners = new Set<AppendedListener>();
  const wakeListeners: AppendedListener = (local, remote) => {
    for (const listener of listeners) listener(local, remote);
  };
  const instance = randomUUID();
  const HELLO = `hello:${instance}`;
  let othersHeardAt = Number.NEGATIVE_INFINITY;
  // Until its hello has been out long enough for an answer, a store assumes others (reset once it is said).
  // Declared before the LISTEN: a hello can arrive with its answer, before the lines after it run.
  let saidHelloAt = Number.POSITIVE_INFINITY;
  const notifyOf = (payload: string) =>
    db.kind === "pg"
      ? `begin; set local synchronous_commit = off; select pg_notify('es_events', '${payload}'); commit`
      : `select pg_notify('es_events', '${payload}')`;
  const unlisten = await db.listen("es_events", (payload) => {
    const { from, remote } = readWakeUp(payload);
    if (from === instance || payload.startsWith(HELLO)) return;
    othersHeardAt = performance.now();
    if (payload.startsWith("hello:")) {
      if (!payload.endsWith(":back")) void db.query(notifyOf(`${HELLO}:back`)).catch(() => {});
      return;
    }
    if (remote.types || remote.head) wakeListeners(undefined, remote);
    else wakeListeners();
  });

  const othersKnown = () => {
    const now = performance.now();
    return now - othersHeardAt <= othersForgottenMs || now - saidHelloAt <= Math.min(othersForgottenMs, othersAnswerMs);
  };
  const sayHello = () => db.query(notifyOf(HELLO)).catch(() => {});
  await sayHello();
  // The answers' window opens once the hello is out, however long opening the LISTEN session took.
  saidHelloAt = performance.now();
  const hello = setInterval(sayHello, othersHelloMs);
  hello.unref();

  /** The types stored since the last wake-up sent, which the next one names, and the furthest append's position. */
  let typesToSay = new Set<string>();
  let headToSay: Position | undefined;
  let notifying: Promise<void> | undefined;
  let notifyScheduled = false;
  let notifiedAt = Number.NEGATIVE_INFINITY;
  // The first append after a quiet interval is announced at once (after this turn's other appends); the
  // ones that follow within the interval share the next NOTIFY. Another instance's commands wait on this
  // wake-up (its projectors, or this one's waiting on them): a NOTIFY held for the whole interval cost every
  // command of a two-instance deployment 10 ms.
  const announce = (local: readonly AppendedStream[]) => {
    wakeListeners(local);
    if (!othersKnown()) return;
    for (const { types, position } of local) {
      for (const type of types) typesToSay.add(type);
      headToSay = laterOf(headToSay, position);
    }
    if (notifyScheduled) return;
    notifyScheduled = true;
    const wait = notifiedAt + NOTIFY_INTERVAL_MS - performance.now();
    notifying = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve))).then(
      async () => {
        notifyScheduled = false;
        notifiedAt = performance.now();
        const [said, head] = [typesToSay, headToSay];
        typesToSay = new Set();
        headToSay = undefined;
        await db.query(notifyOf(wakeUpPayload(instance, said, head))).catch(() => {});
      },
    );
  };

  return {
    announce,
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    othersKnown,
    async close() {
      clearInterval(hello);
      listeners.clear();
      await notifying;
      await unlisten();
    },
  };
};
