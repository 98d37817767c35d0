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
  tryLock(key: string): Promise<{ release: () => Promise<void> } | null>;
  close(): Promise<void>;
}
