/**
 * `npm run projections:skip -- <name> --reason "…" --by <who>`: steps a stalled projector over the event
 * it is stalled on, recording who decided it and why, on the database the backend is configured with
 * (DATABASE_URL, else PGlite in DATA_DIR). The projector resumes when the backend is restarted.
 */
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/database";
import { features } from "../src/features";
import { UnknownProjector } from "../src/projection-runner/rebuild";
import {
  NotStalled,
  parseSkipArguments,
  SKIP_USAGE,
  skippedLine,
  skipStalledEvent,
} from "../src/projection-runner/skip";

const projectors = features.flatMap((feature) => feature.projectors);
const parsed = parseSkipArguments(process.argv.slice(2));
if ("error" in parsed) {
  console.error(parsed.error);
  console.error(SKIP_USAGE);
  console.error(`read models: ${projectors.map((projector) => projector.name).join(", ") || "(none)"}`);
  process.exit(2);
}

if (!projectors.some((projector) => projector.name === parsed.name)) {
  console.error(
    new UnknownProjector(
      parsed.name,
      projectors.map((projector) => projector.name),
    ).message,
  );
  process.exit(1);
}

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `PGlite in ${config.dataDir}`;
console.log(`skipping the event ${parsed.name} is stalled on, on ${where}`);

let exitCode = 0;
try {
  const skipped = await skipStalledEvent({ db, projectors, ...parsed });
  console.log(skippedLine(parsed.name, skipped));
} catch (error) {
  // The expected refusals are told in one line; anything else with its stack.
  console.error(error instanceof UnknownProjector || error instanceof NotStalled ? error.message : error);
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);
