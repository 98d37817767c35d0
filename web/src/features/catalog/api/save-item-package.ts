import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { api } from "../../../lib/api";

/** What the form sends: lessons in the pack and its price in reais (the server keeps centavos). */
export type ItemPackageInput = Omit<ItemPackageView, "id">;

export const createItemPackage = (input: ItemPackageInput) =>
  api.post<ItemPackageView | undefined>("api/item-packages", input);

/** `PUT api/item-packages` with the id in the body (spec section 7); `previous` tells when a 202's read shows the change. */
export const updateItemPackage = (previous: ItemPackageView, input: ItemPackageInput) =>
  api.put<ItemPackageView | undefined>("api/item-packages", { ...input, id: previous.id } satisfies ItemPackageView, {
    previous,
  });
