/** The bearer token, kept in localStorage with "remember me", else in sessionStorage (spec section 7). */
export const TOKEN_KEY = "jhi-authenticationToken";

export const tokenStorage = {
  get: () => localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY),
  set: (token: string, rememberMe: boolean) => {
    tokenStorage.clear();
    (rememberMe ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  },
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  },
};

export interface FieldError {
  field: string;
  message: string;
}

/** A failed call: `messageKey` is the i18n key (or spec text) to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly fieldErrors: FieldError[] = [],
    readonly body?: unknown,
  ) {
    super(messageKey);
    this.name = "ApiError";
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** The session subscribes here: a 401 or 403 from any call clears it ('login.error.unauthorized'). */
export const onUnauthorized = (listener: UnauthorizedListener) => {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
};

/**
 * A success to tell the user: an i18n key (or a ready text), the one parameter its text may use
 * (`{{param}}`) and, from an answer that names several, those by name.
 */
export interface SuccessAlert {
  key: string;
  param?: string;
  params?: Record<string, string>;
}

type SuccessAlertListener = (alert: SuccessAlert) => void;
const successAlertListeners = new Set<SuccessAlertListener>();
/** The toast region subscribes here (spec section 8: success toasts). */
export const onSuccessAlert = (listener: SuccessAlertListener) => {
  successAlertListeners.add(listener);
  return () => successAlertListeners.delete(listener);
};
/** Tells the user something went well when no request said so. */
export const announceSuccess = (alert: SuccessAlert) => {
  for (const listener of successAlertListeners) listener(alert);
};

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * `X-app-params`: one percent-encoded value (an id, a login), or several as `name=value&…`, each part
 * percent-encoded (a raw `=` only separates a name from its value).
 */
export const alertParamsOf = (header: string | null): Pick<SuccessAlert, "param" | "params"> => {
  if (header === null || header === "") return {};
  if (!header.includes("=")) return { param: decoded(header) };
  const params = Object.fromEntries(
    header.split("&").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return [decoded(name), decoded(value.join("="))];
    }),
  );
  return { params };
};

const REQUEST_TIMEOUT_MS = 60_000;

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

export interface MutationOptions {
  /**
   * What a success tells the user: by default the `X-app-alert` key of the answer; a key of the caller's
   * own instead; `false` when the page itself shows the outcome, so it is not said twice.
   */
  successAlert?: string | false;
  /**
   * Sent as `Idempotency-Key`: the same key on the same request makes a retry (after a timeout or a
   * dropped connection) answer the first result instead of doing the change twice.
   */
  idempotencyKey?: string;
  /**
   * The resource as the screen showed it before this change. After a 202 its `Location` is read until it
   * shows something else; without it, until it answers at all (a creation).
   */
  previous?: unknown;
  /**
   * A 403 that answers the request itself (starting a conversation with someone the caller shares no lesson
   * with) rather than saying the session may not call it: the session goes on.
   */
  forbiddenIsAnswer?: boolean;
}

/**
 * A fresh key for one change the user asks for. `getRandomValues`, unlike `randomUUID`, also works on a
 * page served over plain HTTP from another host than localhost.
 */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** A query string's parameters; an array repeats its parameter (`sort=a,asc&sort=b,desc`). */
type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export const request = async <T>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Query; raw?: string } & MutationOptions = {},
): Promise<ApiResponse<T>> => {
  const url = new URL(path.startsWith("/") ? path : `/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const one of typeof value === "object" ? value : [value]) url.searchParams.append(key, String(one));
  }
  if (method === "GET") url.searchParams.set("cacheBuster", String(Date.now()));
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let body: string | undefined;
  if (options.raw !== undefined) {
    headers["Content-Type"] = "text/plain";
    body = options.raw;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new ApiError(0, "error.server.not.reachable");
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: string; fieldErrors?: FieldError[] };
    const isAccountProbe = path.replace(/^\//, "") === "api/account";
    if ((response.status === 401 && !isAccountProbe) || (response.status === 403 && !options.forbiddenIsAnswer)) {
      for (const listener of unauthorizedListeners) listener();
    }
    // The header is percent-encoded (a header carries ASCII only): decoded, it is the body's message.
    const header = response.headers.get("X-app-error");
    const key =
      (header === null ? undefined : decoded(header)) ??
      payload.message ??
      (response.status === 404 ? "error.url.not.found" : "error.unknown");
    throw new ApiError(response.status, key, payload.fieldErrors ?? [], data);
  }
  if (method !== "GET" && options.successAlert !== false) {
    const key = options.successAlert ?? response.headers.get("X-app-alert");
    if (key) announceSuccess({ key, ...alertParamsOf(response.headers.get("X-app-params")) });
  }
  const location = response.status === 202 ? locationOf(response.headers, data) : undefined;
  if (method !== "GET" && location) {
    return { data: (await readOnceShown(location, options.previous)) as T, headers: response.headers, status: 202 };
  }
  return { data: data as T, headers: response.headers, status: response.status };
};

const locationOf = (headers: Headers, data: unknown) => {
  const body = data as { location?: unknown } | undefined;
  return headers.get("Location") ?? (typeof body?.location === "string" ? body.location : undefined);
};

/**
 * How long to wait before each read of a 202's `Location`: about 5 s in all, as long as a save may keep
 * the user waiting. The server already waited for its read models before answering 202, so the first
 * read is not at once.
 */
const PENDING_READ_DELAYS_MS = [150, 300, 600, 1200, 2400];

const stillShows = (previous: unknown, read: unknown) =>
  typeof previous === "object" && previous !== null && typeof read === "object" && read !== null
    ? Object.entries(previous).every(
        ([field, value]) => JSON.stringify((read as Record<string, unknown>)[field]) === JSON.stringify(value),
      )
    : JSON.stringify(previous) === JSON.stringify(read);

/**
 * A 202 means the change is stored and the read models have not caught up: the change happened, so
 * nothing here may end in an error that would make the user send it again. Reads `location` until it
 * shows the change and answers that, or `undefined` when it did not within the wait; either way the
 * screen goes on as after a 200 or 201.
 */
const readOnceShown = async (location: string, previous: unknown): Promise<unknown> => {
  for (const delay of PENDING_READ_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const { data } = await request<unknown>("GET", location);
      if (previous === undefined || !stillShows(previous, data)) return data;
    } catch {
      // A 404 until the creation is projected, or a dropped connection: read again after the next delay.
    }
  }
  return undefined;
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * `post` and `put` answer the body of a 200 or 201; after a 202 (see `readOnceShown`), what the
 * `Location` shows once it shows the change, or `undefined`: a write the server may answer with 202
 * types its answer `T | undefined`.
 */
export const api = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }).then((response) => response.data),
  getWithHeaders: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, options?: MutationOptions) =>
    request<T>("POST", path, { ...options, body }).then((response) => response.data),
  put: <T>(path: string, body?: unknown, options?: MutationOptions) =>
    request<T>("PUT", path, { ...options, body }).then((response) => response.data),
  delete: <T>(path: string, options?: MutationOptions) =>
    request<T>("DELETE", path, options).then((response) => response.data),
};
