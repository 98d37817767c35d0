/**
 * `npm run audit:verify`: chains what is committed and not chained yet, then recomputes the whole audit chain
 * from the events as stored, on the database the backend is configured with (DATABASE_URL, else PGlite in
 * DATA_DIR; stop a PGlite-backed server first). Prints the head, or the first broken link, and exits 1 then.
 */
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/database";
import { createAuditLog, migrateEventStore } from "../src/event-store";

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `PGlite in ${config.dataDir}`;
console.log(`verifying the audit chain on ${where}`);

const position = (at: { transactionId: bigint; globalPosition: bigint }) => `${at.transactionId}:${at.globalPosition}`;
let exitCode = 0;
try {
  await migrateEventStore(db);
  const log = createAuditLog(db);
  // Everything stored when it started, once any transaction open elsewhere on the server lets it be chained.
  await log.catchUp({ upTo: (await log.lastStored()) ?? undefined });
  const { checked, head, brokenAt, unchained } = await log.verify();
  if (brokenAt) {
    exitCode = 1;
    console.log(
      `BROKEN at link ${brokenAt.link} (position ${position(brokenAt.position)}, ${brokenAt.streamId} version ${brokenAt.streamVersion}): ` +
        `stored ${brokenAt.stored}, recomputed ${brokenAt.expected}; ${checked} links before it hold`,
    );
  } else {
    console.log(
      `${checked} links hold; head ${head ? `${head.hash} at link ${head.link} (position ${position(head.position)})` : "none (no event)"}`,
    );
    if (unchained > 0) {
      exitCode = 1;
      console.log(`${unchained} events have no link (their link was removed, or another process is chaining them)`);
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  await db.close();
}
process.exit(exitCode);
