import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

export const getPurchase = async (id: number) => PurchaseView.parse(await api.get(`api/purchases/${id}`));
