import type { ConnectionHealth, Database, QueryOptions, Sql } from "@el/projections/sql";
import pg from "pg";

/**
 * A session stuck inside a transaction would hold back every subscriber (they only read below the
 * oldest running writer), so PostgreSQL ends such sessions after this long.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/** A lost LISTEN session is opened again after this, doubling up to the maximum while it fails. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** How often a lock's session is asked whether it is still there (a silently dropped one answers nothing). */
const LOCK_CHECK_MS = 2_000;

/**
 * The statement was certainly not carried out: the session was ended before or while it ran (an ended
 * statement is rolled back; one that committed has had its answer sent before the session's end), or no
 * session could be opened. Only then is it sent again, on another session.
 */
const neverRan = (error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "57P01" || code === "57P02" || code === "57P03" || code === "ECONNREFUSED";
};
/** Pauses before each further attempt of a statement that never ran: a restart takes a few seconds. */
const RETRY_DELAYS_MS = [20, 100, 300];
/**
 * The server had no session to give (`too_many_connections`: every slot taken, by this process's pools or by
 * others): the statement never ran either, and a slot frees as soon as any session ends, so opening is tried
 * again for a few seconds, further apart, before the request fails.
 */
const TOO_MANY_CONNECTIONS = "53300";
const serverFull = (error: unknown) => (error as { code?: unknown } | undefined)?.code === TOO_MANY_CONNECTIONS;
const FULL_SERVER_DELAYS_MS = [50, 200, 500, 1_000, 1_500, 2_000];

