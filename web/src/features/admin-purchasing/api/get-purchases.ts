import { type PurchaseFilter, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "./page-query";

/** `GET api/purchases?page&size&sort&status&method&studentId&from&to` (administrators). */
export const getPurchases = async (filter: PurchaseFilter, query: PageQuery) =>
  pageOf(await api.getWithHeaders<unknown>("api/purchases", { ...filter, ...query }), PurchaseView);
