import { comparePositions, type Position } from "@el/domain";
import { seedCatalogAdditions, seedCatalogAppends } from "@el/domain/catalog/index";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { WrongExpectedVersion } from "../../event-store";

/**
 * Seeds the levels, trails and packs once, in one append under a fixed command id: a later start, or
 * another instance starting at the same moment, stores nothing. A catalogue that already has any of
 * these streams is left as it is.
 */
export const seedCatalog = async (
  app: Pick<FastifyInstance, "eventStore" | "projections"> & { log: Pick<FastifyBaseLogger, "info"> },
) => {
  const appends = seedCatalogAppends();
  let seededUpTo: Position | undefined;
  try {
    const appended = await app.eventStore.appendMany(
      appends.map(({ streamId, events }) => ({ streamId, events, expectedVersion: "no_stream" as const })),
      { commandId: "catalog-seed-v1", metadata: { userId: "system" } },
    );
    if (!appended.duplicate) app.log.info("catalogue seeded with the spec's levels, trails and packages");
    seededUpTo = appended.lastPosition;
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
    // Seeded without this command id: the seed's last stream ends where the seed's last event is.
    const lastStream = appends[appends.length - 1]?.streamId;
    seededUpTo = lastStream ? (await app.eventStore.readStream(lastStream)).at(-1) : undefined;
  }
  const added = await seedAdditions(app);
  if (added && (!seededUpTo || comparePositions(added, seededUpTo) > 0)) seededUpTo = added;
  // Whoever seeded, the first requests to this instance see the catalogue. (Not the store's head: an
  // unrelated transaction still open would hide the seed from it.)
  if (seededUpTo) await app.projections.waitFor(seededUpTo);
};

/**
 * The groups added to the seed after the first release (`seedCatalogAdditions`), for a catalogue an earlier
 * version seeded: stored once, under their own command id; a catalogue that already has them (seeded with
 * them, or by another instance a moment ago) is left as it is. Returns where they end, if they were stored.
 */
const seedAdditions = async (
  app: Pick<FastifyInstance, "eventStore"> & { log: Pick<FastifyBaseLogger, "info"> },
): Promise<Position | undefined> => {
  try {
    const appended = await app.eventStore.appendMany(
      seedCatalogAdditions().map(({ streamId, events }) => ({
        streamId,
        events,
        expectedVersion: "no_stream" as const,
      })),
      { commandId: "catalog-seed-v2", metadata: { userId: "system" } },
    );
    if (!appended.duplicate) app.log.info("catalogue seeded with the trail groups added since its first seed");
    return appended.lastPosition;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return undefined;
    throw error;
  }
};