const retried = async <T>(attempt: () => Promise<T>): Promise<T> => {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const full = serverFull(error);
      const delay = (full ? FULL_SERVER_DELAYS_MS : RETRY_DELAYS_MS)[retry];
      if (delay === undefined || !(full || neverRan(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};

/**
 * Opens a session of its own (`new pg.Client` each attempt: a client that failed to connect cannot be
 * used again), waiting a few seconds for a slot when the server has none left, as `retried` does.
 */
export const connectClient = async (open: () => pg.Client): Promise<pg.Client> => {
  for (let retry = 0; ; retry++) {
    const client = open();
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.end().catch(() => {});
      const delay = FULL_SERVER_DELAYS_MS[retry];
      if (delay === undefined || !serverFull(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};

export const createPgDatabase = (
  connectionString: string,
  options: { max?: number; reconnectFirstMs?: number; lockCheckMs?: number } = {},
): Database => {
  const connection = {
    connectionString,
    options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
    // A peer that vanished without a reset (a firewall dropping the session) is noticed by the kernel.
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  };
  const reconnectFirstMs = options.reconnectFirstMs ?? RECONNECT_FIRST_MS;
  const lockCheckMs = options.lockCheckMs ?? LOCK_CHECK_MS;
  const pool = new pg.Pool({ ...connection, max: options.max ?? 20 });
  const poolHealth: ConnectionHealth = { name: "pool", status: "UP", lost: 0 };
  const sessions = new Set<ConnectionHealth>();
  pool.on("error", (error) => {
    // An idle client died (terminated, server restart, network reset); the pool opens a new one on the
    // next checkout.
    poolHealth.lost++;
    poolHealth.lastError = String(error);
  });
  /**
   * A client of the pool with `onError` listening from the moment the pool hands it over. Awaiting
   * `pool.connect()` would attach it a microtask later, but the pool hands a client over while the answer of
   * its previous statement is being read, and a message read right after it from the same packet (a restart's
   * "terminating connection due to administrator command") was emitted with nobody listening: an uncaught
   * exception that stops the process.
   */
  const checkOut = (onError: (error: Error) => void) =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      pool.connect((error, client) => {
        if (error || !client) return reject(error);
        client.on("error", onError);
        resolve(client);
      });
    });
  const dedicated = new Set<pg.Client>();
  let closing = false;
  const statement = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    options?.prepareAs ? { name: options.prepareAs, text, values: params } : { text, values: params };

  /**
   * A session of its own, outside the pool. `onLost` is called once when it ends for any reason but
   * `closeDedicated` (error and end both arrive when the server terminates it).
   */
  const openDedicated = async (onLost: (error: unknown) => void = () => {}) => {
    let lost = false;
    let opened: pg.Client | undefined;
    const lose = (which: pg.Client, error: unknown) => {
      if (lost || which !== opened || !dedicated.has(which)) return;
      lost = true;
      dedicated.delete(which);
      which.end().catch(() => {});
      onLost(error);
    };
    const client = await connectClient(() => {
      const opening = new pg.Client(connection);
      // Without a listener an ended session's 'error' would stop the process.
      opening.on("error", (error) => lose(opening, error));
      opening.on("end", () => lose(opening, new Error("connection ended")));
      return opening;
    });
    opened = client;
    if (closing) {
      await client.end().catch(() => {});
      throw new Error("the database is closing");
    }
    dedicated.add(client);
    return client;
  };
  const closeDedicated = async (client: pg.Client) => {
    dedicated.delete(client);
    await client.end().catch(() => {});
  };

  /** The session the locks live on, with what each of them does when it is lost. */
  interface LockSession {
    /** A statement on the session once the ones before it answered (a client runs one at a time). */
    query: <R extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<pg.QueryResult<R>>;
    locks: Set<(error: unknown) => void>;
    alive: boolean;
    drop: (error: unknown) => void;
  }
  const heldKeys = new Set<string>();
  let lockSession: Promise<LockSession> | undefined;
  const lockSessionOf = () => {
    if (lockSession) return lockSession;
    let check: ReturnType<typeof setInterval> | undefined;
    let session: LockSession | undefined;
    const opening: Promise<LockSession> = openDedicated((error) => session?.drop(error)).then((client) => {
      let last: Promise<unknown> = Promise.resolve();
      const opened: LockSession = {
        query: <R extends pg.QueryResultRow>(text: string, params?: unknown[]) => {
          const next = last.then(() => client.query<R>(text, params));
          last = next.catch(() => {});
          return next;
        },
        locks: new Set(),
        alive: true,
        drop: (error) => {
          if (!opened.alive) return;
          opened.alive = false;
          clearInterval(check);
          if (lockSession === opening) lockSession = undefined;
          for (const lose of opened.locks) lose(error);
          opened.locks.clear();
          void closeDedicated(client);
        },
      };
      session = opened;
      let checking = false;
      check = setInterval(() => {
        if (checking || !opened.alive) return;
        checking = true;
        const timeout = setTimeout(() => opened.drop(new Error("the lock's session did not answer")), lockCheckMs);
        opened
          .query("select 1")
          .then(
            () => {},
            (error: unknown) => opened.drop(error),
          )
          .finally(() => {
            clearTimeout(timeout);
            checking = false;
          });
      }, lockCheckMs);
      check.unref?.();
      return opened;
    });
    opening.catch(() => {
      if (lockSession === opening) lockSession = undefined;
    });
    lockSession = opening;
    return opening;
  };

  return {
    kind: "pg",
    query: (text, params, options) => retried(() => pool.query(statement(text, params, options))) as never,
    async transaction(work) {
      // The pool only listens for errors of idle clients: a session the server ends while it is checked
      // out (idle-in-transaction timeout, restart) would otherwise raise an unhandled 'error' and stop
      // the process. Such a client is broken, so it goes back to the pool to be discarded.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
        poolHealth.lost++;
        poolHealth.lastError = String(error);
      };
      // Only the opening is tried again: once `work` has run, the caller decides what a failure means.
      const client = await retried(async () => {
        broken = undefined;
        const opened = await checkOut(onError);
        try {
          await opened.query("begin");
          return opened;
        } catch (error) {
          opened.off("error", onError);
          opened.release(error as Error);
          // A session ended as it was handed over fails `begin` as "not queryable": the ending (57P01) says
          // that nothing ran, so the opening is tried again.
          throw broken ?? error;
        }
      });
      try {
        const tx: Sql = { query: (text, params, options) => client.query(statement(text, params, options)) as never };
        const result = await work(tx);
        await client.query("commit");
        return result;
      } catch (error) {
        if (!broken) await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.off("error", onError);
        client.release(broken);
      }
    },
    /**
     * A session that LISTENs, opened again with backoff whenever it is lost. The NOTIFYs sent while it
     * was away are gone, so each reopening calls `onNotify("")`: a wake-up that makes readers look.
     */
    async listen(channel, onNotify) {
      const health: ConnectionHealth = { name: `listen ${channel}`, status: "DOWN", lost: 0 };
      sessions.add(health);
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let failures = 0;
      const open = async () => {
        const opened = await openDedicated((error) => {
          if (client !== opened) return;
          client = undefined;
          health.status = "DOWN";
          health.lost++;
          health.lastError = String(error);
          if (!stopped && !closing) reopen();
        });
        client = opened;
        opened.on("notification", (message) => {
          if (message.channel === channel) onNotify(message.payload ?? "");
        });
        await opened.query(`listen ${pg.escapeIdentifier(channel)}`);
        health.status = "UP";
        failures = 0;
      };
      const reopen = () => {
        if (retry) return;
        const delay = Math.min(reconnectFirstMs * 2 ** failures, RECONNECT_MAX_MS);
        failures++;
        retry = setTimeout(() => {
          retry = undefined;
          if (stopped || closing) return;
          open().then(
            () => onNotify(""),
            (error: unknown) => {
              health.lastError = String(error);
              if (client) void closeDedicated(client);
              client = undefined;
              if (!stopped && !closing) reopen();
            },
          );
        }, delay);
      };
      await open();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        sessions.delete(health);
        if (client) await closeDedicated(client);
      };
    },
    /**
     * An advisory lock, held on the one session this process keeps for its locks (a session per lock cost
     * PostgreSQL a backend per projector: 17 of an app's 30 sessions). Every lock lasts as long as that
     * session: when it ends (terminated, restart, network reset) each is free for another process, so its
     * `held` turns false at once, and a check every few seconds notices a session that went silent; the next
     * `tryLock` opens a new session. A key this process already holds is not taken twice (PostgreSQL's
     * advisory locks would stack on the same session).
     */
    async tryLock(key) {
      if (heldKeys.has(key)) return null;
      heldKeys.add(key);
      try {
        const session = await lockSessionOf();
        const { rows } = await session.query<{ locked: boolean }>(
          "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
          [key],
        );
        if (!rows[0]?.locked) {
          heldKeys.delete(key);
          return null;
        }
        const health: ConnectionHealth = { name: `lock ${key}`, status: "UP", lost: 0 };
        let held = session.alive;
        const lose = (error: unknown) => {
          if (!held) return;
          held = false;
          heldKeys.delete(key);
          health.status = "DOWN";
          health.lost++;
          health.lastError = String(error);
        };
        if (!held) lose(new Error("the lock's session ended"));
        else session.locks.add(lose);
        sessions.add(health);
        return {
          held: () => held,
          release: async () => {
            sessions.delete(health);
            if (!held) return;
            held = false;
            heldKeys.delete(key);
            session.locks.delete(lose);
            await session
              .query("select pg_advisory_unlock(hashtextextended($1, 0))", [key])
              .catch(() => session.drop(new Error("the lock's session failed to unlock")));
          },
        };
      } catch (error) {
        heldKeys.delete(key);
        throw error;
      }
    },
    connections: () => [{ ...poolHealth }, ...[...sessions].map((session) => ({ ...session }))],
    async close() {
      closing = true;
      await Promise.all([...dedicated].map(closeDedicated));
      await pool.end();
    },
  };
};
