import fp from "fastify-plugin";
import type { PaymentGateway } from "../integrations/payments/payment-gateway";
import { createSandboxGateway } from "../integrations/payments/sandbox-gateway";

declare module "fastify" {
  interface FastifyInstance {
    /** Where purchases are paid: the built-in sandbox unless Getnet is configured. */
    payments: PaymentGateway;
  }
}

export interface PaymentsPluginOptions {
  /** Replaces the gateway the configuration chooses (a test fixes or records what it answers). */
  payments?: PaymentGateway;
}

/** `app.payments`: the payment gateway the configuration chooses. */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, options) => {
    app.decorate("payments", options.payments ?? createSandboxGateway({ baseUrl: app.config.baseUrl }));
  },
  { name: "payments" },
);
