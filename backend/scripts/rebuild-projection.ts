/**
 * `npm run projections:rebuild -- <name>`: drops one read model and replays it from the first event, on
 * the database the backend is configured with (DATABASE_URL, else PGlite in DATA_DIR).
 * `npm run projections:rebuild -- <name> --blue-green`: builds the new version beside the live one and
 * switches to it once caught up, while a backend on PostgreSQL keeps answering (docs/architecture.md).
 */
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/database";
import { EventRegistry } from "../src/event-store";
import { features } from "../src/features";
import { rebuildReadModel, UnknownProjector } from "../src/projection-runner/rebuild";

const blueGreen = process.argv.includes("--blue-green");
const name = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
const projectors = features.flatMap((feature) => feature.projectors);
if (!name || !projectors.some((projector) => projector.name === name)) {
  console.error(
    name
      ? new UnknownProjector(
          name,
          projectors.map((projector) => projector.name),
        ).message
      : "usage: npm run projections:rebuild -- <name> [--blue-green]",
  );
  if (!name) console.error(`read models: ${projectors.map((projector) => projector.name).join(", ") || "(none)"}`);
  process.exit(name ? 1 : 2);
}

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `PGlite in ${config.dataDir}`;
console.log(`rebuilding ${name} on ${where}${blueGreen ? " (blue/green)" : ""}`);

// One line per second at most, and the last one.
let shownAt = 0;
let exitCode = 0;
try {
  await rebuildReadModel({
    db,
    registry: new EventRegistry().register(...features.flatMap((feature) => feature.events)),
    projectors,
    name,
    blueGreen,
    report: (line) => {
      const now = Date.now();
      if (now - shownAt < 1000 && !line.endsWith("done")) return;
      shownAt = now;
      console.log(line);
    },
  });
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);
