import { PurchasePaymentView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/** `GET api/purchases/{id}/payment`: the gateway's reference and the statuses the purchase went through. */
export const getPurchasePayment = async (id: number) =>
  PurchasePaymentView.parse(await api.get(`api/purchases/${id}/payment`));
