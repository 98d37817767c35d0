import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./database";

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
const app = await buildApp({ config, db, logger: { level: process.env.LOG_LEVEL ?? "info" } });

const database = config.databaseUrl
  ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
  : `PGlite in ${config.dataDir}`;
await app.listen({
  port: config.port,
  host: config.host,
  listenTextResolver: (address) => `English Lessons listening on ${address} using ${database}`,
});

/** An orchestrator kills a process that has not stopped 10 s after its SIGTERM: this one gives up just before. */
const STOP_LIMIT_MS = 9_500;

let closing = false;
/**
 * Readiness DOWN, requests served a little longer while the proxy notices, then new ones refused with 503,
 * the ones in flight finished, sockets sent to reconnect elsewhere, projector locks released, exit 0.
 */
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, stopping`);
  const limit = setTimeout(() => {
    app.log.error(`still stopping ${STOP_LIMIT_MS} ms after ${signal}: exiting with what is still in flight`);
    process.exit(1);
  }, STOP_LIMIT_MS);
  limit.unref();
  await app.shutdown(Math.min(config.shutdownDrainMs, STOP_LIMIT_MS / 2));
  await db.close();
  app.log.info("stopped");
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
