import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/**
 * `PUT api/purchases/{id}/paid`: the administrator confirms a boleto or Pix paid outside the gateway's
 * notice; the server grants the credits once, however often it is asked. `shown`: the purchase as the
 * list showed it, so that after a 202 its new state is awaited.
 */
export const markPurchasePaid = async (id: number, shown?: Pick<PurchaseView, "status">) =>
  PurchaseView.optional().parse(
    await api.put(`api/purchases/${id}/paid`, undefined, { previous: shown && { status: shown.status } }),
  );
