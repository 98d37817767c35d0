import { createGetnetGateway } from "./getnet-gateway";
import type { PaymentGateway } from "./payment-gateway";
import { createSandboxGateway } from "./sandbox-gateway";

export const GETNET_SANDBOX_URL = "https://api-sandbox.getnet.com.br";

const GETNET_REQUIRED = ["GETNET_CLIENT_ID", "GETNET_CLIENT_SECRET", "GETNET_SELLER_ID"] as const;

/**
 * Getnet when its credentials are configured (`GETNET_CLIENT_ID`, `GETNET_CLIENT_SECRET`, `GETNET_SELLER_ID`;
 * `GETNET_BASE_URL` defaults to Getnet's sandbox host, `GETNET_TIMEOUT_MS` to 10 s), otherwise the built-in
 * sandbox (`SANDBOX_PIX_KEY`, `PIX_MERCHANT_NAME`, `PIX_MERCHANT_CITY` optional). Only some of the Getnet
 * variables set is a mistake, refused at start rather than quietly selling through the sandbox.
 * `baseUrl` is this product's public address (the sandbox's issuer page lives there); `now` the business time
 * the sandbox's Pix and boletos expire by and its cards are checked against (Getnet keeps its own).
 */
export const paymentGatewayFromEnv = (
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  now: () => Date = () => new Date(),
): PaymentGateway => {
  const present = GETNET_REQUIRED.filter((name) => (env[name] ?? "").trim() !== "");
  if (present.length > 0 && present.length < GETNET_REQUIRED.length) {
    const missing = GETNET_REQUIRED.filter((name) => !present.includes(name));
    throw new Error(`Getnet is partly configured: set ${missing.join(", ")} too, or none of the GETNET_ variables`);
  }
  if (present.length === GETNET_REQUIRED.length) {
    const timeoutMs = env.GETNET_TIMEOUT_MS === undefined ? undefined : Number(env.GETNET_TIMEOUT_MS);
    if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
      throw new Error("GETNET_TIMEOUT_MS must be a whole number of milliseconds");
    }
    return createGetnetGateway({
      clientId: env.GETNET_CLIENT_ID ?? "",
      clientSecret: env.GETNET_CLIENT_SECRET ?? "",
      sellerId: env.GETNET_SELLER_ID ?? "",
      baseUrl: env.GETNET_BASE_URL || GETNET_SANDBOX_URL,
      timeoutMs,
    });
  }
  return createSandboxGateway({
    baseUrl,
    now,
    pixKey: env.SANDBOX_PIX_KEY || undefined,
    merchantName: env.PIX_MERCHANT_NAME || undefined,
    merchantCity: env.PIX_MERCHANT_CITY || undefined,
  });
};
