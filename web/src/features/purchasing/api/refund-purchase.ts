import { PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/**
 * `POST api/purchases/{id}/refund`: takes back the credits the purchase gave. When the student already
 * spent them the server refuses (409), and the screen shows why. `shown` as in `markPurchasePaid`.
 */
export const refundPurchase = async (id: number, shown?: Pick<PurchaseView, "status">) =>
  PurchaseView.optional().parse(
    await api.post(`api/purchases/${id}/refund`, undefined, { previous: shown && { status: shown.status } }),
  );
