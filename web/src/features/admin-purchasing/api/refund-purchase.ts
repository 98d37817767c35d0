import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { announceSuccess, api } from "../../../lib/api";

/**
 * `POST api/purchases/{id}/refund`: takes back the credits the purchase gave. When the student already
 * spent them the server refuses (409 or 400) with a message in Portuguese, which the screen shows.
 */
export const refundPurchase = async (id: number) => {
  const purchase = PurchaseView.optional().parse(
    await api.post(`api/purchases/${id}/refund`, undefined, { successAlert: false }),
  );
  announceSuccess({ key: "adminPurchasing.purchases.refunded.done", param: String(id) });
  return purchase;
};
