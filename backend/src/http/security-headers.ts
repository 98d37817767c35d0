import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { deviceFingerprintOf, GETNET_SANDBOX_URL } from "../integrations/payments/payment-gateway-from-config";

/** A CSP source, or one worked out for each answer. */
type Source = string | ((request: IncomingMessage, response: ServerResponse) => string);
type Directives = Record<string, Source[]>;

/** The CSP source of one inline `<script>` or `<style>` body: allowed by its digest, not by 'unsafe-inline'. */
const inlineSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const inlineSources = (texts: string[] = []) => (texts.length ? texts.map(inlineSource) : ["'none'"]);

/** The origin of an address, none for one that names no host (a relative `BASE_URL` is our own origin). */
const originsOf = (url: string | undefined): string[] => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/**
 * Where a debit's bank page may come from: the web app posts the card's authentication request into a frame
 * there. The sandbox's page is ours, at the public address; Getnet's at its host, plus any origins the operator
 * names in `GETNET_ISSUER_ORIGINS` (space-separated) for banks whose pages live elsewhere.
 */
const issuerSources = (app: FastifyInstance): string[] => {
  const own = originsOf(app.config.baseUrl);
  if (app.payments.name !== "getnet") return own;
  const env = app.config.gatewayEnv;
  const named = (env.GETNET_ISSUER_ORIGINS ?? "").split(/\s+/).flatMap(originsOf);
  return [...own, ...originsOf(env.GETNET_BASE_URL || GETNET_SANDBOX_URL), ...named];
};

/** Scripts from elsewhere: only the device fingerprint's tag, and only while Getnet sells. */
const fingerprintSources = (app: FastifyInstance): string[] =>
  app.payments.name === "getnet" ? originsOf(deviceFingerprintOf(app.config.gatewayEnv).scriptUrl) : [];

/** The public address says whether browsers reach us over TLS (a proxy in front may end it). */
const behindTls = (app: FastifyInstance) => app.config.baseUrl.startsWith("https:");

const policy = (app: FastifyInstance, directives: Directives): FastifyHelmetOptions["contentSecurityPolicy"] => ({
  useDefaults: false,
  directives: behindTls(app) ? { ...directives, "upgrade-insecure-requests": [] } : directives,
});

/**
 * A page of ours shown inside the web app's frame (the sandbox bank's page, the bank's return): nothing but
 * what it carries inline, named by digest, framed only by our own pages, its forms posting only to us.
 */
export const framedPageHelmet = (
  app: FastifyInstance,
  inline: { scripts?: string[]; styles?: string[] },
): FastifyHelmetOptions => ({
  contentSecurityPolicy: policy(app, {
    "default-src": ["'none'"],
    "base-uri": ["'none'"],
    "script-src": inlineSources(inline.scripts),
    "style-src": inlineSources(inline.styles),
    "form-action": ["'self'", ...originsOf(app.config.baseUrl)],
    "frame-ancestors": ["'self'"],
  }),
  xFrameOptions: { action: "sameorigin" },
});

/**
 * Security headers on every answer (`@fastify/helmet`), set in `onRequest` before any guard can refuse.
 * Scripts only from our own files (and the device fingerprint's tag while Getnet sells), never inline; `data:` images for the Pix QR code; frames and form posts
 * only to the debit's bank page; nobody frames the app; no referrer leaves it. HSTS and upgraded requests
 * only when the public address is https: over plain HTTP (local runs, the browser tests) they would break it.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const issuers = () => issuerSources(app).join(" ");
    const fingerprint = () => fingerprintSources(app).join(" ");
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: policy(app, {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "script-src": ["'self'", fingerprint],
        "script-src-attr": ["'none'"],
        // Styles cannot run code; helmet's default keeps inline ones, so a style attribute never breaks a screen.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        // Read on each answer: the payment gateway is decorated after this plugin is registered.
        "frame-src": ["'self'", issuers],
        "form-action": ["'self'", issuers],
        "frame-ancestors": ["'none'"],
      }),
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
      strictTransportSecurity: behindTls(app) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: "security-headers" },
);
