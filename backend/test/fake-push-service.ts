import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a browser's push service (and the browser behind it) on 127.0.0.1 (random port). Each
 * `subscribe()` makes what a browser makes: a P-256 key pair and a 16-byte auth secret, and an endpoint here.
 * A message posted to an endpoint is accepted (201) only if a real push service and browser would take it:
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<key>`, the JWT signed ES256 by that key, its `aud` the
 *   endpoint's origin, its `exp` in the future and within 24 h, its `sub` a `mailto:` or `https:` address;
 * - the payload `aes128gcm` (RFC 8188), sealed for this subscription (RFC 8291): the browser's private key and
 *   the sender's key in the record header give the ECDH secret, HKDF with the auth secret the key and nonce.
 * The payload is decrypted and kept; an endpoint marked `gone` answers 410 as a push service does for a
 * subscription the browser dropped.
 */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakePushService {
  /** `http://127.0.0.1:{port}`: what `PUSH_ENDPOINT_HOSTS` names to let the server post here. */
  origin: string;
  subscribe(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The endpoints that answer 410 Gone from now on. */
  gone: Set<string>;
  received: ReceivedPush[];
  /** Messages refused, with why (a wrong signature, a payload that does not open). */
  refused: { endpoint: string; reason: string }[];
  close(): Promise<void>;
}

const b64u = (bytes: Buffer) => bytes.toString("base64url");
const DAY_S = 24 * 60 * 60;

/** Checks the VAPID header; answers why it is wrong, or undefined. */
const vapidProblem = (authorization: string | undefined, endpoint: string): string | undefined => {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) return "no vapid authorization";
  const [header, claims, signature] = match[1].split(".") as [string, string, string];
  const point = Buffer.from(match[2], "base64url");
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 point";
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "bad signature";
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") return "not ES256";
  const jwt = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (jwt.aud !== new URL(endpoint).origin) return `aud ${jwt.aud}`;
  if (typeof jwt.exp !== "number" || jwt.exp <= now || jwt.exp > now + DAY_S) return "exp not within 24 h";
  if (!/^(mailto:|https:)/.test(jwt.sub ?? "")) return "no sub";
  return undefined;
};

/** Opens an aes128gcm body (one record) with the browser's private key and auth secret. */
const decrypt = (body: Buffer, browser: ReturnType<typeof createECDH>, authSecret: Buffer) => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = browser.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
};

export const startFakePushService = async (): Promise<FakePushService> => {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  let origin = "";
  let count = 0;
  const fake: FakePushService = {
    origin: "",
    subscribe: () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${++count}-${b64u(randomBytes(6))}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    gone: new Set(),
    received: [],
    refused: [],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint = `${origin}${request.url ?? ""}`;
      const answer = (status: number, reason?: string) => {
        if (reason) fake.refused.push({ endpoint, reason });
        response.writeHead(status).end();
      };
      const browser = browsers.get(endpoint);
      if (request.method !== "POST" || !browser) return answer(404, "unknown endpoint");
      if (fake.gone.has(endpoint)) return answer(410);
      const problem = vapidProblem(request.headers.authorization, endpoint);
      if (problem) return answer(403, problem);
      if (request.headers["content-encoding"] !== "aes128gcm") return answer(415, "not aes128gcm");
      if (!request.headers.ttl) return answer(400, "no TTL");
      try {
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth));
        fake.received.push({ endpoint, payload, headers: request.headers });
        answer(201);
      } catch (error) {
        answer(400, `payload does not open: ${String(error)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.origin = origin;
  return fake;
};
