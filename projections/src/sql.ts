/**
 * The slice of a SQL database that read models and the event store need. Implemented by the backend
 * for PostgreSQL (`pg`) and for the embedded PGlite; parameters are always passed separately from the
 * text, never interpolated.
 */
export interface Sql {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[] }>;
}

export interface QueryOptions {
  /**
   * Keeps the statement prepared on each connection under this name, so PostgreSQL parses and plans it
   * once per connection instead of on every call. For hot statements on stable tables only: a prepared
   * `select *` breaks when its table is recreated with other columns.
   */
  prepareAs?: string;
}

export interface Database extends Sql {
  readonly kind: "pg" | "pglite";
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes an exclusive lock named `key` that lasts until `release` is called or the process dies
   * (a PostgreSQL advisory lock on a dedicated session). Resolves to null when someone else holds it.
   */
  tryLock(key: string): Promise<Lock | null>;
  /**
   * The sessions this process keeps open for itself (LISTEN, locks) and the pool: up, or lost and being
   * reopened. For the administrators' health details; absent where there is nothing to lose (PGlite).
   */
  connections?(): ConnectionHealth[];
  close(): Promise<void>;
}

export interface Lock {
  release: () => Promise<void>;
  /**
   * False once the lock may be lost: its session ended (terminated, restart, network reset) or failed its
   * last check. Free to call: it reads what the session last reported. A lost lock may already have been
   * taken by another process, so its holder stops what it guarded and takes it again with `tryLock`.
   */
  held: () => boolean;
}

export interface ConnectionHealth {
  /** What the session is for: "pool", "listen es_events", "lock projection:users"… */
  name: string;
  status: "UP" | "DOWN";
  /** How many times it was lost since the process started. */
  lost: number;
  lastError?: string;
}

/**
 * The database could not be reached or ended the session (PostgreSQL's classes 08 "connection exception"
 * and 57P "operator intervention", or the socket itself): the work is tried again, it is not at fault.
 */
export const isConnectionFault = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (/^08/.test(code) || /^57P0[1-3]$/.test(code))) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"].includes(code))
    return true;
  return (
    typeof message === "string" &&
    /Connection terminated|connection ended|Client has encountered a connection error|not queryable/i.test(message)
  );
};
