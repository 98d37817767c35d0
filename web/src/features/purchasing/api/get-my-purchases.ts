import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/purchases/authenticatedUser`: the student's purchases, newest first. */
export const fetchMyPurchases = async (): Promise<PurchaseView[]> =>
  z.array(PurchaseView).parse(await api.get("api/purchases/authenticatedUser"));

/** One of the student's purchases, found in their list (there is no route for one). */
export const fetchMyPurchase = async (purchaseId: number): Promise<PurchaseView> => {
  const found = (await fetchMyPurchases()).find((purchase) => purchase.id === purchaseId);
  if (!found) throw new PurchaseNotFound(purchaseId);
  return found;
};

export class PurchaseNotFound extends Error {
  constructor(readonly purchaseId: number) {
    super(`Purchase ${purchaseId} is not among the student's`);
    this.name = "PurchaseNotFound";
  }
}
