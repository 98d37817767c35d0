import { emptyClusterDir } from "./harness";

/**
 * Builds the run's empty PGlite cluster before the workers start (after backend/test/global-setup.ts named the
 * run), so two files starting together copy one cluster instead of both running initdb.
 */
export const setup = async () => {
  await emptyClusterDir();
};
