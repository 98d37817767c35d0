import { activeLevels, fetchLevels } from "../../../lib/catalog/catalog-api";

/** `GET api/levels`: only active levels are offered in forms (spec section 3). */
export const getActiveLevels = async () => activeLevels(await fetchLevels());
