import { seedCatalogAppends } from "@el/domain/catalog/index";
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
  try {
    const appended = await app.eventStore.appendMany(
      seedCatalogAppends().map(({ streamId, events }) => ({ streamId, events, expectedVersion: "no_stream" as const })),
      { commandId: "catalog-seed-v1", metadata: { userId: "system" } },
    );
    if (!appended.duplicate) app.log.info("catalogue seeded with the spec's levels, trails and packages");
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
  // Whoever seeded, the first requests to this instance see the catalogue.
  await app.projections.waitFor(await app.eventStore.head());
};
