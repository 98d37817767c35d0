/**
 * Which push services the server posts to. A browser's subscription names its push service's address, and the
 * server posts there: left open, anyone could make it post to an address of its private network. So only the
 * browsers' own push services are taken (`PUSH_ENDPOINT_HOSTS`, comma-separated), each entry either
 * - a host (`fcm.googleapis.com`), or `*.` and a domain for any host under it (`*.notify.windows.com`), reached
 *   over https on its default port, or
 * - an origin (`http://127.0.0.1:4500`), that scheme, host and port alone: a local stand-in in tests.
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
  "*.push.apple.com",
] as const;

/** Why an endpoint is refused: not https, or not a known push service. */
export type PushEndpointProblem = "insecure" | "unknownService";

const hostMatches = (pattern: string, hostname: string) =>
  pattern.startsWith("*.") ? hostname.endsWith(pattern.slice(1)) : hostname === pattern;

/** The entries as configured: trimmed, lower-case, empty ones dropped. */
export const pushEndpointHostsOf = (text: string | undefined): string[] =>
  text === undefined || text.trim() === ""
    ? [...DEFAULT_PUSH_ENDPOINT_HOSTS]
    : text
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== "");

/** Why the server must not post to `endpoint`, or undefined when it is one of the `allowed` push services. */
export const pushEndpointProblem = (endpoint: string, allowed: readonly string[]): PushEndpointProblem | undefined => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "unknownService";
  }
  if (url.username !== "" || url.password !== "") return "unknownService";
  if (allowed.some((entry) => entry.includes("://") && entry.replace(/\/$/, "") === url.origin)) return undefined;
  if (url.protocol !== "https:") return "insecure";
  const hosts = allowed.filter((entry) => !entry.includes("://"));
  return url.port === "" && hosts.some((pattern) => hostMatches(pattern, url.hostname)) ? undefined : "unknownService";
};
