import { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../api";

/** `GET api/item-packages`: every package on sale (the API does not page them), fewest lessons first. */
export const getItemPackages = async () =>
  z
    .array(ItemPackageView)
    .parse(await api.get("api/item-packages"))
    .sort((a, b) => a.amount - b.amount || a.id - b.id);
