import {
  itemPackageEventDefinitions,
  levelEventDefinitions,
  materialEventDefinitions,
  trailEventDefinitions,
} from "@el/domain/catalog/index";
import { catalogProjectors } from "@el/projections/catalog/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { creditsRoutes } from "./credits-routes";
import { itemPackagesRoutes } from "./item-packages-routes";
import { levelsRoutes } from "./levels-routes";
import { materialsRoutes } from "./materials-routes";
import { seedCatalog } from "./seed";
import { trailsRoutes } from "./trails-routes";

/** Levels, trails, materials and item packages, and the administrator's credit grant. */
export const catalogFeature: Feature = {
  name: "catalog",
  events: [
    ...levelEventDefinitions,
    ...trailEventDefinitions,
    ...materialEventDefinitions,
    ...itemPackageEventDefinitions,
  ],
  projectors: catalogProjectors,
  routes: async (app: FastifyInstance) => {
    await app.register(levelsRoutes);
    await app.register(trailsRoutes);
    await app.register(materialsRoutes);
    await app.register(itemPackagesRoutes);
    await app.register(creditsRoutes);
  },
  seed: seedCatalog,
};
