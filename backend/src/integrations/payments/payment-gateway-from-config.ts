import { createGetnetGateway } from "./getnet-gateway";
import type { PaymentGateway } from "./payment-gateway";
import { createSandboxGateway } from "./sandbox-gateway";

export const GETNET_SANDBOX_URL = "https://api-sandbox.getnet.com.br";

/** ThreatMetrix's tag, which Getnet's anti-fraud reads the device fingerprint from. */
export const DEVICE_FINGERPRINT_URL = "https://h.online-metrix.net/fp/tags.js";
/** Getnet's ThreatMetrix organisations: production's, and the one every other Getnet host scores with. */
const FINGERPRINT_ORG_IDS = { production: "k8vif92e", test: "1snn5n9w" } as const;
const GETNET_PRODUCTION_HOST = "api.getnet.com.br";

/**
 * The device fingerprint's tag while Getnet sells: `GETNET_FINGERPRINT_URL` (ThreatMetrix's `tags.js` by
 * default) and `GETNET_FINGERPRINT_ORG_ID` (Getnet's organisation for its production host, its test one for
 * any other). The browser loads `{scriptUrl}?org_id={orgId}&session_id={pre-order's session id}`.
 */
export const deviceFingerprintOf = (env: NodeJS.ProcessEnv) => {
  let production = false;
  try {
    production = new URL(env.GETNET_BASE_URL || GETNET_SANDBOX_URL).host === GETNET_PRODUCTION_HOST;
  } catch {
    production = false;
  }
  return {
    scriptUrl: env.GETNET_FINGERPRINT_URL || DEVICE_FINGERPRINT_URL,
    orgId: env.GETNET_FINGERPRINT_ORG_ID || (production ? FINGERPRINT_ORG_IDS.production : FINGERPRINT_ORG_IDS.test),
  };
};

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
