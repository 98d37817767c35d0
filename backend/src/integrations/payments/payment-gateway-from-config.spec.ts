import { describe, expect, it } from "vitest";
import { paymentGatewayFromEnv } from "./payment-gateway-from-config";

const getnet = { GETNET_CLIENT_ID: "id", GETNET_CLIENT_SECRET: "secret", GETNET_SELLER_ID: "seller" };

describe("payment gateway from the environment", () => {
  it("sells through the sandbox when nothing is configured", () => {
    const gateway = paymentGatewayFromEnv({}, "http://localhost:8080");
    expect(gateway.name).toBe("sandbox");
    expect(typeof gateway.pay).toBe("function");
  });

  it("sells through Getnet when its credentials are set, with no sandbox pay-now", () => {
    const gateway = paymentGatewayFromEnv(getnet, "http://localhost:8080");
    expect(gateway.name).toBe("getnet");
    expect(gateway.pay).toBeUndefined();
  });

  it("refuses a half-done Getnet configuration, naming what is missing", () => {
    expect(() => paymentGatewayFromEnv({ GETNET_CLIENT_ID: "id" }, "http://localhost")).toThrow(
      /GETNET_CLIENT_SECRET, GETNET_SELLER_ID/,
    );
    expect(() => paymentGatewayFromEnv({ ...getnet, GETNET_TIMEOUT_MS: "soon" }, "http://localhost")).toThrow(
      /GETNET_TIMEOUT_MS/,
    );
  });

  it("points the sandbox's debit redirect at this product's own issuer page", async () => {
    const gateway = paymentGatewayFromEnv({}, "https://aulas.example.com");
    const outcome = await gateway.startDebit(
      {
        orderId: "purchase-1",
        amountCents: 10_000,
        deviceId: "session",
        buyer: {
          customerId: "student-1",
          name: "Ana",
          email: "ana@example.com",
          cpf: "52998224725",
          address: {
            cep: "01001000",
            street: "Rua",
            number: "1",
            neighbourhood: "Sé",
            city: "SP",
            state: "SP",
            country: "BR",
          },
        },
      },
      { number: "4111111111111111", holderName: "ANA", expiryMonth: "12", expiryYear: "2099", cvc: "123" },
      "https://aulas.example.com/return",
    );
    expect(outcome).toMatchObject({ redirectUrl: "https://aulas.example.com/api/sandbox/issuer" });
  });
});
