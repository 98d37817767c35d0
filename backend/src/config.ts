import { randomBytes } from "node:crypto";
import path from "node:path";
import { pushEndpointHostsOf } from "@el/domain/push/push-endpoints";

export interface Config {
  port: number;
  host: string;
  /** Absent: the embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /**
   * Where socket.io's Redis Streams adapter carries pushes between instances (`REDIS_URL`); absent, they go
   * through PostgreSQL's NOTIFY. `REDIS_PREFIX` (default `el`) begins its stream's and keys' names, so that
   * deployments sharing one Redis stay apart.
   */
  redis?: { url: string; prefix: string };
  dataDir: string;
  jwtSecret: string;
  /** Absent: e-mails are written to `${dataDir}/outbox` and logged. */
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the web app, used in links sent by e-mail. */
  baseUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Where the built web app is; served when it exists. */
  webDist: string;
  /**
   * How long a command waits for the read models to show it before it answers anyway, saying they do
   * not yet (a 202 where its answer is read from them).
   */
  projectionWaitMs: number;
  /**
   * How far the read models may fall behind the writes a lone process answered before they showed them
   * (`PROJECTION_LAG_LIMIT_MS`, default 100): past it, its commands wait for them again until they catch up.
   */
  projectionLagLimitMs: number;
  /**
   * How many `/api` requests one process works on at once; past that, new ones are answered 503 with
   * Retry-After at once rather than queued behind the others.
   */
  maxInFlight: number;
  /**
   * How long a command that keeps losing races on its streams reads and decides again before it gives
   * up with a 503 (each retry after a short random pause).
   */
  commandRetryMs: number;
  /**
   * After `SIGTERM`, how long readiness answers DOWN while requests are still served (the proxy's next probe
   * moves traffic away) before new ones are refused with 503 (`SHUTDOWN_DRAIN_MS`, default 2 s with PostgreSQL,
   * none with the embedded PGlite, a single process).
   */
  shutdownDrainMs: number;
  /** How often each process looks for unpaid Pix and boletos past their time (the list itself is in PostgreSQL). */
  purchaseExpiryIntervalMs: number;
  /** How often each process looks for lesson e-mails that are due (`LESSON_MAIL_INTERVAL_MS`, default 30 s). */
  lessonMailIntervalMs: number;
  /** How often each process books the weekly series' occurrences coming within reach (`LESSON_SERIES_INTERVAL_MS`, default 60 s). */
  lessonSeriesIntervalMs: number;
  /**
   * How often each process looks for lesson requests whose teacher's time to answer is over
   * (`LESSON_REQUEST_INTERVAL_MS`, default 30 s).
   */
  lessonRequestIntervalMs: number;
  /**
   * How often each process sends the e-mail digests of messages unread for 15 minutes
   * (`MESSAGE_DIGEST_INTERVAL_MS`, default 60 s).
   */
  messageDigestIntervalMs: number;
  /**
   * The payment gateway's settings, as `paymentGatewayFromEnv` reads them: Getnet when `GETNET_CLIENT_ID`,
   * `GETNET_CLIENT_SECRET` and `GETNET_SELLER_ID` are set (`GETNET_BASE_URL`, `GETNET_TIMEOUT_MS`), else the
   * built-in sandbox (`SANDBOX_PIX_KEY`, `PIX_MERCHANT_NAME`, `PIX_MERCHANT_CITY`).
   */
  gatewayEnv: NodeJS.ProcessEnv;
  /** ViaCEP's address (`VIACEP_BASE_URL`, default https://viacep.com.br/ws). */
  viaCepUrl?: string;
  /** The bearer token Prometheus scrapes `/metrics` with (`METRICS_TOKEN`); administrators' tokens work too. */
  metricsToken?: string;
  /** One log line per request at info (`LOG_REQUESTS`, default true). */
  logRequests: boolean;
  /**
   * Which proxies may say who the client is with `X-Forwarded-For` (`TRUST_PROXY`): a hop count, or
   * comma-separated addresses and CIDRs; by default none, so a client cannot choose the address that
   * sign-in limits count.
   */
  trustProxy: TrustProxy;
  /** Sign-in with Google and Facebook: a provider is on when its client id and secret are both set. */
  oauth: { google?: OAuthProviderConfig; facebook?: OAuthProviderConfig };
  /** How long a replay to a moment is kept before it is dropped (`AUDIT_REPLAY_TTL_MS`, default 24 h). */
  auditReplayTtlMs: number;
  /** How often each process looks for Google Calendar events to make or delete (`MEETING_INTERVAL_MS`). */
  meetingIntervalMs: number;
  /**
   * The key teachers' Google refresh tokens are encrypted with at rest (`GOOGLE_TOKEN_KEY`, by default the
   * JWT secret): changing it makes the stored tokens unreadable, and teachers connect their calendar again.
   */
  googleTokenKey: string;
  /**
   * The VAPID key pair phone notifications are signed with (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, base64url)
   * and who sends them (`VAPID_SUBJECT`, a `mailto:` or `https:` address). Absent: a pair generated at the first
   * start and kept in `${dataDir}/vapid-keys.json`.
   */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** How often each process sends the phone notifications that are due (`PUSH_INTERVAL_MS`, default 30 s). */
  pushIntervalMs: number;
  /**
   * The push services a subscription may name (`PUSH_ENDPOINT_HOSTS`, comma-separated): hosts, `*.` for a
   * domain's subdomains, over https; or an origin such as `http://127.0.0.1:4500` (a local stand-in in tests).
   */
  pushEndpointHosts: string[];
}

