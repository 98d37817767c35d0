import { type PurchaseFilter, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "../../../lib/page-query";

/**
 * `GET api/purchases?page&size&sort&status&method&studentId&from&to` (administrators); with `replay`, the
 * purchases as they stood at that replay's moment (auditors too).
 */
export const getPurchases = async (filter: PurchaseFilter, query: PageQuery, replay?: string) =>
  pageOf(
    await api.getWithHeaders<unknown>("api/purchases", { ...filter, ...query, ...(replay ? { replay } : {}) }),
    PurchaseView,
  );
