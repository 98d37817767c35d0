import { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/item-packages`: the packs on sale, the smallest first. */
export const fetchItemPackages = async (): Promise<ItemPackageView[]> =>
  z
    .array(ItemPackageView)
    .parse(await api.get("api/item-packages"))
    .sort((a, b) => a.amount - b.amount);
