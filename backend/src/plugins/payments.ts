import fp from "fastify-plugin";
import { type CepClient, createViaCepClient } from "../integrations/cep/via-cep";
import type { PaymentGateway } from "../integrations/payments/payment-gateway";
import { paymentGatewayFromEnv } from "../integrations/payments/payment-gateway-from-config";

declare module "fastify" {
  interface FastifyInstance {
    /** Where purchases are paid: the built-in sandbox unless Getnet is configured. */
    payments: PaymentGateway;
    /** Addresses by CEP (ViaCEP), for the checkout's address. */
    cep: CepClient;
  }
}

export interface PaymentsPluginOptions {
  /** Replaces the gateway the configuration chooses (a test fixes or records what it answers). */
  payments?: PaymentGateway;
  cep?: CepClient;
}

/** `app.payments` and `app.cep`: the payment gateway and the CEP service the configuration chooses. */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, options) => {
    app.decorate(
      "payments",
      options.payments ?? paymentGatewayFromEnv(app.config.gatewayEnv, app.config.baseUrl, () => app.clock.now()),
    );
    app.decorate("cep", options.cep ?? createViaCepClient({ baseUrl: app.config.viaCepUrl }));
  },
  { name: "payments" },
);
