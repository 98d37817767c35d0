import { rmSync } from "node:fs";
import { emptyClusterDir, preparedDataDir } from "./harness";

/**
 * Before the workers start (after backend/test/global-setup.ts named the run): builds the run's empty PGlite
 * cluster, so two files starting together do not both run initdb, and the run's prepared data folder, the product
 * started once on a copy of that cluster and stopped, so no journey's product runs the migrations and the seed
 * again. Its teardown removes the prepared folder (backend/test/global-setup.ts removes the empty cluster).
 */
export const setup = async () => {
  await emptyClusterDir();
  const prepared = await preparedDataDir();
  return () => rmSync(prepared, { recursive: true, force: true });
};
