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

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, stopping`);
  await app.close();
  await db.close();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
