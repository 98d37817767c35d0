/**
 * `npm run lgpd:encrypt-legacy -w backend`: the one-off LGPD migration. Seals the personal fields of the
 * events written before they were encrypted, and hashes the audit chain again from there (see
 * src/event-store/encrypt-legacy-events.ts). Run it once, with the backend stopped, on the database the backend
 * is configured with (DATABASE_URL, else PGlite in DATA_DIR); keep the printed old head with the deployment notes.
 */
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/database";
import { createAuditLog, encryptLegacyEvents, migrateEventStore } from "../src/event-store";

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
let exitCode = 0;
try {
  await migrateEventStore(db);
  const log = createAuditLog(db);
  await log.catchUp({ upTo: (await log.lastStored()) ?? undefined });
  const { sealed, headBefore, headAfter } = await encryptLegacyEvents(db);
  console.log(`${sealed} events written before encryption are sealed now`);
  if (sealed > 0) console.log(`audit chain head was ${headBefore}, is ${headAfter}`);
  const { brokenAt } = await log.verify();
  if (brokenAt) {
    exitCode = 1;
    console.log(`the audit chain does not hold at link ${brokenAt.link}`);
  }
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  await db.close();
}
process.exit(exitCode);
