import { purchaseEventDefinitions } from "@el/domain/purchasing/index";
import { purchasePaymentHistoryProjector, purchasesProjector } from "@el/projections/purchasing/index";
import type { Feature } from "../feature";
import { cepRoutes } from "./cep-routes";
import { startPurchaseExpiry } from "./payment-settlement";
import { paymentStepRoutes } from "./payment-step-routes";
import { purchaseRoutes } from "./purchase-routes";
import { sandboxRoutes } from "./sandbox-routes";

/** Buying lessons: pre-order, checkout by card, debit, Pix or boleto, the gateway's notifications, the back office's purchases. */
export const purchasingFeature: Feature = {
  name: "purchasing",
  events: purchaseEventDefinitions,
  projectors: [purchasesProjector, purchasePaymentHistoryProjector],
  routes: async (app) => {
    // The bank's return and the sandbox issuer page post HTML forms (only these routes take them).
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    await app.register(purchaseRoutes);
    await app.register(sandboxRoutes);
    await app.register(paymentStepRoutes);
    await app.register(cepRoutes);
    startPurchaseExpiry(app, app.config.purchaseExpiryIntervalMs);
  },
};
