import { type PurchaseFilter, PurchaseTotalView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/** `GET api/purchases/totalAmount`: what the purchases in the filter paid, in reais, and how many were paid. */
export const getPurchaseTotal = async (filter: PurchaseFilter) =>
  PurchaseTotalView.parse(await api.get("api/purchases/totalAmount", { ...filter }));