/**
 * One identity provider's client (`GOOGLE_CLIENT_ID`/`_SECRET`, `FACEBOOK_CLIENT_ID`/`_SECRET`) and its
 * endpoints, overridable (`GOOGLE_AUTHORIZATION_URL`, `GOOGLE_TOKEN_URL`, `GOOGLE_ISSUER`,
 * `FACEBOOK_AUTHORIZATION_URL`, `FACEBOOK_TOKEN_URL`, `FACEBOOK_PROFILE_URL`) so tests reach a local mock.
 */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Google: who must have issued the ID token. Facebook: where the person's profile is read. */
  issuer?: string;
  profileUrl?: string;
  /** Google: the Calendar API (`GOOGLE_CALENDAR_API_URL`) and where a token is revoked (`GOOGLE_REVOKE_URL`). */
  calendarApiUrl?: string;
  revokeUrl?: string;
}

const oauthOf = (env: NodeJS.ProcessEnv): Config["oauth"] => {
  const client = (prefix: string) => {
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
    return clientId && clientSecret ? { clientId, clientSecret } : undefined;
  };
  const google = client("GOOGLE");
  const facebook = client("FACEBOOK");
  return {
    ...(google && {
      google: {
        ...google,
        authorizationUrl: env.GOOGLE_AUTHORIZATION_URL || "https://accounts.google.com/o/oauth2/v2/auth",
        tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
        issuer: env.GOOGLE_ISSUER || "https://accounts.google.com",
        calendarApiUrl: env.GOOGLE_CALENDAR_API_URL || "https://www.googleapis.com/calendar/v3",
        revokeUrl: env.GOOGLE_REVOKE_URL || "https://oauth2.googleapis.com/revoke",
      },
    }),
    ...(facebook && {
      facebook: {
        ...facebook,
        authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL || "https://www.facebook.com/v19.0/dialog/oauth",
        tokenUrl: env.FACEBOOK_TOKEN_URL || "https://graph.facebook.com/v19.0/oauth/access_token",
        profileUrl: env.FACEBOOK_PROFILE_URL || "https://graph.facebook.com/v19.0/me",
      },
    }),
  };
};

/** Addresses and CIDRs to trust, or whether to trust the `hop`-th address nearest the server. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** `TRUST_PROXY`: `1` (a hop count), `10.0.0.0/8,127.0.0.1` (proxies' addresses), or empty (trust nothing). */
export const trustProxyOf = (value: string | undefined): Config["trustProxy"] => {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "" || trimmed === "0" || trimmed === "false") return false;
  if (/^\d+$/.test(trimmed)) {
    // What fastify makes of a hop count, which its types do not take: the `hops` nearest addresses.
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  return trimmed
    .split(",")
    .map((address) => address.trim())
    .filter((address) => address !== "");
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 8080);
  // `npm start` runs in backend/: relative paths are taken from where the user typed the command.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? "./data");
  const jwtSecret = env.JWT_SECRET ?? randomBytes(32).toString("hex");
  return {
    port,
    // Local by default; a container sets HOST=0.0.0.0.
    host: env.HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    ...(env.REDIS_URL ? { redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX || "el" } } : {}),
    dataDir,
    // Without a configured secret, tokens are signed with a key that lives as long as the process.
    jwtSecret,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "English Lessons <no-reply@englishlessons.local>",
    baseUrl: env.BASE_URL ?? `http://localhost:${port}`,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: path.resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    projectionWaitMs: Number(env.PROJECTION_WAIT_MS ?? 10_000),
    projectionLagLimitMs: Number(env.PROJECTION_LAG_LIMIT_MS ?? 100),
    maxInFlight: Number(env.MAX_IN_FLIGHT ?? 32),
    commandRetryMs: Number(env.COMMAND_RETRY_MS ?? 3_000),
    // A lone embedded-database process has no other instance to send its traffic to: it need not wait.
    shutdownDrainMs: Number(env.SHUTDOWN_DRAIN_MS ?? (env.DATABASE_URL ? 2_000 : 0)),
    purchaseExpiryIntervalMs: Number(env.PURCHASE_EXPIRY_INTERVAL_MS ?? 30_000),
    lessonMailIntervalMs: Number(env.LESSON_MAIL_INTERVAL_MS ?? 30_000),
    lessonSeriesIntervalMs: Number(env.LESSON_SERIES_INTERVAL_MS ?? 60_000),
    lessonRequestIntervalMs: Number(env.LESSON_REQUEST_INTERVAL_MS ?? 30_000),
    messageDigestIntervalMs: Number(env.MESSAGE_DIGEST_INTERVAL_MS ?? 60_000),
    gatewayEnv: Object.fromEntries(
      Object.entries(env).filter(([name]) => /^(GETNET_|SANDBOX_PIX_KEY$|PIX_MERCHANT_)/.test(name)),
    ),
    viaCepUrl: env.VIACEP_BASE_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    logRequests: env.LOG_REQUESTS !== "false",
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    oauth: oauthOf(env),
    auditReplayTtlMs: Number(env.AUDIT_REPLAY_TTL_MS ?? 24 * 3_600_000),
    meetingIntervalMs: Number(env.MEETING_INTERVAL_MS ?? 30_000),
    googleTokenKey: env.GOOGLE_TOKEN_KEY || jwtSecret,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject:
        env.VAPID_SUBJECT || `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM ?? "")?.[1] ?? "no-reply@englishlessons.local"}`,
    },
    pushIntervalMs: Number(env.PUSH_INTERVAL_MS ?? 30_000),
    pushEndpointHosts: pushEndpointHostsOf(env.PUSH_ENDPOINT_HOSTS),
  };
};
