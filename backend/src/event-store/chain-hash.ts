import { createHash } from "node:crypto";

/** The link before the first event. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * JSON with every object's keys in code-unit order and no spaces (RFC 8785's canonical form for the values
 * events hold): PostgreSQL's jsonb keeps its own key order, so the text as stored cannot be hashed as is.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
};

/** What one link covers: the event as stored (data and metadata as written, never upcast). */
export interface ChainedFields {
  type: string;
  stream: string;
  version: number;
  data: unknown;
  metadata: unknown;
}

/**
 * sha256, hex, of the previous link's hash, a line feed, and the canonical JSON of
 * `{ data, metadata, stream, type, version }`: an edit to any of them, or a removed or inserted event,
 * changes this link and so every link after it.
 */
export const chainHash = (previous: string, event: ChainedFields): string =>
  createHash("sha256")
    .update(
      `${previous}\n${canonicalJson({
        data: event.data,
        metadata: event.metadata,
        stream: event.stream,
        type: event.type,
        version: event.version,
      })}`,
    )
    .digest("hex");
