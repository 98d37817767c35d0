import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { announceSuccess, api } from "../../../lib/api";

/**
 * `PUT api/purchases/{id}/paid`: the administrator confirms a boleto or Pix paid outside the gateway's
 * notice; the server grants the credits once, however often it is asked.
 */
export const markPurchasePaid = async (id: number) => {
  const purchase = PurchaseView.optional().parse(
    await api.put(`api/purchases/${id}/paid`, undefined, { successAlert: false }),
  );
  announceSuccess({ key: "adminPurchasing.purchases.paid.done", param: String(id) });
  return purchase;
};
