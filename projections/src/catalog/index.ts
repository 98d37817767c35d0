import { catalogLevelsProjector } from "./catalog-levels";
import { catalogMaterialsProjector } from "./catalog-materials";
import { catalogPackagesProjector } from "./catalog-packages";
import { catalogTrailsProjector } from "./catalog-trails";

export * from "./catalog-levels";
export * from "./catalog-materials";
export * from "./catalog-packages";
export * from "./catalog-trails";
export * from "./paging";

export const catalogProjectors = [
  catalogLevelsProjector,
  catalogTrailsProjector,
  catalogMaterialsProjector,
  catalogPackagesProjector,
];
