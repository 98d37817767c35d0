import type { Database, QueryOptions, Sql } from "@el/projections/sql";
import pg from "pg";

/**
 * A session stuck inside a transaction would hold back every subscriber (they only read below the
 * oldest running writer), so PostgreSQL ends such sessions after this long.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

export const createPgDatabase = (connectionString: string, options: { max?: number } = {}): Database => {
  const connection = {
    connectionString,
    options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 20 });
  pool.on("error", () => {
    // An idle client died (server restart, timeout); the pool replaces it on the next checkout.
  });
  const dedicated = new Set<pg.Client>();
  const statement = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    options?.prepareAs ? { name: options.prepareAs, text, values: params } : { text, values: params };

  const openDedicated = async () => {
    const client = new pg.Client(connection);
    client.on("error", () => {});
    await client.connect();
    dedicated.add(client);
    return client;
  };
  const closeDedicated = async (client: pg.Client) => {
    dedicated.delete(client);
    await client.end().catch(() => {});
  };

  return {
    kind: "pg",
    query: (text, params, options) => pool.query(statement(text, params, options)) as never,
    async transaction(work) {
      const client = await pool.connect();
      // The pool only listens for errors of idle clients: a session the server ends while it is checked
      // out (idle-in-transaction timeout, restart) would otherwise raise an unhandled 'error' and stop
      // the process. Such a client is broken, so it goes back to the pool to be discarded.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on("error", onError);
      try {
        await client.query("begin");
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
    async listen(channel, onNotify) {
      const client = await openDedicated();
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => closeDedicated(client);
    },
    async tryLock(key) {
      const client = await openDedicated();
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
        [key],
      );
      if (!rows[0]?.locked) {
        await closeDedicated(client);
        return null;
      }
      return { release: () => closeDedicated(client) };
    },
    async close() {
      await Promise.all([...dedicated].map(closeDedicated));
      await pool.end();
    },
  };
};
