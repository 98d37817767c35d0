import { type PurchaseFilter, PurchaseTotalView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/**
 * `GET api/purchases/totalAmount`: what the purchases in the filter paid, in reais, and how many were paid;
 * with `replay`, as it stood at that replay's moment.
 */
export const getPurchaseTotal = async (filter: PurchaseFilter, replay?: string) =>
  PurchaseTotalView.parse(await api.get("api/purchases/totalAmount", { ...filter, ...(replay ? { replay } : {}) }));
