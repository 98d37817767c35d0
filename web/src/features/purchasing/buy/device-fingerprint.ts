import type { PaymentGatewayView } from "@el/domain/purchasing/purchase-views";
import { useEffect } from "react";

/** The tag's address for one pre-order: Getnet's organisation and the session id the checkout sends as `device_id`. */
export const fingerprintScriptUrl = (
  fingerprint: NonNullable<PaymentGatewayView["fingerprint"]>,
  sessionId: string,
) => {
  const url = new URL(fingerprint.scriptUrl);
  url.searchParams.set("org_id", fingerprint.orgId);
  url.searchParams.set("session_id", sessionId);
  return url.href;
};

/**
 * While Getnet sells, the anti-fraud tag (ThreatMetrix `tags.js`) is loaded with the pre-order's session id as
 * soon as the pre-order answers; the checkout goes 5 seconds later (CHECKOUT_DELAY_MS) with the same id. The
 * sandbox takes no fingerprint: nothing is loaded then.
 */
export const useDeviceFingerprint = (fingerprint: PaymentGatewayView["fingerprint"], sessionId: string | null) => {
  const src = fingerprint && sessionId ? fingerprintScriptUrl(fingerprint, sessionId) : null;
  useEffect(() => {
    if (src === null) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.deviceFingerprint = "";
    document.body.appendChild(script);
    return () => script.remove();
  }, [src]);
};
