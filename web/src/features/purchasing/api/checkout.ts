import { type CheckoutBody, CheckoutResult } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/**
 * `POST api/purchases/checkout`. The key is one per checkout attempt: a retry of the same attempt after a
 * dropped connection answers the first result instead of charging twice.
 */
export const checkout = async (body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResult> =>
  // The order-result modal tells the outcome; a toast would say it twice.
  CheckoutResult.parse(await api.post("api/purchases/checkout", body, { successAlert: false, idempotencyKey }));
