import { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import { PaymentGatewayView, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/** `GET api/purchases/gateway`: whether the sandbox sells (its "pay now"), or Getnet with its device fingerprint. */
export const fetchPaymentGateway = async (): Promise<PaymentGatewayView> =>
  PaymentGatewayView.parse(await api.get("api/purchases/gateway"));

/** `GET api/purchases/buyer`: the CPF and address the last checkout kept on the student's record. */
export const fetchBuyerDetails = async (): Promise<BuyerDetailsView> =>
  BuyerDetailsView.parse(await api.get("api/purchases/buyer"));

/** `POST api/sandbox/purchases/{id}/pay`: the sandbox's payer pays this Pix or boleto; the push tells the rest. */
export const paySandboxPurchase = async (id: number) =>
  PurchaseView.parse(await api.post(`api/sandbox/purchases/${id}/pay`, undefined, { successAlert: false }));

/** `POST api/purchases/{id}/abandon`: gives up a debit the bank never answered (no credits, the coupon back). */
export const abandonDebit = async (id: number) =>
  PurchaseView.optional().parse(
    await api.post(`api/purchases/${id}/abandon`, undefined, {
      successAlert: false,
      previous: { status: "AWAIT_AUTHORIZATION" },
    }),
  );
