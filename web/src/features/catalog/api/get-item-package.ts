import { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { api } from "../../../lib/api";

export const getItemPackage = async (id: number) => ItemPackageView.parse(await api.get(`api/item-packages/${id}`));
